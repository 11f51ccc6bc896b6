import BenchSupport
import DBusKit
import Foundation
import Glibc
import SceneProcesses

/// The D-Bus targets, against a release `scene-host` (embedded default configuration) on a bus daemon
/// started for each run; every figure is measured in `runs` runs (a fresh daemon and host each) and
/// reported as the median and the worst run:
///
/// 1. `TouchDown` + `TouchUp` round trips (touch delivered when the reply arrives) against bare
///    `Peer.Ping` round trips to the same host, interleaved in blocks: the pair ≤ 1.2× two pings
///    (median of the runs), ≤ 1.3× in the worst run;
/// 2. `InjectTouches` with 1,000 zero-delay samples: ≥ 50,000 samples/s delivered (call to reply);
/// 3. `Touch` signals: ≥ 20,000/s to one subscriber (another process), no `seq` gap;
/// 4. 8 scripting client processes (TouchDown + TouchUp): ≥ 60 % of the aggregate `Peer.Ping` rate of
///    8 client processes, same run.
///
/// Touches land on an empty spot of the Gallery main window, a plain view whose plugin logs nothing, so a
/// touch costs what the host itself does (hit test, delivery, `Touch` signal), not plugin logging.
/// The round trips alone can aim at GestureLab's button instead (`target`), whose highlight is drawn
/// on each touch.
///
/// With `isolation: "process"` (round trips only), every scene runs in a process of its own: a
/// touch crosses the scene channel and back before its reply.
@MainActor
func runBusSection(
    sceneHost: String, quick: Bool, runs: Int, roundTripsOnly: Bool = false, isolation: String = "none", target: TouchTarget = .photo
) throws {
    let report = Report.shared
    report.heading(roundTripsOnly ? "D-Bus round trips" : "D-Bus API")
    let spot = roundTripsOnly ? target.spot : TouchTarget.photo.spot
    var roundTrips: [RoundTripRun] = []
    var injections: [InjectionRun] = []
    var signals: [SubscriberResult] = []
    var signalRates: [Double] = []
    var concurrent: [(ping: Double, touch: Double)] = []
    var hit = ""
    for run in 1...runs {
        let daemon = try BusDaemon()
        defer { daemon.stop() }
        let runtime = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let host = try HostProcess(
            executable: sceneHost, arguments: ["--bus", daemon.address, "--log-level", "warning", "--isolation", isolation], runtimeDirectory: runtime)
        defer { host.stop() }
        _ = try host.waitUntilReady(timeout: 20)
        let driver = try HostBusDriver(address: daemon.address)
        hit = try driver.touchDown(slot: 0, x: spot.x, y: spot.y)
        try driver.touchUp(slot: 0)
        report.progress("bus: run \(run)/\(runs): round trips")
        roundTrips.append(try measureRoundTrips(driver: driver, spot: spot, blocks: quick ? 4 : 10, perBlock: quick ? 200 : 500))
        if roundTripsOnly { continue }
        report.progress("bus: run \(run)/\(runs): InjectTouches")
        injections.append(try measureInjection(driver: driver, spot: spot, calls: quick ? 20 : 60))
        report.progress("bus: run \(run)/\(runs): Touch signals")
        let (result, rate) = try measureSignals(driver: driver, address: daemon.address, spot: spot, total: quick ? 200_000 : 1_000_000)
        signals.append(result)
        signalRates.append(rate)
        report.progress("bus: run \(run)/\(runs): 8 clients")
        concurrent.append(try measureConcurrentClients(address: daemon.address, spot: spot, seconds: quick ? 2 : 5))
    }
    report.line("`\(sceneHost) --bus <a bus daemon started for the run> --isolation \(isolation)`, embedded default configuration, \(runs) runs (a fresh bus daemon and host each). Touches at screen (\(Format.fixed(spot.x, 0)), \(Format.fixed(spot.y, 0))): `\(hit)`, \(roundTripsOnly ? target.description : TouchTarget.photo.description). Clients use DBusKit's blocking calls (`dbus_connection_send_with_reply_and_block`), one connection each. Each table gives every run's figure, then the median and the worst of the runs.\n")
    reportRoundTrips(roundTrips, blocks: quick ? 4 : 10, perBlock: quick ? 200 : 500)
    if roundTripsOnly { return }
    reportInjection(injections, calls: quick ? 20 : 60)
    reportSignals(signals, rates: signalRates, total: quick ? 200_000 : 1_000_000)
    reportConcurrent(concurrent, seconds: quick ? 2 : 5)
}

/// The worst of `values` for a figure that must stay low (the highest) or high (the lowest).
private func worst(_ values: [Double], lowerIsBetter: Bool) -> Double {
    (lowerIsBetter ? values.max() : values.min()) ?? .nan
}

