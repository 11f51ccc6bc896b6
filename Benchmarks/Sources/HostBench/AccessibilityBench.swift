import BenchSupport
import DBusKit
import Foundation
import Glibc
import SceneProcesses

/// Issue 6's accessibility targets, against release `scene-host` processes whose accessibility bus is
/// a bus daemon started for the section (`AT_SPI_BUS_ADDRESS`), where the benchmark plays the AT-SPI
/// registry (``AtspiRegistryStandIn``) and the assistive tool:
///
/// 1. with a 10,000-view window (`Benchmarks/Config/many-views.yaml`), `Component.GetAccessibleAtPoint`
///    on the window, median ≤ 2× a bare `Peer.Ping` to the same host on the same bus, interleaved in
///    blocks, each call at another cell;
/// 2. `Cache.GetItems` of that tree (10,003 items) ≤ 200 ms, median;
/// 3. touch dispatch with accessibility on (registered, no client listening) ≤ 1.1× the same with
///    accessibility off: two hosts with the embedded default configuration (differing only in
///    `accessibility`), `InjectTouches` strokes of 1,000 samples and `TouchDown` + `TouchUp` round trips
///    on each host's own bus, interleaved in blocks. Informational: the same after a client read
///    every object (`GetItems`), so every view has an id and a record.
@MainActor
func runAccessibilitySection(sceneHost: String, quick: Bool) throws {
    let report = Report.shared
    report.heading("Accessibility (AT-SPI2)")
    let accessibilityBus = try BusDaemon()
    defer { accessibilityBus.stop() }
    let registry = try AtspiRegistryStandIn(address: accessibilityBus.address)
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    let configurations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Config").standardized
    let repository = configurations.deletingLastPathComponent().deletingLastPathComponent()

    // 1 and 2: the 10,000-view window.
    let manyViews = configurations.appendingPathComponent("many-views.yaml").path
    let hostBus = try BusDaemon()
    defer { hostBus.stop() }
    let host = try startHost(sceneHost, ["--bus", hostBus.address, "--config", manyViews], runtime: runtime, accessibilityBus: accessibilityBus.address)
    defer { host.stop() }
    try registry.waitForApplications(1, timeout: 30)
    let client = try AtspiBenchClient(address: accessibilityBus.address, application: registry.applications[0])
    report.line("`\(sceneHost)`; its accessibility bus is a bus daemon started for the section (`AT_SPI_BUS_ADDRESS`), where HostBench answers `Socket.Embed` as the registry and calls the host as an assistive tool would, with DBusKit's blocking calls. Big tree: `Benchmarks/Config/many-views.yaml` (one window, a grid of 10,000 plain views, FixtureManyViews).")
    report.line("")
    try measureHitTesting(client, blocks: quick ? 4 : 10, perBlock: quick ? 200 : 500)
    try measureCache(client, calls: quick ? 5 : 15)
    host.stop()

    // 3: touch dispatch, accessibility on and off.
    let defaults = try String(contentsOf: repository.appendingPathComponent("Config/scene-host.yaml"), encoding: .utf8)
    var hosts: [(name: String, driver: HostBusDriver, process: HostProcess, bus: BusDaemon)] = []
    defer { for entry in hosts { entry.process.stop(); entry.bus.stop() } }
    for mode in ["on", "off"] {
        let file = runtime + "/accessibility-\(mode).yaml"
        let text = defaults.replacingOccurrences(of: "\naccessibility: auto\n", with: "\naccessibility: \(mode)\n")
        guard text != defaults else { throw BenchError("Config/scene-host.yaml has no `accessibility: auto` line to change") }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let bus = try BusDaemon()
        let process = try startHost(sceneHost, ["--bus", bus.address, "--config", file, "--log-level", "warning"], runtime: runtime, accessibilityBus: accessibilityBus.address)
        hosts.append((mode, try HostBusDriver(address: bus.address), process, bus))
    }
    try registry.waitForApplications(2, timeout: 30)
    try measureTouchDispatch(
        on: hosts[0].driver, off: hosts[1].driver, accessibility: AtspiBenchClient(address: accessibilityBus.address, application: registry.applications[1]),
        blocks: quick ? 3 : 8)
}

/// Starts `scene-host` with `AT_SPI_BUS_ADDRESS` naming the section's accessibility bus, and waits for `READY=1`.
@MainActor
func startHost(_ sceneHost: String, _ arguments: [String], runtime: String, accessibilityBus: String) throws -> HostProcess {
    setenv("AT_SPI_BUS_ADDRESS", accessibilityBus, 1)
    defer { unsetenv("AT_SPI_BUS_ADDRESS") }
    // The plugins inside the host: the bridge's own cost, without scene processes.
    let host = try HostProcess(executable: sceneHost, arguments: arguments + ["--isolation", "none"], runtimeDirectory: runtime)
    _ = try host.waitUntilReady(timeout: 30)
    return host
}

