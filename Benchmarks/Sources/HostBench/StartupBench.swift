import BenchSupport
import DBusKit
import Foundation
import SceneProcesses

/// Issue 4's start-up targets: probe plus load ≤ 50 ms per plugin (median), and host start to every
/// demo scene connected ≤ 400 ms (three scenes then; four since Settings joined the default).
///
/// Each run spawns the release `scene-host` with the embedded default configuration on a bus daemon
/// started once for the whole section (as a desktop session bus would be), and stops it after
/// `READY=1`. Start-to-ready is wall time from `posix_spawn` to the `READY=1` datagram; probe and load
/// times are the host's own measurements, read from its `plugin loaded` log lines. The baseline,
/// interleaved with the runs, is the same binary starting and exiting at once
/// (`scene-host --check-config`): the floor of process start, dynamic linking and Swift runtime
/// start-up that no host work can go below.
@MainActor
func runStartupSection(sceneHost: String, runs: Int) throws {
    let report = Report.shared
    report.heading("Host start-up")
    report.line("`\(sceneHost)` with the embedded default configuration (scenes findview, gesturelab, gallery, settings; each plugin probed in a child process, then loaded), \(runs) runs on one bus daemon, interleaved with the floor (`scene-host --check-config`: the same binary starting and exiting). Start-to-ready = `posix_spawn` to the `READY=1` notification (sent once every scene is connected and the API is on the bus). Probe and load: the host's own timings from its `plugin loaded` log lines.")
    report.line("")
    let daemon = try BusDaemon()
    defer { daemon.stop() }
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }

    var floors: [Double] = []
    var readies: [Double] = []
    // The same, with each scene in a process of its own (`--isolation process`): no probe (the
    // scene process is its own), four scene processes started at once.
    var isolatedReadies: [Double] = []
    var hostStarts: [Double] = []
    var probeLoad: [String: [Double]] = [:]
    var probeOnly: [String: [Double]] = [:]
    var loadOnly: [String: [Double]] = [:]
    // One warm-up of each, so the page cache holds the binaries and plugins for every timed run.
    _ = try timeToExit(executable: sceneHost, arguments: ["--check-config"])
    try HostProcess(executable: sceneHost, arguments: ["--bus", daemon.address, "--isolation", "none"], runtimeDirectory: runtime).startAndStop()

    for run in 0..<runs {
        report.progress("startup: run \(run + 1)/\(runs)")
        floors.append(Double(try timeToExit(executable: sceneHost, arguments: ["--check-config"])) / 1e6)
        let host = try HostProcess(executable: sceneHost, arguments: ["--bus", daemon.address, "--isolation", "none"], runtimeDirectory: runtime)
        let ready = try host.waitUntilReady(timeout: 10)
        readies.append(Double(ready - host.spawnedAt) / 1e6)
        let log = host.stop()
        let isolated = try HostProcess(executable: sceneHost, arguments: ["--bus", daemon.address, "--isolation", "process"], runtimeDirectory: runtime)
        isolatedReadies.append(Double(try isolated.waitUntilReady(timeout: 10) - isolated.spawnedAt) / 1e6)
        isolated.stop()
        let lines = log.split(separator: "\n")
        var loadedHere = 0
        for line in lines where line.contains(" plugin loaded ") {
            let fields = logFields(line)
            guard let plugin = fields["plugin"], let probe = fields["probe.ms"].flatMap(Double.init),
                let load = fields["load.ms"].flatMap(Double.init)
            else { throw BenchError("unexpected plugin log line: \(line)") }
            probeLoad[plugin, default: []].append(probe + load)
            probeOnly[plugin, default: []].append(probe)
            loadOnly[plugin, default: []].append(load)
            loadedHere += 1
        }
        guard loadedHere == 4 else { throw BenchError("expected 4 plugins loaded, the log shows \(loadedHere):\n\(log)") }
        // `SceneHost.start()`'s own time is on the "scenes connected" line (the "host ready" line
        // follows once the API is on the bus).
        if let connected = lines.first(where: { $0.contains(" scenes connected ") }),
            let start = logFields(connected)["start.ms"].flatMap(Double.init)
        {
            hostStarts.append(start)
        }
    }

    let plugins = probeLoad.keys.sorted()
    var rows: [[String]] = []
    for plugin in plugins {
        let total = Stats.median(probeLoad[plugin]!)
        rows.append([
            plugin, Format.fixed(Stats.median(probeOnly[plugin]!), 1), Format.fixed(Stats.median(loadOnly[plugin]!), 2),
            Format.fixed(total, 1) + " [\(Format.fixed(probeLoad[plugin]!.min()!, 1))–\(Format.fixed(probeLoad[plugin]!.max()!, 1))]",
            "≤ 50", Format.pass(total <= 50),
        ])
        if total > 50 { report.fail("startup: probe + load of \(plugin) takes \(Format.fixed(total, 1)) ms (median; target ≤ 50 ms)") }
    }
    report.table(["plugin", "probe ms (median)", "load ms (median)", "probe + load ms, median [min–max]", "target ms", "result"], rows)

    let ready = Stats.median(readies)
    let floor = Stats.median(floors)
    report.table(
        ["", "ms, median [min–max]", "ratio to the floor", "target", "result"],
        [
            ["floor: `scene-host --check-config` to exit", "\(Format.fixed(floor, 1)) [\(Format.fixed(floors.min()!, 1))–\(Format.fixed(floors.max()!, 1))]", "1×", "(baseline)", ""],
            ["start to four scenes connected (`READY=1`)", "\(Format.fixed(ready, 1)) [\(Format.fixed(readies.min()!, 1))–\(Format.fixed(readies.max()!, 1))]", Format.ratio(ready / floor), "≤ 400 ms", Format.pass(ready <= 400)],
            ["of which `SceneHost.start()` (probes, loads, scenes)", Format.fixed(Stats.median(hostStarts), 1), "", "(info)", ""],
            [
                "start to four scene processes connected (`--isolation process`, `READY=1`)",
                "\(Format.fixed(Stats.median(isolatedReadies), 1)) [\(Format.fixed(isolatedReadies.min()!, 1))–\(Format.fixed(isolatedReadies.max()!, 1))]",
                Format.ratio(Stats.median(isolatedReadies) / floor), "≤ 400 ms", Format.pass(Stats.median(isolatedReadies) <= 400),
            ],
        ])
    if Stats.median(isolatedReadies) > 400 {
        report.fail("startup: start to four scene processes connected takes \(Format.fixed(Stats.median(isolatedReadies), 1)) ms (median; target ≤ 400 ms)")
    }
    if ready > 400 { report.fail("startup: start to four scenes connected takes \(Format.fixed(ready, 1)) ms (median; target ≤ 400 ms)") }
}

extension HostProcess {
    /// Waits for readiness and stops the host (a warm-up run).
    func startAndStop() throws {
        _ = try waitUntilReady(timeout: 10)
        stop()
    }
}

/// `key=value` pairs of a host log line (values without spaces).
func logFields(_ line: Substring) -> [String: String] {
    var fields: [String: String] = [:]
    for word in line.split(separator: " ") {
        guard let equals = word.firstIndex(of: "=") else { continue }
        fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
    }
    return fields
}

func makeTemporaryDirectory() throws -> String {
    var template = Array("/tmp/scenehost-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw BenchError("mkdtemp: errno \(errno)") }
    return String(cString: made)
}
