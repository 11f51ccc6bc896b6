@testable import ScenePlugins
import Testing

@Suite("A child's time limit counts from when it runs its own code")
struct ChildDeadlineTests {
    @Test("Until the child says it runs, the start limit applies; then the run limit, from that moment")
    func limitsInTurn() {
        var deadline = ChildDeadline(runLimit: 5, startLimit: 60)
        #expect(deadline.deadline == 60)
        let next = deadline.started(at: 12)
        #expect(next == 17)
        #expect(deadline.phase == .running(since: 12))
    }

    @Test("The start limit is ten times the run limit, and at least a minute")
    func startLimit() {
        #expect(ChildDeadline(runLimit: 5).startLimit == 60)
        #expect(ChildDeadline(runLimit: 30).startLimit == 300)
    }

    @Test("A child that never says it runs is killed for the start limit")
    func killedWhileStarting() {
        var deadline = ChildDeadline(runLimit: 5, startLimit: 60)
        let kill = deadline.expired()
        let stage = deadline.exited()
        #expect(kill)
        #expect(stage == .starting)
    }

    @Test("A child killed for the run limit says when it had started; a late announcement changes nothing")
    func killedWhileRunning() {
        var deadline = ChildDeadline(runLimit: 5, startLimit: 60)
        _ = deadline.started(at: 2.5)
        let kill = deadline.expired()
        let late = deadline.started(at: 9)
        let again = deadline.expired()
        let stage = deadline.exited()
        #expect(kill)
        #expect(late == nil)
        #expect(!again, "killed once")
        #expect(stage == .running(startedAfter: 2.5))
        #expect(ChildDeadline.Stage.running(startedAfter: 2.5).description == "of running (it started after 2.5 s)")
    }

    @Test("A child that ends by itself is not killed afterwards")
    func endedInTime() {
        var deadline = ChildDeadline(runLimit: 5, startLimit: 60)
        _ = deadline.started(at: 1)
        let stage = deadline.exited()
        #expect(stage == nil)
        #expect(deadline.deadline == nil)
        let kill = deadline.expired()
        #expect(!kill)
    }

    @Test("A crash report moves the deadline to the crash limit from the crash, whether or not the child had said it runs")
    func crashLimitFromTheCrash() {
        var running = ChildDeadline(runLimit: 5, startLimit: 60, crashLimit: 40)
        _ = running.started(at: 2)
        #expect(running.crashed(at: 6) == 46)
        #expect(running.phase == .crashing(since: 6))
        var starting = ChildDeadline(runLimit: 5, startLimit: 60, crashLimit: 40)
        #expect(starting.crashed(at: 1) == 41)
        #expect(starting.started(at: 2) == 41, "an announcement after the crash changes nothing")
        #expect(ChildDeadline(runLimit: 30).crashLimit == 300, "by default as long as the start limit")
    }

    @Test("A child killed while writing its crash report says when it crashed; a second crash report changes nothing")
    func killedWhileCrashing() {
        var deadline = ChildDeadline(runLimit: 5, startLimit: 60, crashLimit: 40)
        _ = deadline.started(at: 1)
        _ = deadline.crashed(at: 3)
        #expect(deadline.crashed(at: 10) == 43)
        let kill = deadline.expired()
        let stage = deadline.exited()
        #expect(kill)
        #expect(stage == .crashing(crashedAfter: 3))
        #expect(ChildDeadline.Stage.crashing(crashedAfter: 3).description == "of writing its crash report (it crashed after 3 s)")
    }
}