// MARK: 1. Hit testing

@MainActor
private func measureHitTesting(_ client: AtspiBenchClient, blocks: Int, perBlock: Int) throws {
    let report = Report.shared
    report.progress("accessibility: GetAccessibleAtPoint")
    let window = try client.child(of: AtspiBenchClient.rootPath, at: 0)
    let grid = try client.child(of: window, at: 0)
    let frame = try client.extents(grid)
    let columns = 100, cells = 10_000
    let cellWidth = Double(frame.width) / Double(columns), cellHeight = Double(frame.height) / Double(cells / columns)
    func point(_ call: Int) -> (x: Int32, y: Int32) {
        let cell = (call &* 7919) % cells
        return (
            Int32(Double(frame.x) + (Double(cell % columns) + 0.5) * cellWidth), Int32(Double(frame.y) + (Double(cell / columns) + 0.5) * cellHeight)
        )
    }
    // The hit is the cell under the point, an object of its own (checked on a few cells).
    for call in [0, 1, 4999, 9999] {
        let (x, y) = point(call)
        let hit = try client.accessibleAtPoint(window, x: x, y: y)
        guard hit != AtspiBenchClient.nullPath, hit != window, hit != grid, try client.parent(of: hit) == grid else {
            throw BenchError("GetAccessibleAtPoint(\(x), \(y)) answered \(hit), not a cell of the grid")
        }
    }
    for call in 0..<200 {
        try client.ping()
        let (x, y) = point(call)
        _ = try client.accessibleAtPoint(window, x: x, y: y)
    }
    var pings: [Double] = []
    var hits: [Double] = []
    var call = 0
    for _ in 0..<blocks {
        for _ in 0..<perBlock {
            let start = Clock.monotonic()
            try client.ping()
            pings.append(Double(Clock.monotonic() - start) / 1e3)
        }
        for _ in 0..<perBlock {
            let (x, y) = point(call)
            call += 1
            let start = Clock.monotonic()
            _ = try client.accessibleAtPoint(window, x: x, y: y)
            hits.append(Double(Clock.monotonic() - start) / 1e3)
        }
    }
    report.line("### GetAccessibleAtPoint on a 10,000-view window\n")
    report.line("\(blocks) blocks of \(perBlock) `Peer.Ping` to the host's connection on the accessibility bus, then \(perBlock) `Component.GetAccessibleAtPoint(x, y, screen)` on the window, each at another cell (answered by the model's hit test; the reply names the cell), after 200 warm-up rounds.\n")
    reportAgainstPing(pings, [("`Component.GetAccessibleAtPoint`", hits, "GetAccessibleAtPoint")], limit: 2)
}

/// Reports µs samples of calls against `Peer.Ping` samples of the same run: a table of medians, p99s
/// and median ratios with the target `limit`×, and a failure for each call above it.
@MainActor
func reportAgainstPing(_ pings: [Double], _ calls: [(label: String, samples: [Double], name: String)], limit: Double, pingLabel: String = "`org.freedesktop.DBus.Peer.Ping`") {
    let report = Report.shared
    let ping = Stats.median(pings)
    var rows = [[pingLabel, Format.fixed(ping, 1), Format.fixed(percentile99(pings), 0), "1×", "(baseline)", ""]]
    for call in calls {
        let median = Stats.median(call.samples), ratio = median / ping
        rows.append([call.label, Format.fixed(median, 1), Format.fixed(percentile99(call.samples), 0), Format.ratio(ratio), "≤ \(Format.ratio(limit))", Format.pass(ratio <= limit)])
    }
    report.table(["call", "µs median", "µs p99", "ratio to Ping (medians)", "target", "result"], rows)
    for call in calls where Stats.median(call.samples) / ping > limit {
        report.fail("accessibility: \(call.name) costs \(Format.ratio(Stats.median(call.samples) / ping)) a Peer.Ping (target ≤ \(Format.ratio(limit)))")
    }
}

// MARK: 2. Cache

@MainActor
private func measureCache(_ client: AtspiBenchClient, calls: Int) throws {
    let report = Report.shared
    report.progress("accessibility: Cache.GetItems")
    let first = try client.cacheItemCount()
    var durations: [Double] = []
    var count = first
    for _ in 0..<calls {
        let start = Clock.monotonic()
        count = try client.cacheItemCount()
        durations.append(Double(Clock.monotonic() - start) / 1e6)
    }
    guard count == 10_003 else { throw BenchError("Cache.GetItems answered \(count) items, expected 10,003 (root, window, grid, 10,000 cells)") }
    let median = Stats.median(durations)
    report.line("### Cache.GetItems of the 10,000-view tree\n")
    report.line("\(calls) calls after a first one (which also gives every view its id), each answering \(Format.grouped(count)) items (root, window, grid, cells), timed call to the end of reading the reply.\n")
    report.table(
        ["", "ms median", "min–max", "target", "result"],
        [["`Cache.GetItems`", Format.fixed(median, 1), "\(Format.fixed(durations.min()!, 1))–\(Format.fixed(durations.max()!, 1))", "≤ 200", Format.pass(median <= 200)]])
    if median > 200 { report.fail("accessibility: Cache.GetItems takes \(Format.fixed(median, 1)) ms (target ≤ 200 ms)") }
}

