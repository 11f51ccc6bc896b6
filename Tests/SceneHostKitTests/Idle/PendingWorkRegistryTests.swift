import Dispatch
import SceneCore
import SceneHostKit
import Testing

/// A source whose work is set by the test.
@MainActor
final class ManualSource: PendingWorkSource {
    var busy: [String] = []
    var settled = 0
    func appendBusySources(to list: inout [BusySource]) {
        for detail in busy { list.append(BusySource(kind: .queuedInput, detail: detail)) }
    }
    func settle() { settled += 1 }
}

@MainActor
@Suite("Pending-work registry and waiting for idle")
struct PendingWorkRegistryTests {
    let clock = VirtualClock()
    let application: Application
    let registry: PendingWorkRegistry
    let source = ManualSource()

    init() {
        application = Application(clock: clock)
        registry = PendingWorkRegistry(application: application, clock: clock)
        registry.register(source)
    }

    @Test("Idle is the union of the sources: any busy source makes the host busy, and sources settle first")
    func union() {
        #expect(registry.isIdle())
        source.busy = ["frame 3 owed"]
        #expect(!registry.isIdle())
        #expect(registry.busySources().map(\.detail) == ["frame 3 owed"])
        #expect(source.settled == 2)
        registry.unregister(source)
        #expect(registry.isIdle())
    }

    @Test("A condition that holds is answered at once, without a waiter")
    func immediate() {
        var answered = 0
        registry.wait(timeout: 1, until: { answered += 1; return true }, expired: { Issue.record("expired") })
        #expect(answered == 1)
        #expect(registry.waiterCount == 0)
    }

