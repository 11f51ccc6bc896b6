import BenchSupport
import Foundation
import Glibc
import SceneChannel
import SceneProcesses

/// Issue 26's figures that a scene process gives on its own, before the board drives them: three
/// scene processes from spawn to their first frames (≤ 400 ms), a crashed one back to its first
/// frame (≤ 300 ms), each demo scene's resident memory (≤ 20 MB), and a touch's round trip over the
/// channel against the channel's own floor.
///
/// Each scene process is the release `scene-host --scene-process PLUGIN` with its channel, started
/// by ``SceneProcessLauncher`` as the board will start it. Floors, interleaved with the runs: the
/// same binary starting and exiting (`--check-config`) for start-up and restart; an input the scene
/// process answers without delivering it (an unknown input code) for the round trip.
@MainActor
func runSceneProcessSection(sceneHost: String, runs: Int) throws {
    let report = Report.shared
    report.heading("Scene processes")
    let folder = (sceneHost as NSString).deletingLastPathComponent
    report.line("`\(sceneHost) --scene-process PLUGIN` started with its channel on descriptor 3 (`SceneProcessLauncher`), \(runs) runs. Start-up: three (FindView, GestureLab, Gallery) spawned at once, to the last first frame. Restart: FixtureCrashInHandler's button tapped (a crash), from its end seen on the pidfd to the new process's first frame. Floor: `scene-host --check-config`, the same binary starting and exiting. Memory: after the first frame, with the other scene processes of the run still running, from `smaps_rollup`: unique (private clean + dirty: what the process adds), proportional, and resident (every shared library page counted in full). Idle: after half a second to settle, a second with nothing asked of the three, the frames they send and the CPU they use. Round trip: a touch down and up on GestureLab's background, each answered, against an input the process answers without delivering (the channel's floor through the same process and loop).")
    report.line("")
    _ = try timeToExit(executable: sceneHost, arguments: ["--check-config"])  // warm the page cache

    var starts: [Double] = [], restarts: [Double] = [], floors: [Double] = []
    var touchPairs: [Double] = [], floorPairs: [Double] = []
    var idleFrames: [Double] = [], idleCPU: [Double] = [], settleFrames: [Double] = []
    var memory: [String: [SceneProcessMemory]] = [:]
    for run in 0..<runs {
        report.progress("scene processes: run \(run + 1)/\(runs)")
        floors.append(Double(try timeToExit(executable: sceneHost, arguments: ["--check-config"])) / 1e6)

        let began = Clock.monotonic()
        let three = try ["FindView", "GestureLab", "Gallery"].map { try BenchSceneProcess(sceneHost: sceneHost, plugin: folder + "/lib\($0).so") }
        for process in three { try process.waitForFirstFrame() }
        starts.append(Double(three.map(\.firstFrameAt).max()! - began) / 1e6)
        for (name, process) in zip(["FindView", "GestureLab", "Gallery"], three) { memory[name, default: []].append(process.memory()) }

        // Idle: after half a second to settle (a window's later first frame, a layout pass's
        // picture), nothing asked of them for a second; no frames, no CPU.
        for process in three { settleFrames.append(Double(try process.framesDuring(seconds: 0.5))) }
        let cpuBefore = three.map { $0.cpuMilliseconds() }
        let framesWhileIdle = try three.map { try $0.framesDuring(seconds: 1) }
        idleFrames.append(Double(framesWhileIdle.reduce(0, +)))
        idleCPU.append(zip(three, cpuBefore).map { $0.cpuMilliseconds() - $1 }.max() ?? .nan)

        let lab = three[1]
        let (touch, floor) = try lab.roundTrips(count: 300)
        touchPairs.append(touch)
        floorPairs.append(floor)

        let settings = try BenchSceneProcess(sceneHost: sceneHost, plugin: folder + "/libSettings.so")
        try settings.waitForFirstFrame()
        memory["Settings", default: []].append(settings.memory())

        let crashing = try BenchSceneProcess(sceneHost: sceneHost, plugin: folder + "/libFixtureCrashInHandler.so")
        try crashing.waitForFirstFrame()
        let ended = try crashing.crashByTapping(x: 100, y: 62)
        let restarted = try BenchSceneProcess(sceneHost: sceneHost, plugin: folder + "/libFixtureCrashInHandler.so")
        try restarted.waitForFirstFrame()
        restarts.append(Double(restarted.firstFrameAt - ended) / 1e6)
    }

    let floor = Stats.median(floors)
    func row(_ name: String, _ values: [Double], target: Double) -> [String] {
        let median = Stats.median(values), worst = values.max()!
        if median > target || worst > target { report.fail("scene processes: \(name) median \(Format.fixed(median, 1)) ms, worst \(Format.fixed(worst, 1)) ms (target ≤ \(Format.fixed(target, 0)) ms)") }
        return [name, Format.fixed(median, 1), Format.fixed(worst, 1), Format.fixed(median / floor, 2) + "×", "≤ \(Format.fixed(target, 0))", Format.pass(median <= target && worst <= target)]
    }
    report.table(
        ["figure", "median ms", "worst ms", "÷ process floor (\(Format.fixed(floor, 1)) ms)", "target ms", "result"],
        [row("three scene processes to their first frames", starts, target: 400), row("crashed scene to its new first frame", restarts, target: 300)])

    // Judged on the unique memory (what each scene process adds); resident memory counts every
    // page of the shared libraries (the Swift runtime, Foundation, Cairo, Pango…) in every process
    // and is shown beside it.
    var memoryRows: [[String]] = []
    for name in memory.keys.sorted() {
        let values = memory[name]!
        let unique = values.map(\.unique), resident = values.map(\.resident)
        let worst = unique.max()!
        if worst > 20 { report.fail("scene processes: \(name) holds \(Format.fixed(worst, 1)) MB of its own (unique; target ≤ 20 MB)") }
        memoryRows.append([
            name, Format.fixed(Stats.median(unique), 1), Format.fixed(worst, 1), Format.fixed(Stats.median(values.map(\.proportional)), 1),
            Format.fixed(Stats.median(resident), 1) + " (worst \(Format.fixed(resident.max()!, 1)))", "≤ 20", Format.pass(worst <= 20),
        ])
    }
    report.table(["scene process (four or five running)", "unique MB (median)", "unique worst", "proportional MB", "resident MB", "target MB (unique)", "result"], memoryRows)

    let idleOK = idleFrames.allSatisfy { $0 == 0 } && idleCPU.allSatisfy { $0 <= 10 }
    if !idleOK { report.fail("scene processes: idle, \(idleFrames.max()!) frames and \(Format.fixed(idleCPU.max()!, 0)) ms of CPU in a second (target: none, ≤ 10 ms at the clock tick's resolution)") }
    report.table(
        ["idle for 1 s after the first frames (three processes)", "median", "worst", "target", "result"],
        [
            ["frames while settling (half a second after the first; not judged)", Format.fixed(Stats.median(settleFrames), 0), Format.fixed(settleFrames.max()!, 0), "—", "—"],
            ["frames sent", Format.fixed(Stats.median(idleFrames), 0), Format.fixed(idleFrames.max()!, 0), "0", Format.pass(idleFrames.allSatisfy { $0 == 0 })],
            ["CPU of the busiest, ms", Format.fixed(Stats.median(idleCPU), 0), Format.fixed(idleCPU.max()!, 0), "0 (≤ 10: one clock tick)", Format.pass(idleCPU.allSatisfy { $0 <= 10 })],
        ])

    let touch = Stats.median(touchPairs), channelFloor = Stats.median(floorPairs)
    report.table(
        ["round trip", "median µs", "worst of \(runs) µs"],
        [
            ["touch down + up, each answered", Format.fixed(touch, 1), Format.fixed(touchPairs.max()!, 1)],
            ["two undelivered inputs, each answered (floor)", Format.fixed(channelFloor, 1), Format.fixed(floorPairs.max()!, 1)],
            ["touch ÷ floor", Format.fixed(touch / channelFloor, 2) + "×", Format.fixed(zip(touchPairs, floorPairs).map { $0 / $1 }.max()!, 2) + "×"],
        ])
}

