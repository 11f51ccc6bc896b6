import BenchSupport
import DBusKit
import Foundation
import Glibc

/// Issue 5's D-Bus targets, against one release `scene-host` (embedded default configuration) on a bus
/// daemon started for the section:
///
/// 1. each `TouchDown` and each `TouchUp` round trip (touch delivered when the reply arrives) ≤ 1.3× a
///    bare `Peer.Ping` round trip to the same host, medians, interleaved in blocks;
/// 2. `InjectTouches` with 1,000 zero-delay samples: ≥ 50,000 samples/s delivered (call to reply);
/// 3. `Touch` signals: ≥ 20,000/s to one subscriber (another process), no `seq` gap over 1,000,000;
/// 4. 8 scripting client processes (TouchDown + TouchUp): ≥ 60 % of the aggregate `Peer.Ping` rate of
///    8 client processes, same run.
///
/// Touches land on an empty spot of the Gallery main window, a plain view whose plugin logs nothing, so a
/// touch costs what the host itself does (hit test, delivery, `Touch` signal), not plugin logging.
@MainActor
func runBusSection(sceneHost: String, quick: Bool) throws {
    let report = Report.shared
    report.heading("D-Bus API")
    let daemon = try BusDaemon()
    defer { daemon.stop() }
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    let host = try HostProcess(executable: sceneHost, arguments: ["--bus", daemon.address, "--log-level", "warning"], runtimeDirectory: runtime)
    defer { host.stop() }
    _ = try host.waitUntilReady(timeout: 10)
    let driver = try HostBusDriver(address: daemon.address)
    let spot = (x: 1000.0, y: 700.0)
    let hit = try driver.touchDown(slot: 0, x: spot.x, y: spot.y)
    try driver.touchUp(slot: 0)
    report.line("`\(sceneHost) --bus <a bus daemon started for the section>`, embedded default configuration. Touches at screen (\(Format.fixed(spot.x, 0)), \(Format.fixed(spot.y, 0))): `\(hit)` in the Gallery main window, a plain view whose plugin logs nothing. Clients use DBusKit's blocking calls (`dbus_connection_send_with_reply_and_block`), one connection each.")
    report.line("")

    try measureRoundTrips(driver: driver, spot: spot, blocks: quick ? 4 : 10, perBlock: quick ? 200 : 500)
    try measureInjection(driver: driver, spot: spot, calls: quick ? 20 : 60)
    try measureSignals(driver: driver, address: daemon.address, spot: spot, total: quick ? 200_000 : 1_000_000)
    try measureConcurrentClients(address: daemon.address, spot: spot, seconds: quick ? 2 : 5)
}

// MARK: 1. Round trips

@MainActor
private func measureRoundTrips(driver: HostBusDriver, spot: (x: Double, y: Double), blocks: Int, perBlock: Int) throws {
    let report = Report.shared
    report.progress("bus: round trips")
    var pings: [Double] = []
    var downs: [Double] = []
    var ups: [Double] = []
    for _ in 0..<50 {
        try driver.ping()
        try driver.touchDown(slot: 0, x: spot.x, y: spot.y)
        try driver.touchUp(slot: 0)
    }
    for _ in 0..<blocks {
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            try driver.ping()
            pings.append(Double(Clock.monotonic() - start) / 1e3)
        }
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            try driver.touchDown(slot: 0, x: spot.x, y: spot.y)
            let middle = Clock.monotonic()
            try driver.touchUp(slot: 0)
            let end = Clock.monotonic()
            downs.append(Double(middle - start) / 1e3)
            ups.append(Double(end - middle) / 1e3)
        }
    }
    let ping = Stats.median(pings)
    let down = Stats.median(downs)
    let up = Stats.median(ups)
    func p99(_ values: [Double]) -> Double { values.sorted()[Int(Double(values.count - 1) * 0.99)] }
    report.line("### Round trips\n")
    report.line("\(blocks) blocks of \(perBlock) `Peer.Ping` then \(perBlock) `TouchDown` + `TouchUp` pairs, after 50 warm-up rounds; every call timed alone.\n")
    report.table(
        ["call", "µs median", "µs p99", "ratio to Ping (medians)", "target", "result"],
        [
            ["`org.freedesktop.DBus.Peer.Ping`", Format.fixed(ping, 1), Format.fixed(p99(pings), 0), "1×", "(baseline)", ""],
            ["`Host1.TouchDown`", Format.fixed(down, 1), Format.fixed(p99(downs), 0), Format.ratio(down / ping), "≤ 1.3×", Format.pass(down / ping <= 1.3)],
            ["`Host1.TouchUp`", Format.fixed(up, 1), Format.fixed(p99(ups), 0), Format.ratio(up / ping), "≤ 1.3×", Format.pass(up / ping <= 1.3)],
        ])
    if down / ping > 1.3 { report.fail("bus: TouchDown costs \(Format.ratio(down / ping)) a Peer.Ping (target ≤ 1.3×)") }
    if up / ping > 1.3 { report.fail("bus: TouchUp costs \(Format.ratio(up / ping)) a Peer.Ping (target ≤ 1.3×)") }
}

