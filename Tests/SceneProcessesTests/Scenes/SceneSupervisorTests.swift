import SceneProcesses
import Testing

/// The board's decisions about one scene process, driven with numbers for time.
@Suite("Scene supervision")
struct SceneSupervisorTests {
    static let second: UInt64 = 1_000_000_000
    let policy = SceneSupervisionPolicy(
        responseTimeout: 5 * second, startTimeout: 5 * second, restartDelays: [second / 10, second], crashesBeforeQuarantine: 2,
        stableAfter: 30 * second)

    /// A supervisor whose process (pid 100) has said hello at time 0.
    func running() -> SceneSupervisor {
        var supervisor = SceneSupervisor(policy: policy)
        #expect(supervisor.handle(.start, now: 0).first == .spawn)
        _ = supervisor.handle(.spawned(pid: 100), now: 0)
        _ = supervisor.handle(.greeted, now: 0)
        #expect(supervisor.phase == .running)
        return supervisor
    }

    /// A supervisor whose first process crashed (`exit`) at 1 s and whose second (pid 101) said hello at 2 s.
    func restartedAfterCrash(_ exit: SceneExit) -> SceneSupervisor {
        var supervisor = running()
        _ = supervisor.handle(.ended(exit), now: Self.second)
        _ = supervisor.handle(.tick, now: 2 * Self.second)
        _ = supervisor.handle(.spawned(pid: 101), now: 2 * Self.second)
        _ = supervisor.handle(.greeted, now: 2 * Self.second)
        return supervisor
    }

    @Test("A start spawns the process and waits for its hello, with the start timeout as the next wake-up")
    func startSpawns() {
        var supervisor = SceneSupervisor(policy: policy)
        #expect(supervisor.handle(.start, now: 7) == [.spawn, .wake(at: 7 + 5 * Self.second)])
        #expect(supervisor.phase == .starting(since: 7))
    }

    @Test("Calls made while the process starts wait for its hello, then go in the order they were made")
    func callsWaitForHello() {
        var supervisor = SceneSupervisor(policy: policy)
        _ = supervisor.handle(.start, now: 0)
        _ = supervisor.handle(.spawned(pid: 100), now: 0)
        #expect(supervisor.handle(.input(id: 1), now: 1).filter { $0 != .wake(at: 5 * Self.second) }.isEmpty)
        #expect(supervisor.handle(.query(id: 2), now: 2).isEmpty)
        #expect(supervisor.handle(.input(id: 3), now: 3).isEmpty)
        let actions = supervisor.handle(.greeted, now: 4)
        #expect(actions.filter { if case .deliver = $0 { true } else { false } } == [.deliver(id: 1), .deliver(id: 2)])
    }

    @Test("Inputs reach the scene one at a time: the next goes when the last is answered; a query goes at once beside the input in flight, but follows inputs queued before it")
    func inputsOneAtATime() {
        var supervisor = running()
        #expect(supervisor.handle(.input(id: 1), now: 10).contains(.deliver(id: 1)))
        #expect(supervisor.handle(.query(id: 2), now: 10).contains(.deliver(id: 2)), "a long script in flight does not hold a query back")
        #expect(!supervisor.handle(.input(id: 3), now: 11).contains(.deliver(id: 3)))
        #expect(supervisor.handle(.query(id: 4), now: 12).isEmpty, "a query made after a queued input sees what that input did")
        let next = supervisor.handle(.answered(id: 1), now: 13).filter { if case .deliver = $0 { true } else { false } }
        #expect(next == [.deliver(id: 3), .deliver(id: 4)])
        #expect(supervisor.pendingCallCount == 3)
    }