private func runColumns(_ count: Int) -> [String] { (1...count).map { "run \($0)" } }

// MARK: 1. Round trips

struct RoundTripRun {
    var ping: Double
    var down: Double
    var up: Double
    var pingP99: Double
    var downP99: Double
    var upP99: Double
    /// (TouchDown + TouchUp) ÷ (2 × Ping), medians.
    var pair: Double { (down + up) / (2 * ping) }
}

@MainActor
private func measureRoundTrips(driver: HostBusDriver, spot: (x: Double, y: Double), blocks: Int, perBlock: Int) throws -> RoundTripRun {
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
    func p99(_ values: [Double]) -> Double { values.sorted()[Int(Double(values.count - 1) * 0.99)] }
    return RoundTripRun(
        ping: Stats.median(pings), down: Stats.median(downs), up: Stats.median(ups), pingP99: p99(pings), downP99: p99(downs), upP99: p99(ups))
}

@MainActor
private func reportRoundTrips(_ runs: [RoundTripRun], blocks: Int, perBlock: Int) {
    let report = Report.shared
    report.line("### Round trips\n")
    report.line("Per run: \(blocks) blocks of \(perBlock) `Peer.Ping` then \(perBlock) `TouchDown` + `TouchUp` pairs, after 50 warm-up rounds; every call timed alone; a run's figure is the median of its calls. The pair ratio is (TouchDown + TouchUp) ÷ (2 × Ping).\n")
    let pair = runs.map(\.pair)
    let down = runs.map { $0.down / $0.ping }
    let up = runs.map { $0.up / $0.ping }
    let pairMedian = Stats.median(pair)
    let pairWorst = worst(pair, lowerIsBetter: true)
    func row(_ name: String, _ values: [Double], _ format: (Double) -> String, lowerIsBetter: Bool, target: String, pass: String) -> [String] {
        [name] + values.map(format) + [format(Stats.median(values)), format(worst(values, lowerIsBetter: lowerIsBetter)), target, pass]
    }
    report.table(
        ["figure"] + runColumns(runs.count) + ["median", "worst", "target", "result"],
        [
            row("`Peer.Ping` µs", runs.map(\.ping), { Format.fixed($0, 1) }, lowerIsBetter: true, target: "(baseline)", pass: ""),
            row("`TouchDown` µs", runs.map(\.down), { Format.fixed($0, 1) }, lowerIsBetter: true, target: "", pass: ""),
            row("`TouchUp` µs", runs.map(\.up), { Format.fixed($0, 1) }, lowerIsBetter: true, target: "", pass: ""),
            row("`Peer.Ping` p99 µs", runs.map(\.pingP99), { Format.fixed($0, 0) }, lowerIsBetter: true, target: "(info)", pass: ""),
            row("`TouchDown` p99 µs", runs.map(\.downP99), { Format.fixed($0, 0) }, lowerIsBetter: true, target: "(info)", pass: ""),
            row("`TouchUp` p99 µs", runs.map(\.upP99), { Format.fixed($0, 0) }, lowerIsBetter: true, target: "(info)", pass: ""),
            row("TouchDown ÷ Ping", down, Format.ratio, lowerIsBetter: true, target: "(info)", pass: ""),
            row("TouchUp ÷ Ping", up, Format.ratio, lowerIsBetter: true, target: "(info)", pass: ""),
            row(
                "**(TouchDown + TouchUp) ÷ 2 Pings**", pair, Format.ratio, lowerIsBetter: true, target: "median ≤ 1.2×, worst ≤ 1.3×",
                pass: Format.pass(pairMedian <= 1.2 && pairWorst <= 1.3)),
        ])
    if pairMedian > 1.2 { report.fail("bus: TouchDown + TouchUp cost \(Format.ratio(pairMedian)) two Peer.Pings, median of \(runs.count) runs (target ≤ 1.2×)") }
    if pairWorst > 1.3 { report.fail("bus: TouchDown + TouchUp cost \(Format.ratio(pairWorst)) two Peer.Pings in the worst run (target ≤ 1.3×)") }
}

// MARK: 2. InjectTouches

struct InjectionRun {
    var milliseconds: Double
    var rate: Double
}

@MainActor
private func measureInjection(driver: HostBusDriver, spot: (x: Double, y: Double), calls: Int) throws -> InjectionRun {
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
    return InjectionRun(milliseconds: Stats.median(durations), rate: Stats.median(rates))
}