// MARK: 2. InjectTouches

@MainActor
private func measureInjection(driver: HostBusDriver, spot: (x: Double, y: Double), calls: Int) throws {
    let report = Report.shared
    report.progress("bus: InjectTouches")
    for _ in 0..<5 { try driver.injectStroke(at: spot, moves: 998) }
    var rates: [Double] = []
    var durations: [Double] = []
    for _ in 0..<calls {
        let start = Clock.monotonic()
        let samples = try driver.injectStroke(at: spot, moves: 998)
        let elapsed = Double(Clock.monotonic() - start)
        durations.append(elapsed / 1e6)
        rates.append(Double(samples) / (elapsed / 1e9))
    }
    let rate = Stats.median(rates)
    report.line("### InjectTouches\n")
    report.line("\(calls) calls, each 1,000 zero-delay samples on slot 0 (down, 998 moves, up), timed call to reply (the reply is sent once every sample was delivered).\n")
    report.table(
        ["", "median", "min–max", "target", "result"],
        [
            ["ms per call", Format.fixed(Stats.median(durations), 2), "\(Format.fixed(durations.min()!, 2))–\(Format.fixed(durations.max()!, 2))", "", ""],
            ["samples/s delivered", Format.grouped(Int(rate)), "\(Format.grouped(Int(rates.min()!)))–\(Format.grouped(Int(rates.max()!)))", "≥ 50,000", Format.pass(rate >= 50_000)],
        ])
    if rate < 50_000 { report.fail("bus: InjectTouches delivers \(Format.grouped(Int(rate))) samples/s (target ≥ 50,000)") }
}

// MARK: 3. Signals

@MainActor
private func measureSignals(driver: HostBusDriver, address: String, spot: (x: Double, y: Double), total: Int) throws {
    let report = Report.shared
    report.progress("bus: \(Format.grouped(total)) Touch signals")
    let subscriber = try ClientProcess(arguments: ["bus-subscriber", address])
    guard let readyLine = subscriber.readLine(timeout: 10), readyLine == "subscribed" else {
        throw BenchError("the subscriber did not subscribe: \(subscriber.finish())")
    }
    var sent = 0
    var received = 0
    let batch = 1000
    while sent < total {
        // Keep at most 100,000 signals in flight: a subscriber that cannot keep up slows the script
        // instead of growing the daemon's queue without bound.
        while sent - received > 100_000, let line = subscriber.readLine(timeout: 30), let count = Int(line) {
            received = count
        }
        try driver.injectStroke(at: spot, moves: batch - 2)
        sent += batch
    }
    subscriber.signalDone(expected: sent)
    let summary = subscriber.finish()
    guard let result = SubscriberResult(summary) else { throw BenchError("subscriber said: \(summary)") }
    let rate = Double(result.touches) / (Double(result.lastNanos - result.firstNanos) / 1e9)
    report.line("### Touch signals\n")
    report.line("\(Format.grouped(sent)) `Touch` signals (InjectTouches, 1,000 samples per call, at most 100,000 in flight) to one subscriber process matching every `org.scenehost.Host1` signal and checking `seq`; rate = Touch signals ÷ time from the first to the last received.\n")
    report.table(
        ["", "value", "target", "result"],
        [
            ["Touch signals received", Format.grouped(result.touches), Format.grouped(sent), Format.pass(result.touches == sent)],
            ["`seq` gaps / out of order", "\(result.gaps) / \(result.disorders)", "0 / 0", Format.pass(result.gaps == 0 && result.disorders == 0)],
            ["Touch signals/s to the subscriber", Format.grouped(Int(rate)), "≥ 20,000", Format.pass(rate >= 20_000)],
        ])
    if result.touches != sent { report.fail("bus: the subscriber received \(result.touches) of \(sent) Touch signals") }
    if result.gaps != 0 || result.disorders != 0 { report.fail("bus: seq had \(result.gaps) gaps and \(result.disorders) out-of-order signals") }
    if rate < 20_000 { report.fail("bus: \(Format.grouped(Int(rate))) Touch signals/s to one subscriber (target ≥ 20,000)") }
}

