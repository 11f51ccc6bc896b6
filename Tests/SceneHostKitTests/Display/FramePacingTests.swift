import Testing

@testable import SceneHostKit

@Suite("Frame pacing: streams of changes once per refresh, discrete input at once")
struct FramePacingTests {
    private let refresh = 1.0 / 60

    @Test("The first change is drawn at once; a change right after a frame waits for the refresh slot")
    func changesArePacedToTheRefresh() throws {
        var pacing = FramePacing(interval: refresh)
        let firstRequest = pacing.request(.change, now: 10)
        let first = try #require(firstRequest)
        #expect(first.wait == 0)
        pacing.frameDrawn(at: 10)
        let nextRequest = pacing.request(.change, now: 10.004)
        let next = try #require(nextRequest)
        #expect(abs(next.wait - (refresh - 0.004)) < 1e-9)
        #expect(pacing.isCurrent(next.ticket))
    }

    @Test("More changes before the scheduled frame ask for nothing more: one frame per refresh")
    func furtherChangesJoinTheScheduledFrame() throws {
        var pacing = FramePacing(interval: refresh)
        pacing.frameDrawn(at: 10)
        let scheduledRequest = pacing.request(.change, now: 10.001)
        let scheduled = try #require(scheduledRequest)
        #expect(pacing.request(.change, now: 10.005) == nil)
        #expect(pacing.request(.change, now: 10.016) == nil)
        #expect(pacing.isCurrent(scheduled.ticket))
    }

    @Test("A press between two refreshes is drawn at once, and the frame it replaces becomes stale")
    func discreteInputJumpsTheRefreshSlot() throws {
        var pacing = FramePacing(interval: refresh)
        pacing.frameDrawn(at: 10)
        let animationRequest = pacing.request(.change, now: 10.002)
        let animation = try #require(animationRequest)
        #expect(animation.wait > 0.01)
        let pressRequest = pacing.request(.discreteInput, now: 10.003)
        let press = try #require(pressRequest)
        #expect(press.wait == 0)
        #expect(!pacing.isCurrent(animation.ticket), "the animation's callback must not draw a second frame")
        #expect(pacing.isCurrent(press.ticket))
        // The press's frame holds the animation's change too; the next change waits a refresh from it.
        pacing.frameDrawn(at: 10.003)
        #expect(!pacing.isCurrent(press.ticket))
        let afterRequest = pacing.request(.change, now: 10.004)
        let after = try #require(afterRequest)
        #expect(abs(after.wait - (refresh - 0.001)) < 1e-9)
    }

    @Test("A press while a frame is already due at once asks for nothing more")
    func discreteInputJoinsAnImmediateFrame() throws {
        var pacing = FramePacing(interval: refresh)
        pacing.frameDrawn(at: 10)
        let dueRequest = pacing.request(.change, now: 10.5)
        let due = try #require(dueRequest)
        #expect(due.wait == 0)
        #expect(pacing.request(.discreteInput, now: 10.5) == nil)
        #expect(pacing.isCurrent(due.ticket))
    }

    @Test("Discrete input draws at once when it damaged a window or a window already owes a frame (its observer reports once per frame); other input waits for the slot", arguments: [
        (true, true, false, true), (true, false, true, true), (true, true, true, true), (true, false, false, false),
        (false, true, false, false), (false, false, true, false), (false, true, true, false),
    ])
    func whenABatchDrawsAtOnce(discreteInput: Bool, reportedDamage: Bool, windowOwesFrame: Bool, atOnce: Bool) {
        #expect(FramePacing.drawsAtOnce(discreteInput: discreteInput, reportedDamage: reportedDamage, windowOwesFrame: windowOwesFrame) == atOnce)
    }

    @Test("A frame drawn early (someone waits for idle) makes the scheduled callback stale")
    func anEarlyFrameVoidsTheScheduledOne() throws {
        var pacing = FramePacing(interval: refresh)
        pacing.frameDrawn(at: 10)
        let scheduledRequest = pacing.request(.change, now: 10.001)
        let scheduled = try #require(scheduledRequest)
        #expect(pacing.isScheduled)
        pacing.frameDrawn(at: 10.002)
        #expect(!pacing.isScheduled)
        #expect(!pacing.isCurrent(scheduled.ticket))
    }
}