    @Test("A waiter is answered at the end of the turn in which a source says its work is done")
    func answeredAfterChange() async {
        source.busy = ["input queued"]
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            registry.wait(timeout: 60) {
                guard self.registry.isIdle() else { return false }
                done.resume()
                return true
            } expired: {
                Issue.record("expired")
            }
            #expect(registry.waiterCount == 1)
            source.busy = []
            registry.setNeedsCheck()
        }
        #expect(registry.waiterCount == 0)
    }

    @Test("A model event (a timer firing on the clock) checks the waiters again; nothing polls")
    func answeredAfterTimer() async {
        var due = false
        _ = clock.schedule(after: 0.3) { due = true }
        var checks = 0
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            registry.wait(timeout: 60) {
                checks += 1
                guard due else { return false }
                done.resume()
                return true
            } expired: {
                Issue.record("expired")
            }
            clock.advance(by: 0.3)
        }
        #expect(checks == 2, "once when waiting, once after the timer's turn")
    }

    @Test("Timeout 0 checks once and expires at once; a later timeout expires once, after which the condition is dropped")
    func expiry() async {
        source.busy = ["forever"]
        var expired = 0
        registry.wait(timeout: 0, until: { false }, expired: { expired += 1 })
        #expect(expired == 1)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            registry.wait(timeout: 0.01, until: { false }, expired: {
                expired += 1
                done.resume()
            })
        }
        #expect(expired == 2)
        #expect(registry.waiterCount == 0)
    }

    @Test("A costly condition is not re-run at every turn while the scene keeps changing; the change it missed is checked later, not dropped")
    func costlyConditionIsPaced() async {
        let time = ManualTime()
        let registry = PendingWorkRegistry(application: application, clock: clock, now: { time.nanoseconds })
        let answer = Answer()
        let scene = SceneState()
        // The timeout is wall-clock time and plays no part here: a day, because a sanitized build on a
        // busy machine has kept this process's main thread from its next turn for over a minute.
        registry.wait(timeout: 86_400) {
            scene.checks += 1
            time.nanoseconds += 10_000_000  // each check costs 10 ms: the next may start 40 ms after this one
            guard scene.matches else { return false }
            answer.give()
            return true
        } expired: {
            Issue.record("expired")
            answer.give()
        }
        for _ in 0..<5 {
            time.nanoseconds += 1_000_000
            registry.setNeedsCheck()
            await Self.nextTurn()
        }
        #expect(scene.checks == 1, "five changing turns 11–15 ms after a 10 ms check: held off")
        #expect(registry.waiterCount == 1)
        scene.matches = true
        time.nanoseconds = 40_000_000
        await answer.wait()
        #expect(scene.checks == 2, "one owed check for the five changes")
        #expect(registry.waiterCount == 0)
    }

    @Test("A wait that ends with a change still unchecked checks it before it expires")
    func expiryChecksWhatIsOwed() async {
        let time = ManualTime()
        let registry = PendingWorkRegistry(application: application, clock: clock, now: { time.nanoseconds })
        let answer = Answer()
        let scene = SceneState()
        registry.wait(timeout: 0.05) {
            time.nanoseconds += 1_000_000_000  // a second: the owed check would come 4 s on, long after the wait ends
            guard scene.matches else { return false }
            answer.give()
            return true
        } expired: {
            Issue.record("expired although the condition held")
            answer.give()
        }
        scene.matches = true
        registry.setNeedsCheck()
        await answer.wait()
        #expect(registry.waiterCount == 0)
    }

    @Test("A wake-up whose time the clock passes between two readings is set for at once, and the owed check runs (the host crashed on the overflow)")
    func wakeUpPassedWhileSettingIt() async {
        let time = ManualTime()
        time.tick = 2  // every reading moves the clock on, as a busy machine's does
        let registry = PendingWorkRegistry(application: application, clock: clock, now: { time.read() })
        let answer = Answer()
        let scene = SceneState()
        registry.wait(timeout: 86_400) {
            scene.checks += 1
            time.nanoseconds += 9  // read at 0 and 11: costs 11, so the next check may run at 44
            guard scene.matches else { return false }
            answer.give()
            return true
        } expired: {
            Issue.record("expired")
            answer.give()
        }
        #expect(scene.checks == 1)
        scene.matches = true
        // The change is seen at 41 (before 44: owed, a wake-up for 44); the wake-up's delay reads 43,
        // and a second reading would be 45, past it.
        time.nanoseconds = 41
        registry.setNeedsCheck()
        await answer.wait()
        #expect(scene.checks == 2)
        #expect(registry.waiterCount == 0)
    }

    @Test("nextChange runs once at the next change (not at once), or at its timeout when nothing changes; every change is counted, waited for or not")
    func nextChange() async {
        let before = registry.changeCount
        registry.setNeedsCheck()
        #expect(registry.changeCount == before &+ 1, "counted with nobody waiting")
        var runs = 0
        registry.nextChange(timeout: 86_400) { runs += 1 }
        #expect(runs == 0, "not run before anything changed")
        await Self.nextTurn()
        #expect(runs == 0, "a turn in which nothing happened does not run it")
        registry.setNeedsCheck()
        await Self.nextTurn()
        #expect(runs == 1)
        registry.setNeedsCheck()
        await Self.nextTurn()
        #expect(runs == 1, "once only")
        #expect(registry.waiterCount == 0)
        // A change made before it was registered, whose check is still due, does not run it.
        var late = 0
        registry.nextChange(timeout: 86_400) {}  // someone waits, so the next change schedules a check
        registry.setNeedsCheck()
        registry.nextChange(timeout: 86_400) { late += 1 }
        await Self.nextTurn()
        #expect(late == 0, "the check that came was for a change before it")
        registry.setNeedsCheck()
        await Self.nextTurn()
        #expect(late == 1)
        let start = DispatchTime.now().uptimeNanoseconds
        await registry.nextChange(timeout: 0.01)
        #expect(DispatchTime.now().uptimeNanoseconds - start >= 10_000_000, "nothing changed: it ran at its timeout")
        #expect(registry.waiterCount == 0)
    }

    private static func nextTurn() async {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { turn.resume() }
        }
    }
}

/// Monotonic time that a test moves.
@MainActor
private final class ManualTime {
    var nanoseconds: UInt64 = 0
    /// How far each ``read()`` moves the time on.
    var tick: UInt64 = 0

    func read() -> UInt64 {
        defer { nanoseconds += tick }
        return nanoseconds
    }
}

/// What a test's condition reads and counts.
@MainActor
private final class SceneState {
    var matches = false
    var checks = 0
}

/// An answer awaited by the test and given by a waiter's condition, in either order.
@MainActor
private final class Answer {
    private var given = false
    private var waiting: CheckedContinuation<Void, Never>?

    func give() {
        given = true
        waiting?.resume()
        waiting = nil
    }

    func wait() async {
        if given { return }
        await withCheckedContinuation { waiting = $0 }
    }
}