/// The subscriber's final line: `touches=N signals=N gaps=N disorders=N first=NS last=NS`.
struct SubscriberResult {
    var touches = 0
    var signals = 0
    var gaps = 0
    var disorders = 0
    var firstNanos: UInt64 = 0
    var lastNanos: UInt64 = 0

    init?(_ line: String) {
        let fields = logFields(Substring(line))
        guard let touches = fields["touches"].flatMap(Int.init), let signals = fields["signals"].flatMap(Int.init),
            let gaps = fields["gaps"].flatMap(Int.init), let disorders = fields["disorders"].flatMap(Int.init),
            let first = fields["first"].flatMap(UInt64.init), let last = fields["last"].flatMap(UInt64.init)
        else { return nil }
        (self.touches, self.signals, self.gaps, self.disorders, firstNanos, lastNanos) = (touches, signals, gaps, disorders, first, last)
    }
}

// MARK: 4. Concurrent clients

@MainActor
private func measureConcurrentClients(address: String, spot: (x: Double, y: Double), seconds: Double) throws {
    let report = Report.shared
    report.progress("bus: 8 clients")
    func aggregate(_ mode: String) throws -> Double {
        let clients = try (0..<8).map { _ in
            try ClientProcess(arguments: ["bus-client", address, mode, "\(seconds)", "\(spot.x)", "\(spot.y)"])
        }
        for client in clients {
            guard client.readLine(timeout: 10) == "connected" else { throw BenchError("a client did not connect: \(client.finish())") }
        }
        for client in clients { client.signalDone(expected: 0) }  // the start barrier
        var total = 0.0
        for client in clients {
            let line = client.finish()
            guard let rate = Double(line) else { throw BenchError("client said: \(line)") }
            total += rate
        }
        return total
    }
    var pingRates: [Double] = []
    var touchRates: [Double] = []
    for _ in 0..<3 {
        pingRates.append(try aggregate("ping"))
        touchRates.append(try aggregate("touch"))
    }
    let ping = Stats.median(pingRates)
    let touch = Stats.median(touchRates)
    report.line("### Eight concurrent clients\n")
    report.line("8 client processes, each with its own connection, released together, calling for \(Format.fixed(seconds, 0)) s; 3 rounds of each kind, interleaved; a scripting call is one `TouchDown` or one `TouchUp` (each client its own slot 0).\n")
    report.table(
        ["", "calls/s (all 8, median of 3)", "ratio to Ping", "target", "result"],
        [
            ["`Peer.Ping`", Format.grouped(Int(ping)), "100%", "(baseline)", ""],
            ["`TouchDown` / `TouchUp`", Format.grouped(Int(touch)), Format.percent(touch / ping), "≥ 60%", Format.pass(touch / ping >= 0.6)],
        ])
    if touch / ping < 0.6 { report.fail("bus: 8 scripting clients reach \(Format.percent(touch / ping)) of the Ping rate (target ≥ 60%)") }
}