@MainActor
private func reportInjection(_ runs: [InjectionRun], calls: Int) {
    let report = Report.shared
    report.line("### InjectTouches\n")
    report.line("Per run: \(calls) calls, each 1,000 zero-delay samples on slot 0 (down, 998 moves, up), timed call to reply (the reply is sent once every sample was delivered); a run's figure is the median call.\n")
    let rates = runs.map(\.rate)
    let worstRate = worst(rates, lowerIsBetter: false)
    report.table(
        ["figure"] + runColumns(runs.count) + ["median", "worst", "target", "result"],
        [
            ["ms per call"] + runs.map { Format.fixed($0.milliseconds, 2) }
                + [Format.fixed(Stats.median(runs.map(\.milliseconds)), 2), Format.fixed(worst(runs.map(\.milliseconds), lowerIsBetter: true), 2), "", ""],
            ["samples/s delivered"] + rates.map { Format.grouped(Int($0)) }
                + [Format.grouped(Int(Stats.median(rates))), Format.grouped(Int(worstRate)), "≥ 50,000", Format.pass(worstRate >= 50_000)],
        ])
    if worstRate < 50_000 { report.fail("bus: InjectTouches delivers \(Format.grouped(Int(worstRate))) samples/s in the worst run (target ≥ 50,000)") }
}

// MARK: 3. Signals

@MainActor
private func measureSignals(driver: HostBusDriver, address: String, spot: (x: Double, y: Double), total: Int) throws -> (SubscriberResult, Double) {
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
    guard result.touches == sent else { throw BenchError("the subscriber received \(result.touches) of \(sent) Touch signals") }
    return (result, Double(result.touches) / (Double(result.lastNanos - result.firstNanos) / 1e9))
}

@MainActor
private func reportSignals(_ runs: [SubscriberResult], rates: [Double], total: Int) {
    let report = Report.shared
    report.line("### Touch signals\n")
    report.line("Per run: \(Format.grouped(total)) `Touch` signals (InjectTouches, 1,000 samples per call, at most 100,000 in flight) to one subscriber process matching every `org.scenehost.Host1` signal and checking `seq`; rate = Touch signals ÷ time from the first to the last received.\n")
    let gaps = runs.map { $0.gaps + $0.disorders }
    let worstRate = worst(rates, lowerIsBetter: false)
    report.table(
        ["figure"] + runColumns(runs.count) + ["median", "worst", "target", "result"],
        [
            ["Touch signals received"] + runs.map { Format.grouped($0.touches) } + ["", "", Format.grouped(total), Format.pass(runs.allSatisfy { $0.touches == total })],
            ["`seq` gaps + out of order"] + gaps.map { "\($0)" } + ["", "\(gaps.max() ?? 0)", "0", Format.pass(gaps.allSatisfy { $0 == 0 })],
            ["Touch signals/s to the subscriber"] + rates.map { Format.grouped(Int($0)) }
                + [Format.grouped(Int(Stats.median(rates))), Format.grouped(Int(worstRate)), "≥ 20,000", Format.pass(worstRate >= 20_000)],
        ])
    if gaps.contains(where: { $0 != 0 }) { report.fail("bus: seq had gaps or disorder: \(gaps)") }
    if worstRate < 20_000 { report.fail("bus: \(Format.grouped(Int(worstRate))) Touch signals/s to one subscriber in the worst run (target ≥ 20,000)") }
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
private func measureConcurrentClients(address: String, spot: (x: Double, y: Double), seconds: Double) throws -> (ping: Double, touch: Double) {
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
    let ping = try aggregate("ping")
    let touch = try aggregate("touch")
    return (ping, touch)
}

@MainActor
private func reportConcurrent(_ runs: [(ping: Double, touch: Double)], seconds: Double) {
    let report = Report.shared
    report.line("### Eight concurrent clients\n")
    report.line("Per run: 8 client processes, each with its own connection, released together, calling for \(Format.fixed(seconds, 0)) s, `Peer.Ping` first, then scripting calls (one `TouchDown` or one `TouchUp` each, every client its own slot 0).\n")
    let shares = runs.map { $0.touch / $0.ping }
    let worstShare = worst(shares, lowerIsBetter: false)
    report.table(
        ["figure"] + runColumns(runs.count) + ["median", "worst", "target", "result"],
        [
            ["`Peer.Ping` calls/s (all 8)"] + runs.map { Format.grouped(Int($0.ping)) } + [Format.grouped(Int(Stats.median(runs.map(\.ping)))), "", "(baseline)", ""],
            ["`TouchDown` / `TouchUp` calls/s (all 8)"] + runs.map { Format.grouped(Int($0.touch)) } + [Format.grouped(Int(Stats.median(runs.map(\.touch)))), "", "", ""],
            ["share of the Ping rate"] + shares.map(Format.percent)
                + [Format.percent(Stats.median(shares)), Format.percent(worstShare), "≥ 60%", Format.pass(worstShare >= 0.6)],
        ])
    if worstShare < 0.6 { report.fail("bus: 8 scripting clients reach \(Format.percent(worstShare)) of the Ping rate in the worst run (target ≥ 60%)") }
}
