import BenchSupport
import DBusKit
import Foundation
import Glibc
import SceneBusContract

/// The three ways FixtureCrashInHandler's button ends its process (its `crash` option), one scene each.
private let crashKinds = ["segv", "trap", "abort"]

/// `HostBench crash`: another client's `Peer.Ping` while scenes in processes of their own crash and
/// restart (issue 26: p99 ≤ 20 ms), against the same client's pings in a quiet second of the same
/// run before the first crash; and a crashed scene's way back as a client sees it (the crashing
/// lift's error to `SceneStarted`, the supervisor's 100 ms first restart delay included; target
/// ≤ 300 ms).
@MainActor
func runCrashSection(sceneHost: String, runs: Int) throws {
    let report = Report.shared
    report.heading("Pings while scenes crash and restart")
    let configuration = try crashConfiguration()
    defer { try? FileManager.default.removeItem(atPath: configuration) }
    report.line(
        """
        `\(sceneHost) --bus <a bus daemon of its own> --config <FindView and three FixtureCrashInHandler scenes, \
        isolation: process>`, \(runs) runs, a fresh bus daemon and host each. A pinger process calls `Peer.Ping` on the \
        host, blocking, one call every 1 ms, and notes when each call began. Meanwhile this process taps each crashing \
        scene's button in turn (SIGSEGV, a Swift trap, `abort`) and waits for its `SceneStarted` before the next. \
        *Quiet*: the pings that began in the second before the first tap. *Crash and restart*: the pings that \
        began between a crashing tap and its scene's `SceneStarted`. Restart: from the crashing lift's \
        `SceneCrashed` error to `SceneStarted`, the supervisor's first restart delay (100 ms) included.

        """)
    var quietP99: [Double] = [], crashP99: [Double] = [], crashMax: [Double] = [], restarts: [Double] = []
    var crashPings: [Int] = []
    for run in 0..<runs {
        report.progress("crash: run \(run + 1) of \(runs)")
        let result = try crashRun(sceneHost: sceneHost, configuration: configuration)
        quietP99.append(percentile(result.quiet, 0.99))
        crashP99.append(percentile(result.crash, 0.99))
        crashMax.append(result.crash.max() ?? .nan)
        crashPings.append(result.crash.count)
        restarts.append(contentsOf: result.restarts)
    }
    let p99Median = Stats.median(crashP99), p99Worst = crashP99.max() ?? .nan
    let ratios = zip(crashP99, quietP99).map { $0 / $1 }
    let restartMedian = Stats.median(restarts), restartWorst = restarts.max() ?? .nan
    let pingsOK = p99Worst <= 20, restartOK = restartWorst <= 300
    if !pingsOK { report.fail("crash: another client's Ping p99 during a crash and restart is \(Format.fixed(p99Worst, 2)) ms at worst (target ≤ 20 ms)") }
    if !restartOK { report.fail("crash: a crashed scene took \(Format.fixed(restartWorst, 1)) ms at worst to start again (target ≤ 300 ms)") }
    report.table(
        ["figure", "median of runs", "worst of runs", "target", "result"],
        [
            ["Ping p99 in the quiet second, ms", Format.fixed(Stats.median(quietP99), 3), Format.fixed(quietP99.max() ?? .nan, 3), "", ""],
            [
                "Ping p99 during the crashes and restarts, ms (\(crashPings.min() ?? 0)–\(crashPings.max() ?? 0) pings per run)",
                Format.fixed(p99Median, 3), Format.fixed(p99Worst, 3), "≤ 20 ms", pingsOK ? "**pass**" : "**FAIL**",
            ],
            ["the same ÷ the quiet second's p99", Format.ratio(Stats.median(ratios)), Format.ratio(ratios.max() ?? .nan), "", ""],
            ["Ping max during the crashes and restarts, ms", Format.fixed(Stats.median(crashMax), 3), Format.fixed(crashMax.max() ?? .nan, 3), "", ""],
            [
                "a crashed scene's `SceneCrashed` error to its `SceneStarted`, ms (\(restarts.count) restarts)",
                Format.fixed(restartMedian, 1), Format.fixed(restartWorst, 1), "≤ 300 ms", restartOK ? "**pass**" : "**FAIL**",
            ],
        ])
}

/// The `fraction` quantile of `values` (nearest rank below), NaN for none.
private func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[Int(Double(sorted.count - 1) * fraction)]
}

/// One run's ping latencies (ms) in the quiet second and during crashes, and each restart's time (ms).
private struct CrashRun {
    var quiet: [Double] = []
    var crash: [Double] = []
    var restarts: [Double] = []
}