// MARK: 3. Touch dispatch

@MainActor
private func measureTouchDispatch(on: HostBusDriver, off: HostBusDriver, accessibility: AtspiBenchClient, blocks: Int) throws {
    let report = Report.shared
    let spot = (x: 1000.0, y: 700.0)
    /// Per block and host: 10 strokes of 1,000 samples, then 200 TouchDown + TouchUp pairs.
    func measure(_ driver: HostBusDriver) throws -> (strokes: [Double], pairs: [Double]) {
        var strokes: [Double] = [], pairs: [Double] = []
        for _ in 0..<10 {
            let start = Clock.monotonic()
            try driver.injectStroke(at: spot, moves: 998)
            strokes.append(Double(Clock.monotonic() - start) / 1e6)
        }
        for _ in 0..<200 {
            let start = Clock.monotonic()
            try driver.touchDown(slot: 0, x: spot.x, y: spot.y)
            try driver.touchUp(slot: 0)
            pairs.append(Double(Clock.monotonic() - start) / 1e3)
        }
        return (strokes, pairs)
    }
    func compare(_ phase: String) throws -> [[String]] {
        report.progress("accessibility: touch dispatch, \(phase)")
        for driver in [on, off] { _ = try measure(driver) }  // warm-up
        var onStrokes: [Double] = [], offStrokes: [Double] = [], onPairs: [Double] = [], offPairs: [Double] = []
        for block in 0..<blocks {
            // Alternate which host goes first, so neither always follows the other's work.
            for isOn in block % 2 == 0 ? [true, false] : [false, true] {
                let (strokes, pairs) = try measure(isOn ? on : off)
                if isOn {
                    onStrokes += strokes
                    onPairs += pairs
                } else {
                    offStrokes += strokes
                    offPairs += pairs
                }
            }
        }
        let strokeRatio = Stats.median(onStrokes) / Stats.median(offStrokes)
        let pairRatio = Stats.median(onPairs) / Stats.median(offPairs)
        let target = phase == "no client"
        if target && strokeRatio > 1.1 {
            report.fail("accessibility: InjectTouches takes \(Format.ratio(strokeRatio)) as long with accessibility on (target ≤ 1.1×)")
        }
        if target && pairRatio > 1.1 {
            report.fail("accessibility: TouchDown + TouchUp take \(Format.ratio(pairRatio)) as long with accessibility on (target ≤ 1.1×)")
        }
        return [
            [
                "`InjectTouches`, 1,000 samples, ms (\(phase))", Format.fixed(Stats.median(offStrokes), 2), Format.fixed(Stats.median(onStrokes), 2),
                Format.ratio(strokeRatio), target ? "≤ 1.1×" : "(info)", target ? Format.pass(strokeRatio <= 1.1) : "",
            ],
            [
                "`TouchDown` + `TouchUp`, µs (\(phase))", Format.fixed(Stats.median(offPairs), 1), Format.fixed(Stats.median(onPairs), 1),
                Format.ratio(pairRatio), target ? "≤ 1.1×" : "(info)", target ? Format.pass(pairRatio <= 1.1) : "",
            ],
        ]
    }
    var rows = try compare("no client")
    let items = try accessibility.cacheItemCount()
    rows += try compare("after GetItems: \(items) objects known")
    report.line("### Touch dispatch with accessibility on and off\n")
    report.line("Two hosts with the embedded default configuration, one with `accessibility: on` (registered with the stand-in registry), one with `accessibility: off`, each on its own bus daemon; touches at screen (1000, 700), an empty spot of the Gallery main window. \(blocks) blocks, alternating which host goes first; per block and host 10 `InjectTouches` calls (1,000 zero-delay samples, timed call to reply) and 200 `TouchDown` + `TouchUp` pairs. First with no accessibility client at all, then after a client read the whole tree once (`Cache.GetItems`), so every view has an id; nobody listens to events in either phase.\n")
    report.table(["", "off, median", "on, median", "on ÷ off", "target", "result"], rows)
}

func percentile99(_ values: [Double]) -> Double {
    values.sorted()[Int(Double(values.count - 1) * 0.99)]
}
