import BenchSupport
import DBusKit
import Foundation
import SceneBusContract
import SceneProcesses

/// Issue 14's speed targets, against one release `scene-host` with `Benchmarks/Config/text-and-focus.yaml`
/// (a 10,000-character label, an empty text field and the controls row), its accessibility bus a bus
/// daemon started for the section where HostBench plays the registry and the assistive tool:
///
/// 1. `Text.GetText(0, -1)` of the 10,000-character label and 2. `EditableText.InsertText` of one
///    character into the field (each followed, untimed, by the `DeleteText` that takes it out again, so
///    the text never grows): median ≤ 2× a bare `Peer.Ping` to the host's connection on the
///    accessibility bus, all three interleaved in blocks on one connection;
/// 3. a focus move: `Host1.SendKey("tab")` sent on the host's own bus (no reply asked) to the
///    `Focus` event reaching a client listening on the accessibility bus, median ≤ 2× a `Peer.Ping`
///    round trip on the accessibility bus, interleaved in blocks.
@MainActor
func runAccessibilityTextSection(sceneHost: String, quick: Bool, standalone: Bool) throws {
    let report = Report.shared
    if standalone { report.heading("Accessibility (AT-SPI2): text and focus") }
    let accessibilityBus = try BusDaemon()
    defer { accessibilityBus.stop() }
    let registry = try AtspiRegistryStandIn(address: accessibilityBus.address)
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    let configuration = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Config/text-and-focus.yaml")
        .standardized.path
    let hostBus = try BusDaemon()
    defer { hostBus.stop() }
    let host = try startHost(sceneHost, ["--bus", hostBus.address, "--config", configuration], runtime: runtime, accessibilityBus: accessibilityBus.address)
    defer { host.stop() }
    try registry.waitForApplications(1, timeout: 30)
    let client = try AtspiBenchClient(address: accessibilityBus.address, application: registry.applications[0])

    let window = try client.child(of: AtspiBenchClient.rootPath, at: 0)
    var paths: [String: ObjectPath] = [:]
    for child in try client.children(of: window) { paths[try client.accessibleID(of: child)] = child }
    guard let label = paths["long-label"], let field = paths["field"] else {
        throw BenchError("the text-and-focus window has no long-label or field (found \(paths.keys.sorted()))")
    }
    guard try client.text(label) == 10_000 else { throw BenchError("GetText of long-label did not answer 10,000 characters") }

    report.line("### Text and focus\n")
    report.line("`Benchmarks/Config/text-and-focus.yaml`: one window with a label of 10,000 characters (`long-label`), an empty text field (`field`) and the controls row (slider, switch, grow button), over 100 plain views; `accessibility: on`, the accessibility bus a bus daemon of the section where HostBench answers `Socket.Embed` and calls as an assistive tool, with DBusKit's blocking calls.\n")
    try measureText(client, label: label, field: field, blocks: quick ? 4 : 10, perBlock: quick ? 200 : 500)
    try measureFocus(client, hostBus: hostBus.address, accessibilityBus: accessibilityBus.address, blocks: quick ? 4 : 10, perBlock: quick ? 50 : 100)
}

// MARK: 1, 2. Text

@MainActor
private func measureText(_ client: AtspiBenchClient, label: ObjectPath, field: ObjectPath, blocks: Int, perBlock: Int) throws {
    let report = Report.shared
    report.progress("accessibility: GetText and InsertText")
    func insertAndRemove() throws -> Double {
        let start = Clock.monotonic()
        guard try client.insertText(field, at: 0, "x") else { throw BenchError("InsertText into the field answered false") }
        let elapsed = Double(Clock.monotonic() - start) / 1e3
        guard try client.deleteText(field, from: 0, to: 1) else { throw BenchError("DeleteText in the field answered false") }
        return elapsed
    }
    for _ in 0..<200 {
        try client.ping()
        _ = try client.text(label)
        _ = try insertAndRemove()
    }
    var pings: [Double] = [], reads: [Double] = [], inserts: [Double] = []
    for _ in 0..<blocks {
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            try client.ping()
            pings.append(Double(Clock.monotonic() - start) / 1e3)
        }
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            let count = try client.text(label)
            reads.append(Double(Clock.monotonic() - start) / 1e3)
            guard count == 10_000 else { throw BenchError("GetText answered \(count) characters") }
        }
        for _ in 0..<perBlock { inserts.append(try insertAndRemove()) }
    }
    guard try client.text(field) == 0 else { throw BenchError("the field is not empty after the inserts and deletes") }
    report.line("**GetText and InsertText**: \(blocks) blocks of \(perBlock) `Peer.Ping` to the host's connection on the accessibility bus, then \(perBlock) `Text.GetText(0, -1)` of the label (10,000 characters answered, checked), then \(perBlock) `EditableText.InsertText(0, \"x\", 1)` into the field, each followed, untimed, by `DeleteText(0, 1)` (the field is empty again at the end, checked); after 200 warm-up rounds. Each insert goes through the field's editing path and sends `text-changed:insert` and `text-caret-moved` (the field is known to the client).\n")
    reportAgainstPing(
        pings,
        [
            ("`Text.GetText`, 10,000 characters", reads, "GetText of 10,000 characters"),
            ("`EditableText.InsertText`, 1 character", inserts, "InsertText of one character"),
        ], limit: 2)
}

