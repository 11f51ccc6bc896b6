import BenchSupport
import DBusKit
import Foundation
import Glibc
import SceneBusContract
import SceneProcesses

/// Issue 11's fairness target, against one release `scene-host` per run: while one client floods the
/// host with calls as fast as it can (512 in flight, one connection), another client's `Peer.Ping`
/// round trips stay short, p99 ≤ 20 ms. Two floods, each measured in its own runs: `Window1.Tap` on a
/// plain view, and `Host1.InjectTouches` of 100 zero-delay samples. The host runs with its per-client
/// call budget lifted (`Benchmarks/Config/fairness.yaml`), so every flood call is served: the worst
/// case for the others.
@MainActor
func runFairnessSection(sceneHost: String, quick: Bool, runs: Int) throws {
    let report = Report.shared
    report.heading("D-Bus fairness")
    let seconds = quick ? 2.0 : 4.0
    let configuration = try fairnessConfiguration()
    defer { try? FileManager.default.removeItem(atPath: configuration) }
    report.line("`\(sceneHost) --config <demo scenes, calls-per-second: 1,000,000>` on a bus daemon started for each run. Per run: a fresh host; a flood client process keeps 512 calls in flight on one connection for \(Format.fixed(seconds, 0)) s (`Window1.Tap` at `View#0` of the Gallery main window, or `Host1.InjectTouches` with 100 zero-delay samples there); meanwhile a pinger process calls `Peer.Ping` on the host, blocking, one call every 1 ms. Latency is the pinger's call-to-reply time. \(runs) runs per flood; the table gives each run's p50 / p99 / max and the median and worst over the runs.\n")
    for flood in ["tap", "inject"] {
        var results: [PingerResult] = []
        var floodRates: [Double] = []
        for run in 1...runs {
            report.progress("fairness: \(flood) flood, run \(run)/\(runs)")
            let (pinger, rate) = try fairnessRun(sceneHost: sceneHost, configuration: configuration, flood: flood, seconds: seconds)
            results.append(pinger)
            floodRates.append(rate)
        }
        let p99s = results.map(\.p99)
        let medianP99 = Stats.median(p99s)
        let worstP99 = p99s.max() ?? .infinity
        let name = flood == "tap" ? "`Window1.Tap` flood" : "`InjectTouches` (100 samples) flood"
        report.line("### \(name)\n")
        report.table(
            ["run", "pings", "p50 ms", "p99 ms", "max ms", "flood calls/s served"],
            results.enumerated().map { index, result in
                ["\(index + 1)", Format.grouped(result.count), Format.fixed(result.p50, 2), Format.fixed(result.p99, 2), Format.fixed(result.max, 1),
                 Format.grouped(Int(floodRates[index]))]
            })
        report.table(
            ["`Peer.Ping` under the flood", "median of \(runs) runs", "worst run", "target", "result"],
            [
                ["p50 ms", Format.fixed(Stats.median(results.map(\.p50)), 2), Format.fixed(results.map(\.p50).max() ?? 0, 2), "", ""],
                ["p99 ms", Format.fixed(medianP99, 2), Format.fixed(worstP99, 2), "≤ 20", Format.pass(worstP99 <= 20)],
                ["max ms", Format.fixed(Stats.median(results.map(\.max)), 1), Format.fixed(results.map(\.max).max() ?? 0, 1), "(info)", ""],
                ["flood calls/s served", Format.grouped(Int(Stats.median(floodRates))), Format.grouped(Int(floodRates.min() ?? 0)), "(info)", ""],
            ])
        if worstP99 > 20 { report.fail("fairness: Peer.Ping p99 under a \(flood) flood is \(Format.fixed(worstP99, 2)) ms in the worst of \(runs) runs (target ≤ 20 ms)") }
    }
}

/// The pinger's latencies in one run, ms.
struct PingerResult {
    var count = 0
    var p50 = 0.0
    var p99 = 0.0
    var max = 0.0

    /// `pings=N p50=MS p99=MS max=MS`
    init?(_ line: String) {
        let fields = logFields(Substring(line))
        guard let count = fields["pings"].flatMap(Int.init), let p50 = fields["p50"].flatMap(Double.init),
            let p99 = fields["p99"].flatMap(Double.init), let max = fields["max"].flatMap(Double.init)
        else { return nil }
        (self.count, self.p50, self.p99, self.max) = (count, p50, p99, max)
    }
}

/// One run: a fresh bus daemon and host, the flood and the pinger released together.
@MainActor
private func fairnessRun(sceneHost: String, configuration: String, flood: String, seconds: Double) throws -> (PingerResult, Double) {
    let host = try BusHost(sceneHost: sceneHost, arguments: ["--config", configuration, "--isolation", "none"], readyTimeout: 20)
    defer { host.stop() }
    let flooder = try ClientProcess(arguments: ["bus-flood", host.address, flood, "\(seconds)"])
    let pinger = try ClientProcess(arguments: ["bus-pinger", host.address, "\(seconds)"])
    for client in [flooder, pinger] {
        guard client.readLine(timeout: 20) == "connected" else { throw BenchError("a client did not connect: \(client.finish())") }
    }
    flooder.signalDone(expected: 0)
    // The flood runs first, so the host has a backlog when the pings start.
    usleep(100_000)
    pinger.signalDone(expected: 0)
    let pingLine = pinger.finish()
    let floodLine = flooder.finish()
    guard let result = PingerResult(pingLine) else { throw BenchError("pinger said: \(pingLine)") }
    guard let rate = Double(floodLine) else { throw BenchError("flood client said: \(floodLine)") }
    return (result, rate)
}

