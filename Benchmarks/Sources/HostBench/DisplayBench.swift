import BenchSupport
import DBusKit
import Foundation
import Glibc
import SceneProcesses

/// Issue 13's and issue 25's display targets, under a private Xvfb, against the release
/// `scene-host --display on` (the four demo scenes of the embedded default in four windows), with
/// input injected through XTest — the real X input path (X server → SDL's thread → the host's main
/// actor):
///
/// - **Input to photon**: a click on GestureLab's orange button, down and up (each highlights or
///   unhighlights it); for each, from its arrival in the display thread to the presentation of the
///   first frame rendered after it was handled (the host's own `DisplayStatistics.latencies`). Target:
///   p99 ≤ one refresh at 60 Hz (16.7 ms). Baseline in the same run: a bare `Peer.Ping` round trip
///   to the host.
/// - **Input to photon during an animation** (issue 25): the same clicks while the Settings scene's
///   navigation slides its General page in and out without a pause (a tap on the General row, then on
///   the back button, over D-Bus every fourth click: 400 ms apart, each slide 0.35 s), so that most
///   clicks land while the frame timer draws the slide. Same target.
/// - **Input to photon while a table coasts** (issue 24): the same clicks while GestureLab's table
///   decelerates after scripted flicks (a flick before every sixth click). Same target.
///   Then **idle after the flicks**: once no frame has been drawn for a second, the host's CPU over the
///   idle period, and the frames drawn in it. Target ≤ 1 % of a core and no frame.
/// - **Idle**: the host's CPU time (`/proc/PID/stat` utime + stime) over a quiet period with its four
///   windows shown. Target ≤ 1 % of one core. Baseline in the same run: the same host headless.
///   And its wake-ups: every context switch of the host's threads and of its children's (scene
///   processes) over the same periods, per second; judged on the headless host once settled (6 s
///   after it is ready, past its start-up's timers), target none.
/// - **Drag**: in another host (`Benchmarks/Config/display-drag.yaml`: a slider, so that every move
///   changes pixels), the left button down on the slider's thumb and the pointer moved one pixel
///   every millisecond (1,000 events/s, paced on absolute deadlines) to and fro: every move the X
///   server turned into an event is delivered to the model, in order (serials), the queue between the
///   threads stays bounded (its peak), frames are coalesced (presented ≤ the refresh rate).
@MainActor
func runDisplaySection(sceneHost: String, quick: Bool, isolation: String = "none") throws {
    // `--isolation process`: every scene in a process of its own; the host's input-to-photon samples
    // then end when a scene process's picture of the click is presented.
    let isolated = ["--isolation", isolation]
    let report = Report.shared
    let idleSeconds = quick ? 5.0 : 30.0
    let dragSeconds = quick ? 5.0 : 60.0
    let clicks = quick ? 60 : 200
    report.heading("Desktop display (Xvfb, XTest input)")
    guard access("/usr/bin/Xvfb", X_OK) == 0 else {
        report.line("skipped: /usr/bin/Xvfb is missing (apt-get install xvfb xdotool; scripts/install-deps installs them)")
        return
    }
    let server = try XvfbProcess()
    defer { server.stop() }
    let daemon = try BusDaemon()
    defer { daemon.stop() }
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    report.line("`\(sceneHost) --display on --isolation \(isolation)` on Xvfb \(server.display) (1600×1024, no window manager): \(clicks) clicks, \(clicks) more during slides, \(Format.fixed(idleSeconds, 0)) s idle, a \(Format.fixed(dragSeconds, 0)) s drag at 1,000 events/s.")
    report.line("")

    let host = try HostProcess(
        executable: sceneHost, arguments: ["--bus", daemon.address, "--display", "on"] + isolated, runtimeDirectory: runtime,
        environment: ["DISPLAY": server.display])
    defer { host.stop() }
    _ = try host.waitUntilReady(timeout: 30)
    let bus = try HostBusDriver(address: daemon.address)
    // The windows are shown and their first frames presented.
    try waitFor("the four windows' first frames", timeout: 30) {
        let statistics = try bus.displayStatistics()
        return statistics["display"]?.stringValue == "x11" && statistics["windows"]?.uint32Value == 4
            && (statistics["frames"]?.uint64Value ?? 0) >= 3 && statistics["frame-owed"] == .bool(false)
    }
    usleep(1_000_000)
    let x = try XTestDriver(display: server.display)

    // Idle: four windows, nothing happening.
    report.progress("display: idle \(Format.fixed(idleSeconds, 0)) s with four windows")
    let framesBefore = try bus.displayStatistics()["frames"]?.uint64Value ?? 0
    let idleSampled = try idleSample(of: host.pid, over: idleSeconds)
    let idle = idleSampled.cpu
    let framesDuringIdle = (try bus.displayStatistics()["frames"]?.uint64Value ?? 0) - framesBefore

    // Input to photon: GestureLab's button (window 400 + (20…180), 260…310).
    report.progress("display: \(clicks) clicks on GestureLab's button")
    x.move(to: 500, 285)
    let still = try clickRun(clicks, x: x, bus: bus, what: "the last click's frame")
    func percentile(_ p: Double) -> Double { still.percentile(p) }

    // The same clicks while Settings slides its General page in and out (scripted taps activate its
    // scene; each click activates GestureLab's again, as a click on an inactive window does).
    report.progress("display: \(clicks) clicks on GestureLab's button while Settings slides pages in and out")
    var slides = 0
    let animated = try clickRun(clicks, x: x, bus: bus, what: "the last click's frame during the slides") { click in
        guard click % 4 == 0 else { return }
        try bus.tapMatching(slides % 2 == 0 ? "#row-general" : "#back")
        slides += 1
    }
    let slideWall = animated.seconds, slideFrames = animated.frames
    let animatedSorted = animated.sorted
    func animatedPercentile(_ p: Double) -> Double { animated.percentile(p) }

    // The same clicks while GestureLab's table coasts (issue 24): every sixth click is preceded by a
    // flick on the table (window (20…370, 60…240): a scripted finger, `Window1.Swipe`, dragged 120 points
    // in 30 ms and lifted), which then decelerates for a few seconds while the clicks go on. Scripted,
    // so that the samples are the clicks' alone (only input through the display thread is sampled).
    report.progress("display: \(clicks) clicks on GestureLab's button while its table coasts after flicks")
    var flicks = 0
    let flinging = try clickRun(clicks, x: x, bus: bus, what: "the last click's frame while the table coasts") { click in
        guard click % 6 == 0 else { return }
        // Up and down in turn, so the table stays away from its ends.
        let (from, to) = flicks % 2 == 0 ? (220.0, 100.0) : (100.0, 220.0)
        try bus.swipe(window: 2, from: (200, from), to: (200, to), seconds: 0.03)
        flicks += 1
    }
    func flingPercentile(_ p: Double) -> Double { flinging.percentile(p) }
    // Idle after the last fling: once the table rests, nothing is drawn and the host sleeps.
    var lastFrames = try bus.displayStatistics()["frames"]?.uint64Value ?? 0
    var stillSince = Clock.monotonic()
    try waitFor("the table at rest (no frame for 1 s)", timeout: 20) {
        let frames = try bus.displayStatistics()["frames"]?.uint64Value ?? 0
        if frames != lastFrames {
            lastFrames = frames
            stillSince = Clock.monotonic()
        }
        return Clock.monotonic() - stillSince >= 1_000_000_000
    }
    report.progress("display: idle \(Format.fixed(idleSeconds, 0)) s after the flings")
    let idleAfterFlingSampled = try idleSample(of: host.pid, over: idleSeconds)
    let idleAfterFling = idleAfterFlingSampled.cpu
    let framesAfterFling = (try bus.displayStatistics()["frames"]?.uint64Value ?? 0) - lastFrames

    var pings: [Double] = []
    for _ in 0..<200 {
        let start = Clock.monotonic()
        try bus.ping()
        pings.append(Double(Clock.monotonic() - start) / 1e6)
    }
    let ping = Stats.median(pings)

    host.stop()

    // Drag: one pixel per millisecond on the slider's thumb (window at the screen's origin; the
    // thumb's centre at value 25 is x = 10 + 14 + 0.25 × 172 = 67, y = 25).
    report.progress("display: a \(Format.fixed(dragSeconds, 0)) s drag at 1,000 events/s on a slider")
    let dragDaemon = try BusDaemon()
    defer { dragDaemon.stop() }
    let dragHost = try HostProcess(
        executable: sceneHost, arguments: ["--bus", dragDaemon.address, "--display", "on", "--config", "Benchmarks/Config/display-drag.yaml"] + isolated,
        runtimeDirectory: runtime, environment: ["DISPLAY": server.display])
    defer { dragHost.stop() }
    _ = try dragHost.waitUntilReady(timeout: 30)
    let dragBus = try HostBusDriver(address: dragDaemon.address)
    try waitFor("the slider's window", timeout: 30) {
        let statistics = try dragBus.displayStatistics()
        return statistics["windows"]?.uint32Value == 1 && (statistics["frames"]?.uint64Value ?? 0) >= 1
            && statistics["frame-owed"] == .bool(false)
    }
    usleep(500_000)
    let before = try dragBus.displayStatistics()
    let cpuBefore = processCPU(dragHost.pid)
    x.move(to: 67, 25)
    x.button(true)
    var sent = 0
    var position = 67, step = -1
    let start = Clock.monotonic()
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    while Double(Clock.monotonic() - start) / 1e9 < dragSeconds {
        deadline.tv_nsec += 1_000_000
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_nsec -= 1_000_000_000
            deadline.tv_sec += 1
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil)
        if position >= 200 || position <= 20 { step = -step }
        position += step
        x.move(to: position, 25)
        sent += 1
    }
    let dragWall = Double(Clock.monotonic() - start) / 1e9
    x.button(false)
    x.sync()
    try waitFor("every event delivered", timeout: 60) {
        let statistics = try dragBus.displayStatistics()
        return statistics["queued"]?.uint32Value == 0 && statistics["moves"] == statistics["moves-delivered"]
            && statistics["frame-owed"] == .bool(false)
    }
    let dragCPU = (processCPU(dragHost.pid) - cpuBefore) / dragWall
    let after = try dragBus.displayStatistics()
    func delta(_ key: String) -> UInt64 { (after[key]?.uint64Value ?? 0) - (before[key]?.uint64Value ?? 0) }
    let moves = delta("moves"), delivered = delta("moves-delivered"), frames = delta("frames"), coalesced = delta("frames-coalesced")
    let outOfOrder = after["out-of-order"]?.uint64Value ?? 0
    let peak = after["queue-peak"]?.uint32Value ?? 0, capacity = after["queue-capacity"]?.uint32Value ?? 0
    dragHost.stop()

    // Baseline: the same host headless, idle.
    report.progress("display: idle \(Format.fixed(idleSeconds, 0)) s headless (baseline)")
    let headlessDaemon = try BusDaemon()
    defer { headlessDaemon.stop() }
    let headless = try HostProcess(
        executable: sceneHost, arguments: ["--bus", headlessDaemon.address, "--display", "off"] + isolated, runtimeDirectory: runtime)
    defer { headless.stop() }
    _ = try headless.waitUntilReady(timeout: 30)
    // Settled: past the start-up's own timers, the last of which is the board's check of its scene
    // processes' answers, once, a response timeout (5 s) after the last message it sent them.
    usleep(6_000_000)
    let headlessSampled = try idleSample(of: headless.pid, over: idleSeconds)
    let headlessIdle = headlessSampled.cpu

    let p99 = percentile(0.99)
    let refresh = 1000.0 / 60
    report.table(
        ["figure", "value", "ratio", "target", "result"],
        [
            ["input to photon, p50 (\(still.sorted.count) samples)", "\(Format.fixed(percentile(0.5), 2)) ms", "\(Format.ratio(percentile(0.5) / ping)) × Ping", "", "(info)"],
            ["input to photon, p99", "\(Format.fixed(p99, 2)) ms", "\(Format.ratio(p99 / refresh)) of a 60 Hz refresh; \(Format.ratio(p99 / ping)) × Ping", "≤ 16.7 ms", Format.pass(p99 <= refresh)],
            ["input to photon, worst", "\(Format.fixed(still.sorted.last ?? .nan, 2)) ms", "", "", "(info)"],
            ["Peer.Ping round trip (baseline, median of 200)", "\(Format.fixed(ping, 3)) ms", "", "", "(info)"],
            ["during slides: frames presented", "\(slideFrames) in \(Format.fixed(slideWall, 1)) s (\(Format.fixed(Double(slideFrames) / slideWall, 1))/s; \(slides) slides)", "", "", "(info)"],
            ["during slides: input to photon, p50 (\(animatedSorted.count) samples)", "\(Format.fixed(animatedPercentile(0.5), 2)) ms", "", "", "(info)"],
            ["during slides: input to photon, p99", "\(Format.fixed(animatedPercentile(0.99), 2)) ms", "\(Format.ratio(animatedPercentile(0.99) / refresh)) of a 60 Hz refresh", "≤ 16.7 ms", Format.pass(animatedPercentile(0.99) <= refresh)],
            ["during slides: input to photon, worst", "\(Format.fixed(animatedSorted.last ?? .nan, 2)) ms", "", "", "(info)"],
            ["while the table coasts: frames presented", "\(flinging.frames) in \(Format.fixed(flinging.seconds, 1)) s (\(Format.fixed(Double(flinging.frames) / flinging.seconds, 1))/s; \(flicks) flicks)", "", "", "(info)"],
            ["while the table coasts: input to photon, p50 (\(flinging.sorted.count) samples)", "\(Format.fixed(flingPercentile(0.5), 2)) ms", "", "", "(info)"],
            ["while the table coasts: input to photon, p99", "\(Format.fixed(flingPercentile(0.99), 2)) ms", "\(Format.ratio(flingPercentile(0.99) / refresh)) of a 60 Hz refresh", "≤ 16.7 ms", Format.pass(flingPercentile(0.99) <= refresh)],
            ["idle after the flicks, the table at rest (\(Format.fixed(idleSeconds, 0)) s)", "\(Format.fixed(idleAfterFling * 100, 3)) % of a core, \(framesAfterFling) frames", "", "≤ 1 %, no frame", Format.pass(idleAfterFling <= 0.01 && framesAfterFling == 0)],
            ["idle, four windows (\(Format.fixed(idleSeconds, 0)) s)", "\(Format.fixed(idle * 100, 3)) % of a core, \(framesDuringIdle) frames", "headless: \(Format.fixed(headlessIdle * 100, 3)) %", "≤ 1 %", Format.pass(idle <= 0.01 && framesDuringIdle == 0)],
            ["idle, headless, 6 s after ready: wake-ups per second, the host's threads / its children's (the busiest threads)", "\(headlessSampled.wakeUps.summary)", "with four windows, 1 s after their first frames: \(idleSampled.wakeUps.summary); after the flicks: \(idleAfterFlingSampled.wakeUps.summary)", "0", Format.pass(headlessSampled.wakeUps.isZero)],
            ["drag: pointer moves sent", "\(sent) in \(Format.fixed(dragWall, 2)) s (\(Format.fixed(Double(sent) / dragWall, 0))/s)", "", "1,000/s", "(info)"],
            ["drag: moves the display thread received / delivered to the model", "\(moves) / \(delivered)", "\(Format.ratio(Double(delivered) / Double(max(1, moves)))) delivered, \(Format.ratio(Double(moves) / Double(max(1, sent)))) of sent", "all, in order", Format.pass(delivered == moves && outOfOrder == 0 && moves > 0)],
            ["drag: out-of-order deliveries", "\(outOfOrder)", "", "0", Format.pass(outOfOrder == 0)],
            ["drag: queue peak / capacity", "\(peak) / \(capacity)", "", "bounded", Format.pass(peak <= capacity)],
            ["drag: frames presented (and replaced before presentation)", "\(frames) (\(Format.fixed(Double(frames) / dragWall, 1))/s; \(coalesced) replaced)", "\(Format.ratio(Double(frames) / Double(max(1, delivered)))) per move", "≤ 60/s, > 0 (coalesced)", Format.pass(frames > 0 && Double(frames) / dragWall <= 61)],
            ["drag: host CPU", "\(Format.fixed(dragCPU * 100, 1)) % of a core", "", "", "(info)"],
        ])
    if p99 > refresh { report.fail("display: input to photon p99 \(Format.fixed(p99, 2)) ms > 16.7 ms") }
    if !(animatedPercentile(0.99) <= refresh) {
        report.fail("display: input to photon during slides p99 \(Format.fixed(animatedPercentile(0.99), 2)) ms > 16.7 ms")
    }
    if !(flingPercentile(0.99) <= refresh) {
        report.fail("display: input to photon while the table coasts p99 \(Format.fixed(flingPercentile(0.99), 2)) ms > 16.7 ms")
    }
    if flinging.frames < 60 { report.fail("display: only \(flinging.frames) frames while flicking the table: did it coast?") }
    if idleAfterFling > 0.01 || framesAfterFling != 0 {
        report.fail("display: after the flicks, idle \(Format.fixed(idleAfterFling * 100, 3)) % of a core, \(framesAfterFling) frames")
    }
    if idle > 0.01 || framesDuringIdle != 0 { report.fail("display: idle \(Format.fixed(idle * 100, 3)) % of a core, \(framesDuringIdle) frames") }
    if delivered != moves || outOfOrder != 0 { report.fail("display: \(moves) moves received, \(delivered) delivered, \(outOfOrder) out of order") }
}

