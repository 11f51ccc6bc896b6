import SceneCore
import Testing

/// The tracking state machine alone, without views [UC-2, UC-3].
@Suite("ControlTracking state machine [UC-2]")
struct ControlTrackingTests {
    @Test("UC-2 began: highlighted and inside; touchDown when tracking, plus touchDownRepeat for tapCount > 1")
    func began() {
        var machine = ControlTracking()
        machine.touchBegan()
        #expect(machine.isHighlighted && machine.isTouchInside)
        #expect(machine.beginTracking(true, tapCount: 1) == .touchDown)
        var repeated = ControlTracking()
        repeated.touchBegan()
        #expect(repeated.beginTracking(true, tapCount: 2) == [.touchDown, .touchDownRepeat])
        var ignored = ControlTracking()
        ignored.touchBegan()
        #expect(ignored.beginTracking(false, tapCount: 1).isEmpty)
        #expect(!ignored.isTracking && ignored.hasTouch)
    }

    static let moves: [(Bool, Bool, Control.Events)] = [
        (true, true, .touchDragInside),
        (true, false, [.touchDragOutside, .touchDragExit]),
        (false, true, [.touchDragInside, .touchDragEnter]),
        (false, false, .touchDragOutside),
    ]

    @Test("UC-2 moved: drag events with exit and enter on inside changes", arguments: moves)
    func moved(wasInside: Bool, isInside: Bool, expected: Control.Events) {
        var machine = ControlTracking()
        machine.touchBegan()
        _ = machine.beginTracking(true, tapCount: 1)
        if !wasInside {
            _ = machine.touchMoved(inside: false)
            _ = machine.continueTracking(true)
        }
        let asksToContinue = machine.touchMoved(inside: isInside)
        #expect(asksToContinue)
        #expect(machine.isHighlighted == isInside)
        #expect(machine.continueTracking(true) == expected)
    }

    @Test("UC-2: once continueTracking returns false, no drag or up events follow")
    func stopTracking() {
        var machine = ControlTracking()
        machine.touchBegan()
        _ = machine.beginTracking(true, tapCount: 1)
        _ = machine.touchMoved(inside: true)
        #expect(machine.continueTracking(false).isEmpty)
        let asksToContinue = machine.touchMoved(inside: false)
        #expect(!asksToContinue)
        let end = machine.touchEnded(inside: true)
        #expect(!end.callEndTracking && end.events.isEmpty)
        #expect(!machine.hasTouch && !machine.isHighlighted)
    }

    @Test("UC-2 ended and cancelled: up inside/outside, touchCancel; highlight cleared")
    func endings() {
        for inside in [true, false] {
            var machine = ControlTracking()
            machine.touchBegan()
            _ = machine.beginTracking(true, tapCount: 1)
            let end = machine.touchEnded(inside: inside)
            #expect(end.callEndTracking)
            #expect(end.events == (inside ? .touchUpInside : .touchUpOutside))
            #expect(!machine.isHighlighted)
        }
        var cancelled = ControlTracking()
        cancelled.touchBegan()
        _ = cancelled.beginTracking(true, tapCount: 1)
        let result = cancelled.touchCancelled()
        #expect(result.callCancelTracking && result.events == .touchCancel)
        #expect(cancelled.phase == .idle)
    }
}