    @Test("A call unanswered for the timeout fails with notResponding and the scene is announced as not responding")
    func hangIsDetected() {
        var supervisor = running()
        _ = supervisor.handle(.input(id: 1), now: Self.second)
        _ = supervisor.handle(.input(id: 2), now: 2 * Self.second)
        #expect(supervisor.handle(.tick, now: 5 * Self.second).isEmpty, "before the timeout nothing happens")
        let actions = supervisor.handle(.tick, now: 6 * Self.second)
        #expect(actions.starts(with: [.fail(ids: [1], .notResponding), .announceNotResponding, .showPlaceholder(.notResponding)]))
        #expect(supervisor.phase == .notResponding(since: 6 * Self.second))
        #expect(actions.contains(.wake(at: 7 * Self.second)), "the queued input's own timeout is next")
        #expect(supervisor.handle(.tick, now: 7 * Self.second).contains(.fail(ids: [2], .notResponding)))
    }

    @Test("A deep queue the scene answers in turn never expires, though it takes longer in all than the timeout: each input's timeout runs from its delivery")
    func answeredQueueDoesNotExpire() {
        var supervisor = running()
        for id in UInt64(1)...10 { _ = supervisor.handle(.input(id: id), now: 0) }
        for id in UInt64(1)...10 {
            let now = id * 4 * Self.second
            #expect(!supervisor.handle(.tick, now: now).contains { if case .fail = $0 { true } else { false } }, "at \(id * 4) s")
            let actions = supervisor.handle(.answered(id: id), now: now)
            if id < 10 { #expect(actions.contains(.deliver(id: id + 1))) }
        }
        #expect(supervisor.phase == .running)
        #expect(supervisor.pendingCallCount == 0)
        // The last one, delivered at 36 s, would have been overdue at 5 s from when it was made.
        _ = supervisor.handle(.input(id: 11), now: 40 * Self.second)
        #expect(supervisor.handle(.tick, now: 45 * Self.second).starts(with: [.fail(ids: [11], .notResponding), .announceNotResponding]))
    }

    @Test("An input's allowance (a timed script's running time) extends its timeout, and an input queued behind it waits from the script's end")
    func allowanceExtendsTheTimeout() {
        var supervisor = running()
        #expect(supervisor.handle(.input(id: 1, allowance: 10 * Self.second), now: 0).contains(.deliver(id: 1)))
        _ = supervisor.handle(.input(id: 2), now: Self.second)
        #expect(supervisor.handle(.tick, now: 6 * Self.second).isEmpty, "the input behind the script is not overdue 5 s after it was made")
        #expect(supervisor.handle(.tick, now: 14 * Self.second).isEmpty, "the script runs 10 s: 5 s more before it is overdue")
        let actions = supervisor.handle(.tick, now: 15 * Self.second)
        #expect(actions.starts(with: [.fail(ids: [1, 2], .notResponding), .announceNotResponding]), "\(actions)")
    }

    @Test("An input the process keeps reporting on (a long script played step by step) is not overdue; once the process is silent for the timeout it is")
    func reportsKeepTheInputInFlightAlive() {
        var supervisor = running()
        #expect(supervisor.handle(.input(id: 1), now: 0).contains(.deliver(id: 1)))
        for second in UInt64(1)...20 {
            let actions = supervisor.handle(.reported, now: second * Self.second)
            #expect(!actions.contains { if case .fail = $0 { true } else { false } }, "at \(second) s")
            #expect(supervisor.handle(.tick, now: second * Self.second).isEmpty, "at \(second) s")
        }
        #expect(supervisor.phase == .running)
        // Silent from 20 s: overdue at 25 s.
        #expect(supervisor.handle(.tick, now: 24 * Self.second).isEmpty)
        let actions = supervisor.handle(.tick, now: 25 * Self.second)
        #expect(actions.starts(with: [.fail(ids: [1], .notResponding), .announceNotResponding]), "\(actions)")
        // Reports after that do not bring it back: only an answer does.
        _ = supervisor.handle(.reported, now: 26 * Self.second)
        #expect(supervisor.phase == .notResponding(since: 25 * Self.second))
    }

    @Test("Reports move an input's timeout in steps of a tenth of it: a stream of reports asks for few wake-ups")
    func reportsAskForFewWakeUps() {
        var supervisor = running()
        _ = supervisor.handle(.input(id: 1), now: 0)
        var wakes = 0
        for millisecond in UInt64(1)...5_000 {
            let actions = supervisor.handle(.reported, now: millisecond * Self.second / 1_000)
            wakes += actions.filter { if case .wake = $0 { true } else { false } }.count
        }
        #expect(wakes == 10, "one per half second over 5 s of reports")
    }

    @Test("A late answer brings the scene back, and the inputs queued behind it go on")
    func lateAnswerRecovers() {
        var supervisor = running()
        _ = supervisor.handle(.input(id: 1), now: 0)
        _ = supervisor.handle(.tick, now: 6 * Self.second)
        _ = supervisor.handle(.input(id: 2), now: 6 * Self.second)
        let actions = supervisor.handle(.answered(id: 1), now: 7 * Self.second)
        #expect(actions.starts(with: [.announceResponding, .removePlaceholder, .deliver(id: 2)]))
        #expect(supervisor.phase == .running)
    }

    @Test("Touching another scene while this one is stuck on an input drops the inputs queued behind it; a scene that answered its input in flight within 0.5 s keeps them")
    func otherSceneDropsBacklog() {
        var supervisor = running()
        _ = supervisor.handle(.input(id: 1), now: 0)
        _ = supervisor.handle(.input(id: 2), now: 1)
        _ = supervisor.handle(.input(id: 3), now: 2)
        _ = supervisor.handle(.query(id: 4), now: 2)
        #expect(supervisor.handle(.otherSceneTouched, now: Self.second / 2 - 1).isEmpty, "busy, not stuck: its input in flight went 0.5 s ago")
        let dropped = supervisor.handle(.otherSceneTouched, now: Self.second / 2)
        #expect(dropped.contains(.fail(ids: [2, 3], .dropped)))
        #expect(dropped.contains(.deliver(id: 4)), "a query that waited for the dropped inputs goes")
        #expect(supervisor.pendingCallCount == 2, "the input being delivered and the query are still awaited")
        var idle = running()
        #expect(idle.handle(.otherSceneTouched, now: 3).isEmpty, "an idle scene has nothing to drop")
    }

    @Test("A crash fails every call, is announced, shows the placeholder and restarts after the first delay")
    func crashRestarts() {
        var supervisor = running()
        _ = supervisor.handle(.input(id: 1), now: 0)
        _ = supervisor.handle(.query(id: 2), now: 0)
        let actions = supervisor.handle(.ended(.signaled(11)), now: Self.second)
        #expect(
            actions == [
                .fail(ids: [1, 2], .crashed), .announceCrash(.signaled(11), quarantined: false),
                .showPlaceholder(.crashed(.signaled(11), quarantined: false)), .wake(at: Self.second + Self.second / 10),
            ])
        #expect(supervisor.handle(.input(id: 3), now: Self.second).contains(.fail(ids: [3], .crashed)), "input to a crashed scene is refused")
        #expect(supervisor.handle(.tick, now: Self.second + Self.second / 10).contains(.spawn))
    }