/// The demo scenes with the per-client call budget lifted, in a temporary file.
private func fairnessConfiguration() throws -> String {
    let path = NSTemporaryDirectory() + "scenehost-fairness-\(getpid()).yaml"
    let text = """
        plugins:
          folders: ["@executable_dir"]
        scenes:
          - name: findview
            plugin: FindView
          - name: gesturelab
            plugin: GestureLab
          - name: gallery
            plugin: Gallery
        bus:
          limits:
            calls-per-second: 1000000
        log-level: warning

        """
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

// MARK: Client roles

/// `HostBench bus-flood ADDRESS tap|inject SECONDS`: connects, prints `connected`, waits for the start
/// line, then keeps 512 calls in flight for SECONDS and prints the calls per second answered.
@MainActor
func runFloodRole(address: String, kind: String, seconds: Double) -> Never {
    @MainActor final class Flood {
        var answered = 0
        var failed = 0
        var lastError = ""
        var running = 0
    }
    let flood = Flood()
    let connection: BusConnection
    let window: ObjectPath = SceneBusContract.windowPath(3)  // the Gallery main window
    let screen = (x: 1000.0, y: 700.0)
    do {
        connection = try BusConnection.connectBlocking(to: .address(address))
    } catch {
        emitLine("error: \(error)")
        exit(1)
    }
    Task { @MainActor in
        do {
            let frame = try await connection.call(
                destination: SceneBusContract.busName, path: window, interface: .properties, member: "Get",
                arguments: [.string(SceneBusContract.windowInterface.rawValue), .string("Frame")], timeout: .seconds(10)
            ).arguments.first?.variantValue?.structFields?.compactMap(\.doubleValue) ?? []
            guard frame.count == 4 else { throw BenchError("the window has no frame") }
            let point = (x: screen.x - frame[0], y: screen.y - frame[1])
            func message() throws -> BusMessage {
                if kind == "tap" {
                    let message = BusMessage.methodCall(
                        destination: SceneBusContract.busName, path: window, interface: SceneBusContract.windowInterface, member: "Tap")
                    try message.append([.double(point.x), .double(point.y), .uint32(1)])
                    return message
                }
                let message = BusMessage.methodCall(
                    destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
                    member: "InjectTouches")
                try message.write { writer in
                    try writer.appendArray(of: "(usddd)") { array in
                        func sample(_ phase: String, _ x: Double) throws {
                            try array.appendStruct { item in
                                try item.append(UInt32(0))
                                try item.append(phase)
                                try item.append(x)
                                try item.append(screen.y)
                                try item.append(0.0)
                            }
                        }
                        try sample("down", screen.x)
                        for index in 0..<98 { try sample("move", screen.x + Double(index % 20) * 0.25) }
                        try sample("up", screen.x)
                    }
                }
                return message
            }
            emitLine("connected")
            waitForStartLine()
            let start = Clock.monotonic()
            let end = start + UInt64(seconds * 1e9)
            let make = message
            var workers: [Task<Void, Never>] = []
            for _ in 0..<512 {
                workers.append(Task { @MainActor in
                    while Clock.monotonic() < end {
                        do {
                            _ = try await connection.call(try make(), timeout: .seconds(120))
                            flood.answered += 1
                        } catch {
                            flood.failed += 1
                            flood.lastError = "\(error)"
                        }
                    }
                })
            }
            for worker in workers { await worker.value }
            let elapsed = Double(Clock.monotonic() - start) / 1e9
            if flood.failed > 0 && flood.answered == 0 {
                emitLine("error: every call failed: \(flood.lastError)")
                exit(1)
            }
            emitLine("\(Double(flood.answered) / elapsed)")
            exit(0)
        } catch {
            emitLine("error: \(error)")
            exit(1)
        }
    }
    while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}

/// `HostBench bus-pinger ADDRESS SECONDS [trace]`: connects, prints `connected`, waits for the start
/// line, then for SECONDS calls `Peer.Ping` on the host (blocking), one call every 1 ms, and prints
/// `pings=N p50=MS p99=MS max=MS`; with `trace`, each call as `BEGAN_NS LATENCY_MS` instead
/// (CLOCK_MONOTONIC, which the parent shares), then `end`.
@MainActor
func runPingerRole(address: String, seconds: Double, trace: Bool) -> Never {
    do {
        let driver = try HostBusDriver(address: address)
        emitLine("connected")
        waitForStartLine()
        let calls = try driver.pingEveryMillisecond(for: seconds)
        if trace {
            emitLine(calls.map { "\($0.began) \($0.milliseconds)" }.joined(separator: "\n") + "\nend")
            exit(0)
        }
        let latencies = calls.map(\.milliseconds).sorted()
        func percentile(_ fraction: Double) -> Double { latencies[Int(Double(latencies.count - 1) * fraction)] }
        emitLine("pings=\(latencies.count) p50=\(percentile(0.5)) p99=\(percentile(0.99)) max=\(latencies.last ?? 0)")
        exit(0)
    } catch {
        emitLine("error: \(error)")
        exit(1)
    }
}

/// Blocks until the parent writes the start line.
func waitForStartLine() {
    var buffer = [UInt8](repeating: 0, count: 64)
    _ = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
}