/// One scene process driven by the benchmark: blocking waits with deadlines (the benchmark has
/// nothing else to serve).
final class BenchSceneProcess {
    let process: LaunchedSceneProcess
    private let connection: ChannelConnection
    private(set) var firstFrameAt: UInt64 = 0
    private var nextID: UInt64 = 1

    init(sceneHost: String, plugin: String) throws {
        let (board, child) = try ChannelSocket.pair()
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["DISPLAY"] = nil
        process = try SceneProcessLauncher.launch(
            executable: sceneHost, arguments: ["--scene-process", plugin, "--scene-name", "bench"], channel: child.descriptor.rawValue,
            environment: environment.map { "\($0.key)=\($0.value)" })
        connection = ChannelConnection(socket: board)
    }

    /// Waits for the next messages (at most `timeout` s); returns them.
    private func next(timeout: Double = 10) throws -> ChannelConnection.Received {
        var poller = pollfd(fd: connection.socket.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { throw BenchError("a scene process said nothing for \(timeout) s") }
        return try connection.receiveAvailable()
    }

    func waitForFirstFrame() throws {
        while firstFrameAt == 0 {
            let received = try next()
            for envelope in received.envelopes {
                switch envelope.message {
                case .frame(let window, let slot, _):
                    if firstFrameAt == 0 { firstFrameAt = Clock.monotonic() }
                    try connection.send(.releaseBuffer(window: window, slot: slot))
                case .goodbye(let reason):
                    throw BenchError("the scene process gave up: \(reason)")
                default: break
                }
            }
            guard !received.closed else { throw BenchError("the scene process ended before its first frame") }
        }
        try connection.flush()
    }

    /// Sends an input and waits for its answer.
    private func input(code: UInt16, body: [UInt8]) throws {
        let id = nextID
        nextID += 1
        try connection.send(.input(id: id, code: code, body: body))
        try connection.flush()
        while true {
            let received = try next()
            for envelope in received.envelopes {
                switch envelope.message {
                case .inputDone(id, _): return
                case .frame(let window, let slot, _): try connection.send(.releaseBuffer(window: window, slot: slot))
                default: break
                }
            }
            guard !received.closed else { throw BenchError("the scene process ended during an input") }
        }
    }

    /// Frames received in the next `seconds` (each released at once).
    func framesDuring(seconds: Double) throws -> Int {
        let deadline = Clock.monotonic() + UInt64(seconds * 1e9)
        var frames = 0
        while Clock.monotonic() < deadline {
            var poller = pollfd(fd: connection.socket.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            let left = Int32((deadline - min(deadline, Clock.monotonic())) / 1_000_000)
            guard poll(&poller, 1, max(left, 1)) == 1 else { continue }
            for envelope in try connection.receiveAvailable().envelopes {
                if case .frame(let window, let slot, _) = envelope.message {
                    frames += 1
                    try connection.send(.releaseBuffer(window: window, slot: slot))
                }
            }
            try connection.flush()
        }
        return frames
    }

    /// The process's CPU time so far (user + system), ms, at the clock tick's resolution (10 ms).
    func cpuMilliseconds() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processID)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return .nan }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Median µs of `count` touch pairs (down at (5, 5), up) and of `count` pairs of undelivered inputs.
    func roundTrips(count: Int) throws -> (touch: Double, floor: Double) {
        var touches: [Double] = [], floors: [Double] = []
        for _ in 0..<count {
            var start = Clock.monotonic()
            try input(code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .down, x: 5, y: 5).body)
            try input(code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .up).body)
            touches.append(Double(Clock.monotonic() - start) / 1e3)
            start = Clock.monotonic()
            try input(code: 999, body: [])
            try input(code: 999, body: [])
            floors.append(Double(Clock.monotonic() - start) / 1e3)
        }
        return (Stats.median(touches), Stats.median(floors))
    }

    /// Taps at a point whose action crashes the process; returns when its end was seen on the pidfd.
    func crashByTapping(x: Double, y: Double) throws -> UInt64 {
        try input(code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .down, x: x, y: y).body)
        try connection.send(.input(id: 0, code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .up).body))
        try connection.flush()
        var poller = pollfd(fd: process.pidDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 10_000) == 1 else { throw BenchError("the crashing scene process did not end within 10 s") }
        let ended = Clock.monotonic()
        guard case .signaled = process.reap() else { throw BenchError("the crashing scene process did not end by a signal") }
        return ended
    }

    /// The process's memory, MB, from `/proc/PID/smaps_rollup`: resident (every page it maps,
    /// shared libraries included), proportional (shared pages divided among the processes mapping
    /// them) and unique (pages no other process maps: what this process costs).
    func memory() -> SceneProcessMemory {
        guard let text = try? String(contentsOfFile: "/proc/\(process.processID)/smaps_rollup", encoding: .utf8) else {
            return SceneProcessMemory(resident: .nan, proportional: .nan, unique: .nan)
        }
        var fields: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count >= 2, parts[0].hasSuffix(":"), let kilobytes = Double(parts[1]) { fields[String(parts[0].dropLast())] = kilobytes / 1024 }
        }
        return SceneProcessMemory(
            resident: fields["Rss"] ?? .nan, proportional: fields["Pss"] ?? .nan,
            unique: (fields["Private_Clean"] ?? .nan) + (fields["Private_Dirty"] ?? .nan))
    }
}

/// A scene process's memory, MB.
struct SceneProcessMemory {
    var resident: Double
    var proportional: Double
    var unique: Double
}