// MARK: 3. Focus

@MainActor
private func measureFocus(_ client: AtspiBenchClient, hostBus: String, accessibilityBus: String, blocks: Int, perBlock: Int) throws {
    let report = Report.shared
    report.progress("accessibility: Tab to the focus event")
    final class Arrivals {
        var count = 0
        var last: UInt64 = 0
    }
    let arrivals = Arrivals()
    let listener = try BusConnection.connectBlocking(to: .address(accessibilityBus))
    let subscribed = Arrivals()
    var subscription: MatchSubscription?
    Task { @MainActor in
        subscription = try? await listener.addMatch(
            .signal(sender: client.application, interface: "org.a11y.atspi.Event.Focus", member: "Focus")
        ) { _ in
            arrivals.last = Clock.monotonic()
            arrivals.count += 1
        }
        subscribed.count = 1
    }
    try turnRunLoop(until: { subscribed.count == 1 }, timeout: 10, what: "the focus subscription")
    guard subscription != nil else { throw BenchError("cannot subscribe to Focus events on the accessibility bus") }
    defer { subscription?.cancel() }
    let keys = try BusConnection.connectBlocking(to: .address(hostBus))
    /// One Tab: the time from sending it to the Focus event's arrival, in µs.
    func tab() throws -> Double {
        let message = BusMessage.methodCall(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface, member: "SendKey")
        try message.append([.string("tab"), .string(""), .string("press")])
        message.noReplyExpected = true
        let expected = arrivals.count + 1
        let start = Clock.monotonic()
        _ = try keys.send(message)
        keys.flush()
        try turnRunLoop(until: { arrivals.count >= expected }, timeout: 10, what: "the Focus event after Tab")
        return Double(arrivals.last - start) / 1e3
    }
    for _ in 0..<50 {
        try client.ping()
        _ = try tab()
    }
    var pings: [Double] = [], tabs: [Double] = []
    for _ in 0..<blocks {
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            try client.ping()
            pings.append(Double(Clock.monotonic() - start) / 1e3)
        }
        for _ in 0..<perBlock { tabs.append(try tab()) }
    }
    report.line("**Tab to the focus event**: \(blocks) blocks of \(perBlock) `Peer.Ping` round trips to the host's connection on the accessibility bus, then \(perBlock) Tabs: `Host1.SendKey(\"tab\", \"\", \"press\")` sent on the host's own bus without asking for a reply, timed to the arrival of the host's `Event.Focus.Focus` at a client listening on the accessibility bus (in its main run loop, as Orca's is); Tab cycles through the window's focusable views (slider, switch, grow, field); after 50 warm-up rounds. Both paths cross two bus daemons' hops: client → daemon → host → daemon → client.\n")
    reportAgainstPing(
        pings, [("Tab → `Focus` event at the listener", tabs, "a Tab reaching a listening client as Focus")], limit: 2,
        pingLabel: "`Peer.Ping` round trip (accessibility bus)")
}

/// Turns the main run loop (where DBusKit dispatches) until `condition` holds; throws after `timeout` s.
@MainActor
private func turnRunLoop(until condition: () -> Bool, timeout: Double, what: String) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw BenchError("waited \(timeout) s for \(what)") }
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
    }
}
