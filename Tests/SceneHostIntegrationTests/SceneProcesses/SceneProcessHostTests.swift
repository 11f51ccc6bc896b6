import Foundation
import SceneChannel
@testable import SceneHostKit
import SceneLoop
import SceneProcesses
import Testing

/// The board's side of a scene process, against real scene processes and a manual clock for the
/// supervisor's deadlines (restart delays, response timeouts): nothing here waits for a timer.
@MainActor
@Suite("The board's scene processes")
struct SceneProcessHostTests {
    /// The supervisor's wake-ups, run when the test moves time past them.
    @MainActor
    final class ManualClock: SceneProcessClock {
        var now: UInt64 = 0
        private(set) var deadline: UInt64?
        private var action: (@MainActor () -> Void)?

        func wake(at deadline: UInt64, _ action: @escaping @MainActor () -> Void) {
            self.deadline = deadline
            self.action = action
        }

        /// Moves time to `time` and runs the wake-up if it is due.
        func advance(to time: UInt64) {
            now = time
            guard let deadline, deadline <= time, let action else { return }
            self.deadline = nil
            self.action = nil
            action()
        }
    }

    /// Everything a host reported, and a way to wait for the next report that matches.
    @MainActor
    final class EventLog {
        private(set) var events: [SceneProcessEvent] = []
        private var waiters: [(matches: @MainActor (SceneProcessEvent) -> Bool, resume: (Bool) -> Void)] = []

        init(_ host: SceneProcessHost) {
            host.onEvent = { [weak self] event in self?.record(event) }
        }

        private func record(_ event: SceneProcessEvent) {
            if case .frame = event { return }
            events.append(event)
            let ready = waiters.filter { $0.matches(event) }
            waiters.removeAll { $0.matches(event) }
            for waiter in ready { waiter.resume(true) }
        }

        /// Waits for the next event that matches (at most `seconds`, a guard against a hang).
        func next(within seconds: Double = SanitizedRun.seconds(30), _ matches: @escaping @MainActor (SceneProcessEvent) -> Bool) async -> Bool {
            await withCheckedContinuation { continuation in
                var resumed = false
                let resume: (Bool) -> Void = { value in
                    guard !resumed else { return }
                    resumed = true
                    continuation.resume(returning: value)
                }
                waiters.append((matches, resume))
                DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { MainActor.assumeIsolated { resume(false) } }
            }
        }
    }

    static func host(_ plugin: String, scene: String, clock: ManualClock, arguments: [String] = []) -> SceneProcessHost {
        var environment = headlessEnvironment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return SceneProcessHost(
            configuration: .init(
                executable: buildFolder() + "/scene-host", plugin: buildFolder() + "/lib\(plugin).so", scene: scene, arguments: arguments,
                environment: environment.map { "\($0.key)=\($0.value)" }),
            clock: clock, watches: DispatchDescriptorWatches())
    }

    /// A host of `plugin`'s scene on a manual clock, started, once its process has said hello.
    static func started(_ plugin: String, scene: String) async -> (ManualClock, SceneProcessHost, EventLog) {
        let clock = ManualClock()
        let host = Self.host(plugin, scene: scene, clock: clock)
        let log = EventLog(host)
        host.start()
        #expect(await log.next(Self.isStarted), "\(plugin)'s scene process said hello")
        return (clock, host, log)
    }

    static let second: UInt64 = 1_000_000_000
    static let press = SceneTouchRecord(slot: 1, phase: .down, x: 100, y: 62)
    static let lift = SceneTouchRecord(slot: 1, phase: .up)

    static func isStarted(_ event: SceneProcessEvent) -> Bool {
        if case .started = event { true } else { false }
    }

    @Test("A scene process says whether its scene listens for hover when the board has desktop windows (--scene-hover on, the default), and spares the walk over its views when it has none (off)")
    func hoverIsReportedForADesktopOnly() async throws {
        for (arguments, listens) in [([String](), true), (["--scene-hover", "on"], true), (["--scene-hover", "off"], false)] {
            let host = Self.host("FixtureToolkit", scene: "toolkit", clock: ManualClock(), arguments: arguments)
            defer { host.stop() }
            let log = EventLog(host)
            host.start()
            #expect(await log.next { if case .windows = $0 { true } else { false } }, "\(arguments): the process listed its windows")
            let list = log.events.lazy.compactMap { if case .windows(let list) = $0 { list } else { nil } }.first
            #expect(list?.listensForHover == listens, "\(arguments): the toolkit's list has a hover recognizer")
        }
    }