/// One run: a fresh bus daemon and host, the pinger started, a quiet second, then each crashing
/// scene tapped in turn.
@MainActor
private func crashRun(sceneHost: String, configuration: String) throws -> CrashRun {
    let host = try BusHost(sceneHost: sceneHost, arguments: ["--config", configuration], readyTimeout: 30)
    defer { host.stop() }
    let started = try SceneStartWatch(address: host.address)
    let driver = try HostBusDriver(address: host.address)
    let pingSeconds = 4.0
    let pinger = try ClientProcess(arguments: ["bus-pinger", host.address, "\(pingSeconds)", "trace"])
    guard pinger.readLine(timeout: 20) == "connected" else { throw BenchError("the pinger did not connect: \(pinger.finish())") }
    pinger.signalDone(expected: 0)
    let pingsBegan = Clock.monotonic()
    started.pump(seconds: 1.1)  // the quiet second (and a little more, so that it is all quiet)

    var windows: [(from: UInt64, to: UInt64)] = []
    var restarts: [Double] = []
    let quietEnd = Clock.monotonic()
    for (index, kind) in crashKinds.enumerated() {
        let x = 400.0 * Double(index + 1) + 100, y = 62.0
        let tapped = Clock.monotonic()
        let hit = try driver.touchDown(slot: 0, x: x, y: y)
        guard hit.contains("crash") else { throw BenchError("the tap on scene '\(kind)' hit '\(hit)', not its crashing button") }
        do {
            try driver.touchUp(slot: 0)
            throw BenchError("the lift on scene '\(kind)' was answered: its scene did not crash")
        } catch let error as BusError where error.name == SceneBusContract.ErrorNames.sceneCrashed {}
        let crashed = Clock.monotonic()
        guard let back = started.waitForStart(of: kind, timeout: 10) else { throw BenchError("scene '\(kind)' did not start again within 10 s") }
        windows.append((tapped, back))
        restarts.append(Double(back - crashed) / 1e6)
    }
    guard let last = windows.last?.to, last < pingsBegan + UInt64(pingSeconds * 1e9) else {
        throw BenchError("the crashes outlasted the pinger's \(pingSeconds) s")
    }
    var run = CrashRun(restarts: restarts)
    var ended = false
    while let line = pinger.readLine(timeout: 30) {
        if line == "end" { ended = true; break }
        let fields = line.split(separator: " ")
        guard fields.count == 2, let began = UInt64(fields[0]), let latency = Double(fields[1]) else {
            throw BenchError("the pinger said: \(line)")
        }
        if began + 1_000_000_000 >= quietEnd && began < quietEnd {
            run.quiet.append(latency)
        } else if windows.contains(where: { began >= $0.from && began < $0.to }) {
            run.crash.append(latency)
        }
    }
    _ = pinger.finish()
    guard ended, !run.quiet.isEmpty, !run.crash.isEmpty else { throw BenchError("the pinger's trace is incomplete") }
    return run
}

/// Receives `SceneStarted` and notes when each scene's came (this process's monotonic clock).
@MainActor
private final class SceneStartWatch {
    private let connection: BusConnection
    private var subscription: MatchSubscription?
    private var arrivals: [String: UInt64] = [:]
    private var failure: (any Error)?

    init(address: String) throws {
        connection = try BusConnection.connectBlocking(to: .address(address))
        let connection = self.connection
        Task { @MainActor in
            do {
                self.subscription = try await connection.addMatch(
                    .signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface, member: "SceneStarted")
                ) { [weak self] message in
                    let path = (try? message.read { reader -> String in
                        _ = try reader.readUInt64()
                        return try reader.readObjectPath().rawValue
                    }) ?? ""
                    let name = String(path.split(separator: "/").last ?? "")
                    self?.arrivals[name] = Clock.monotonic()
                }
            } catch {
                self.failure = error
            }
        }
        pump(until: { self.subscription != nil || self.failure != nil }, seconds: 10)
    }

    /// Runs the main run loop for `seconds` (signals are noted meanwhile).
    func pump(seconds: Double) { pump(until: { false }, seconds: seconds) }

    /// When `scene`'s next `SceneStarted` came, once it has, or nil after `timeout` seconds.
    func waitForStart(of scene: String, timeout: Double) -> UInt64? {
        arrivals[scene] = nil
        pump(until: { self.arrivals[scene] != nil }, seconds: timeout)
        return arrivals[scene]
    }

    private func pump(until done: () -> Bool, seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !done(), Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.002)))
        }
    }
}

/// FindView at x = 0 and a FixtureCrashInHandler scene per crash kind at x = 400, 800, 1200, each in
/// a process of its own, in a temporary file.
private func crashConfiguration() throws -> String {
    let path = NSTemporaryDirectory() + "scenehost-crash-\(getpid()).yaml"
    var text = """
        plugins:
          folders: ["@executable_dir"]
        isolation:
          mode: process
        log-level: warning
        scenes:
          - name: findview
            plugin: FindView
            frame: [0, 0, 390, 844]

        """
    for (index, kind) in crashKinds.enumerated() {
        text += "  - name: \(kind)\n    plugin: FixtureCrashInHandler\n    frame: [\(400 * (index + 1)), 0, 390, 844]\n    options:\n      crash: \(kind)\n"
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw BenchError("cannot write \(path)") }
    return path
}