/// The input-to-photon samples of one run of clicks, sorted (ms), and what the run took.
private struct ClickRun {
    var sorted: [Double]
    var seconds: Double
    var frames: UInt64

    func percentile(_ p: Double) -> Double {
        sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }
}

/// `clicks` clicks where the pointer is (button down 40 ms, up, 60 ms), `beforeClick` first each
/// time; waits until the host has a sample for every press and release.
@MainActor
private func clickRun(
    _ clicks: Int, x: XTestDriver, bus: HostBusDriver, what: String, beforeClick: (Int) throws -> Void = { _ in }
) throws -> ClickRun {
    let before = try bus.displayStatistics()
    let samplesBefore = before["latencies"]?.arrayElements?.count ?? 0
    let start = Clock.monotonic()
    for click in 0..<clicks {
        try beforeClick(click)
        x.button(true)
        usleep(40_000)
        x.button(false)
        usleep(60_000)
    }
    x.sync()
    try waitFor(what, timeout: 10) {
        let count = try bus.displayStatistics()["latencies"]?.arrayElements?.count ?? 0
        return count - samplesBefore >= 2 * clicks
    }
    let seconds = Double(Clock.monotonic() - start) / 1e9
    let after = try bus.displayStatistics()
    let samples = (after["latencies"]?.arrayElements ?? []).dropFirst(samplesBefore).compactMap(\.doubleValue).map { $0 * 1000 }
    let frames = (after["frames"]?.uint64Value ?? 0) - (before["frames"]?.uint64Value ?? 0)
    return ClickRun(sorted: samples.sorted(), seconds: seconds, frames: frames)
}