    @Test("A crash fails its caller and restarts the scene after the delay; the second in a row quarantines it; a reload brings it back")
    func crashRestartQuarantineReload() async throws {
        let (clock, host, log) = await Self.started("FixtureCrashInHandler", scene: "crashing")
        defer { host.stop() }
        #expect(try await host.touch(Self.press).view == "crash")
        await #expect(throws: SceneCallError.unanswered(.crashed, scene: "crashing")) { try await host.touch(Self.lift) }
        #expect(log.events.contains { if case .crashed(.signaled, quarantined: false) = $0 { true } else { false } }, "\(log.events)")
        #expect(log.events.contains { if case .placeholder(.crashed(_, quarantined: false)?) = $0 { true } else { false } })
        await #expect(throws: SceneCallError.unanswered(.crashed, scene: "crashing"), "input to a crashed scene is refused until it restarts") {
            try await host.touch(Self.press)
        }

        let restartAt = try #require(clock.deadline)
        #expect(restartAt == Self.second / 10, "the first restart waits 100 ms")
        clock.advance(to: restartAt)
        #expect(await log.next(Self.isStarted), "restarted by itself")
        #expect(try await host.touch(Self.press).view == "crash", "the restarted scene answers")
        await #expect(throws: SceneCallError.unanswered(.crashed, scene: "crashing")) { try await host.touch(Self.lift) }
        #expect(log.events.contains { if case .crashed(.signaled, quarantined: true) = $0 { true } else { false } }, "\(log.events)")
        guard case .quarantined = host.phase else {
            Issue.record("not quarantined: \(host.phase)")
            return
        }