    @Test("A process that refused its plugin is quarantined at once, its first time: a restart would be refused again; a reload tries again")
    func refusalQuarantinesAtOnce() {
        var supervisor = SceneSupervisor(policy: SceneSupervisionPolicy())
        _ = supervisor.handle(.start, now: 0)
        _ = supervisor.handle(.spawned(pid: 7), now: 0)
        _ = supervisor.handle(.input(id: 1), now: 0)
        let refusal = SceneExit.refused("plugin P refused (coreTooOld): it needs SceneCore 99.0.0")
        let actions = supervisor.handle(.ended(refusal), now: Self.second)
        #expect(
            actions == [
                .fail(ids: [1], .crashed), .announceCrash(refusal, quarantined: true), .showPlaceholder(.crashed(refusal, quarantined: true)),
            ])
        #expect(supervisor.phase == .quarantined(after: refusal))
        #expect(supervisor.handle(.tick, now: 100 * Self.second).isEmpty, "not restarted by itself")
        #expect(supervisor.handle(.reload, now: 101 * Self.second).contains(.spawn))
        #expect(refusal.description == "plugin P refused (coreTooOld): it needs SceneCore 99.0.0", "the loader's words, as they are")
    }

    @Test("The second crash in a row quarantines the plugin; a reload lifts it")
    func secondCrashQuarantines() {
        var supervisor = restartedAfterCrash(.signaled(6))
        let actions = supervisor.handle(.ended(.signaled(4)), now: 3 * Self.second)
        #expect(actions.contains(.announceCrash(.signaled(4), quarantined: true)))
        #expect(supervisor.phase == .quarantined(after: .signaled(4)))
        #expect(supervisor.handle(.tick, now: 100 * Self.second).isEmpty, "a quarantined scene is not restarted by itself")
        #expect(supervisor.handle(.reload, now: 101 * Self.second).contains(.spawn))
        #expect(supervisor.crashesInARow == 0)
    }

    @Test("A process that ran stably breaks the streak: its crash is the first in a row again")
    func stableRunResetsStreak() {
        var supervisor = restartedAfterCrash(.exited(1))
        let actions = supervisor.handle(.ended(.exited(1)), now: 40 * Self.second)
        #expect(actions.contains(.announceCrash(.exited(1), quarantined: false)))
        #expect(supervisor.crashesInARow == 1)
    }

    @Test("A process that never says hello is killed at the start timeout, and that counts as a crash")
    func startTimeout() {
        var supervisor = SceneSupervisor(policy: policy)
        _ = supervisor.handle(.start, now: 0)
        _ = supervisor.handle(.spawned(pid: 100), now: 0)
        #expect(supervisor.handle(.tick, now: 5 * Self.second).contains(.kill(pid: 100)))
        let actions = supervisor.handle(.ended(.signaled(9)), now: 5 * Self.second)
        #expect(actions.contains(.announceCrash(.startTimedOut, quarantined: false)))
    }

    @Test("A reload kills a hung process, fails its calls as stopped, and starts a new one when the old is gone")
    func reloadRestartsHungScene() {
        var supervisor = running()
        _ = supervisor.handle(.input(id: 1), now: 0)
        _ = supervisor.handle(.tick, now: 6 * Self.second)
        let actions = supervisor.handle(.reload, now: 7 * Self.second)
        #expect(actions.starts(with: [.kill(pid: 100)]), "the input's caller was already failed at its timeout")
        #expect(supervisor.handle(.input(id: 2), now: 7 * Self.second).allSatisfy { if case .fail = $0 { false } else { true } }, "held for the new process")
        let restarted = supervisor.handle(.ended(.signaled(9)), now: 7 * Self.second)
        #expect(restarted.contains(.spawn))
        #expect(!restarted.contains { if case .announceCrash = $0 { true } else { false } }, "a reload is not a crash")
        _ = supervisor.handle(.spawned(pid: 102), now: 7 * Self.second)
        #expect(supervisor.handle(.greeted, now: 8 * Self.second).contains(.deliver(id: 2)))
    }

    @Test("A stop ends the process for good and refuses later calls")
    func stopEnds() {
        var supervisor = running()
        _ = supervisor.handle(.query(id: 1), now: 0)
        #expect(supervisor.handle(.stop, now: 1) == [.fail(ids: [1], .stopped), .kill(pid: 100)])
        _ = supervisor.handle(.ended(.signaled(9)), now: 2)
        #expect(supervisor.phase == .stopped)
        #expect(supervisor.handle(.query(id: 2), now: 3) == [.fail(ids: [2], .stopped)])
    }

    @Test("A spawn that fails counts as a crash")
    func spawnFailure() {
        var supervisor = SceneSupervisor(policy: policy)
        _ = supervisor.handle(.start, now: 0)
        #expect(supervisor.handle(.spawnFailed("no such file"), now: 0).contains(.announceCrash(.couldNotStart("no such file"), quarantined: false)))
    }

    @Test("An answer to nothing awaited changes nothing")
    func strayAnswer() {
        var supervisor = running()
        #expect(supervisor.handle(.answered(id: 42), now: 1).isEmpty)
        #expect(supervisor.phase == .running)
    }
}