/// Polls `condition` every 20 ms until it holds.
private func waitFor(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
    let deadline = Clock.monotonic() + UInt64(timeout * 1e9)
    while try !condition() {
        guard Clock.monotonic() < deadline else { throw BenchError("timed out waiting for \(what)") }
        usleep(20_000)
    }
}

/// CPU seconds a process used (user + system, all threads), from `/proc/PID/stat`.
private func processCPU(_ pid: pid_t) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // After the name: state is field 3; utime and stime are fields 14 and 15.
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// What a process and its children did over a quiet period.
private struct IdleSample {
    /// The fraction of one core the host used.
    var cpu: Double
    /// Wake-ups per second of the host's threads, and of its scene processes' threads.
    var wakeUps: ThreadWakeUps.Rates
}

/// The fraction of one core `pid` used over `seconds` (slept through here), and how often its
/// threads and its children's were woken.
private func idleSample(of pid: pid_t, over seconds: Double) throws -> IdleSample {
    let cpu = processCPU(pid)
    let wakeUps = ThreadWakeUps(of: pid)
    let start = Clock.monotonic()
    usleep(UInt32(seconds * 1e6))
    let wall = Double(Clock.monotonic() - start) / 1e9
    return IdleSample(cpu: (processCPU(pid) - cpu) / wall, wakeUps: wakeUps.rates(over: wall))
}

/// A private X server: Xvfb on a free display number (`-displayfd`), no TCP.
final class XvfbProcess {
    let pid: pid_t
    let display: String

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("pipe(): errno \(errno)") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let arguments = ["/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "1600x1024x24", "-nolisten", "tcp", "-noreset"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, nil, argv, environ)
        close(ends[1])
        guard status == 0 else {
            close(ends[0])
            throw BenchError("cannot start Xvfb (apt-get install xvfb): \(String(cString: strerror(status)))")
        }
        pid = child
        var text = ""
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        while !text.contains("\n"), poll(&ready, 1, 10_000) > 0 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = read(ends[0], &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        close(ends[0])
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(child, SIGKILL)
            throw BenchError("Xvfb did not report its display number")
        }
        display = ":\(number)"
    }

    func stop() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