        host.reload()
        #expect(await log.next(Self.isStarted), "a reload lifts the quarantine")
        #expect(try await host.touch(Self.press).view == "crash")
    }

    @Test("A scene process maps neither the display's libraries nor a network library: no SDL2, no libcurl, no FoundationNetworking")
    func sceneProcessLibraries() async throws {
        let (_, host, _) = await Self.started("FixtureCrashInHandler", scene: "crashing")
        defer { host.stop() }
        let pid = try #require(host.processID)
        // Read to the end: /proc files have no size, and a read of their length reads one page.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        #expect(maps.contains("libSceneCore.so"), "the process's maps were read")
        for library in ["libSDL2", "libwayland-client", "libpulse", "libasound", "libcurl", "libssl", "libFoundationNetworking"] {
            #expect(!maps.contains(library), "\(library) is mapped")
        }
    }

    @Test("A snapshot's wait asks the process only when something was sent since a barrier was answered, and always after a restart")
    func snapshotWaitsOnlyWhenNeeded() async throws {
        let (clock, host, log) = await Self.started("FixtureCrashInHandler", scene: "crashing")
        defer { host.stop() }
        #expect(try await host.framesCaughtUp() == .waited, "a new process's frames are not known")
        #expect(try await host.framesCaughtUp() == .alreadyShown, "nothing was sent since")
        #expect(try await host.touch(Self.press).view == "crash")
        #expect(try await host.framesCaughtUp() == .waited, "a touch was sent")
        #expect(try await host.framesCaughtUp() == .alreadyShown)
        _ = try await host.describeTree(window: 0, path: "/org/scenehost/Window/1")
        #expect(try await host.framesCaughtUp() == .waited, "any call counts, a query too")
        await #expect(throws: SceneCallError.unanswered(.crashed, scene: "crashing")) { try await host.touch(Self.lift) }
        let restartAt = try #require(clock.deadline)
        clock.advance(to: restartAt)
        #expect(await log.next(Self.isStarted), "restarted by itself")
        #expect(try await host.framesCaughtUp() == .waited, "the restarted process's frames are not known")
        #expect(try await host.framesCaughtUp() == .alreadyShown)
    }

    @Test("A scene that hangs in a handler is not responding at the timeout, its caller fails, and a reload kills and restarts it")
    func hangThenReload() async throws {
        let (clock, host, log) = await Self.started("FixtureHangInHandler", scene: "hanging")
        defer { host.stop() }
        #expect(try await host.touch(Self.press).view == "hang")
        let firstProcess = host.processID
        let lift = Task { try await host.touch(Self.lift) }
        let tree = Task { try await host.describeTree(window: 0, path: "/org/scenehost/Window/1") }
        // Both calls are made (in the scene's hands, or queued); then time passes beyond the timeout.
        let deadline = ContinuousClock.now + SanitizedRun.scaled(.seconds(30))
        while host.pendingCallCount < 2 {
            guard ContinuousClock.now < deadline else {
                Issue.record("\(host.pendingCallCount) call(s) pending, not 2; events: \(log.events)")
                clock.advance(to: 5 * Self.second)
                _ = await (try? lift.value, try? tree.value)
                return
            }
            await Task.yield()
        }
        clock.advance(to: 5 * Self.second)
        await #expect(throws: SceneCallError.unanswered(.notResponding, scene: "hanging")) { try await lift.value }
        await #expect(throws: SceneCallError.unanswered(.notResponding, scene: "hanging")) { try await tree.value }
        #expect(log.events.contains(.notResponding))
        #expect(log.events.contains(.placeholder(.notResponding)))

        host.reload()
        #expect(await log.next(Self.isStarted), "a reload kills the hung process and starts another")
        #expect(host.processID != firstProcess)
        #expect(try await host.touch(Self.press).view == "hang", "the new process answers")
        #expect(!log.events.contains { if case .crashed = $0 { true } else { false } }, "a reload is not a crash")
    }

    @Test("The scene's signals reach the board as the host's: a press on the button is a Touch on window 0 with the button's reference")
    func signalsReachTheBoard() async throws {
        let (_, host, log) = await Self.started("FixtureCrashInHandler", scene: "signals")
        defer { host.stop() }
        _ = try await host.touch(Self.press)
        _ = try await host.touch(SceneTouchRecord(slot: 1, phase: .cancel))
        let touches = log.events.compactMap { event -> [SceneSignal.Value]? in
            if case .signal(let signal) = event, signal.member == "Touch" { signal.values } else { nil }
        }
        #expect(touches.count == 2)
        #expect(touches.first?.first == .window(0))
        #expect(touches.first?.contains(.string("crash")) == true)
        #expect(touches.map { $0[2] } == [.string("began"), .string("cancelled")])
    }

    @Test("Keys posted while the scene is busy wait in a batch; a call or a command made before the batch goes closes it, and every key still reaches the scene, in order")
    func keysQueuedBeforeACallReachTheScene() async throws {
        let (_, host, log) = await Self.started("FixtureCrashInHandler", scene: "keys")
        defer { host.stop() }
        // The first record goes at once; those after it wait in a batch until it is answered. A
        // touch (a call, as Window1.DescribeTree is one) and a command each close the open batch:
        // the records after them start another, and the closed one keeps its lines (proofs P70, P75
        // and CI on f940572 lost the letters typed while a query was made).
        host.postRecord("key a began")
        host.postRecord("key a ended")
        host.postRecord("key b began")
        host.touch(Self.lift) { _ in }
        host.postRecord("key b ended")
        host.post(.activation(state: "foreground-active"))
        host.postRecord("key c began")
        host.postRecord("key c ended")
        await withCheckedContinuation { continuation in host.whenPostedRecordsAnswered { continuation.resume() } }
        let presses = log.events.compactMap { event -> String? in
            guard case .signal(let signal) = event, signal.member == "Press", signal.values.count > 2,
                case .string(let key) = signal.values[1], case .string(let phase) = signal.values[2]
            else { return nil }
            return "\(key) \(phase)"
        }
        #expect(presses == ["a began", "a ended", "b began", "b ended", "c began", "c ended"])
    }

    /// What the board's slots were at each frame of a real scene process.
    @MainActor
    final class FrameChecks {
        var frames = 0
        var problems: [String] = []
    }

    @Test("Frames of a real scene process: at each the board shows the slot it now holds and every other slot is the scene's; the slot before is released to the scene once the newer picture is shown")
    func slotsHeldAndReleased() async throws {
        let (_, host, log) = await Self.started("FixtureCrashInHandler", scene: "signals")
        defer { host.stop() }
        let checks = FrameChecks()
        let record = host.onEvent
        host.onEvent = { [unowned host] event in
            if case .frame(let window, let damage) = event {
                checks.frames += 1
                let buffers = host.frameBuffers
                let held = (0...1).filter { buffers.holder(window: window, slot: UInt8($0)) == .board }
                if held.count != 1 || buffers.shownSlot(window: window).map(Int.init) != held.first { checks.problems.append("frame \(checks.frames): the board holds slots \(held), shows \(String(describing: buffers.shownSlot(window: window)))") }
                if buffers.shownBuffer(window: window) == nil { checks.problems.append("frame \(checks.frames): no buffer shown") }
                if damage.isEmpty { checks.problems.append("frame \(checks.frames): no damage") }
            }
            record?(event)
        }
        _ = log
        for _ in 0..<3 {
            _ = try await host.touch(Self.press)
            _ = try await host.touch(SceneTouchRecord(slot: 1, phase: .cancel))
        }
        // More than two frames: the scene got slots back (it has two, and draws only into its own).
        #expect(checks.frames >= 4, "the presses and cancels redrew the button: \(checks.frames) frames")
        #expect(checks.problems.isEmpty, "\(checks.problems)")
        let buffers = host.frameBuffers
        let holders = (0...1).map { buffers.holder(window: 0, slot: UInt8($0)) }
        #expect(holders.filter { $0 == .board }.count == 1, "after the last frame the board holds one slot: \(holders)")
    }
}
