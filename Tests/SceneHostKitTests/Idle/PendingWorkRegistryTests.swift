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
}
