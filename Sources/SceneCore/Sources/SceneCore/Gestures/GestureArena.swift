/// The gesture recognizers taking part in one window's touch handling [GR-1 … GR-11]: UIKit's
/// gesture environment, as a value that the window's touch delivery owns and drives
/// (`Window+GestureArena.swift`).
///
/// The arena holds who takes part and whether a touch event is being handled; the window runs the
/// arbitration over it. The arena never calls out: everything that runs code of the recognizers or
/// their delegates happens in the window's driver, between short accesses to the arena, so that such
/// code may change the arena again (a recognizer disabled from an action, say).
///
/// Its queries read the participants' states only (no code outside SceneCore runs): most of them,
/// on most events, read each participant unretained (owner holds: the arena holds its participants;
/// see `UnretainedAccess.swift`).
@MainActor
struct GestureArena {
    /// Recognizers that received a touch since their last reset, in the order they joined.
    var participants: [GestureRecognizer] = []
    /// True while a touch event is being handled, so state changes wait for the window to settle.
    var isDelivering = false

    /// True when settling and cleaning would change nothing (most events in the middle of a gesture):
    /// no participant has a transition requested (so settling has nothing to apply and none leaves
    /// `possible`) or has finished, and each tracks at least one touch and only touches that are
    /// still down (so none is stalled, and cleaning has no touch to drop and nobody to reset).
    mutating func allParticipantsAreQuiet() -> Bool {
        var index = 0
        let count = participants.count
        while index < count {
            let quiet = withUnretained(unretainedElementBits(&participants, index), as: GestureRecognizer.self) { recognizer in
                recognizer.requestedState == nil && !recognizer._state.isFinished
                    && GestureArena.tracksOnlyLiveTouches(recognizer)
            }
            guard quiet else { return false }
            index += 1
        }
        return true
    }

    /// True when `recognizer` tracks at least one touch and none of its touches ended or was cancelled.
    @inline(__always)
    static func tracksOnlyLiveTouches(_ recognizer: GestureRecognizer) -> Bool {
        let count = recognizer.trackedTouches.count
        guard count > 0 else { return false }
        var position = 0
        while position < count {
            if unretainedTouchPhase(&recognizer.trackedTouches, position).isTerminal { return false }
            position += 1
        }
        return true
    }

    /// Still `possible` with no touch down, nothing requested, nothing awaited and no timer [GR-10]:
    /// it can no longer recognize.
    @inline(__always)
    static func isStalled(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer._state == .possible, recognizer.requestedState == nil, !recognizer.isWaitingForFailure else {
            return false
        }
        var index = 0
        while index < recognizer.trackedTouches.count {
            if !unretainedTouchPhase(&recognizer.trackedTouches, index).isTerminal { return false }
            index += 1
        }
        return !recognizer.hasPendingTimer
    }

    /// True while a participant tracking `touch` with `delaysTouchesBegan` is still `possible` [GR-9].
    static func delaysBegan(_ touch: Touch) -> Bool {
        isHeldBack(touch) { $0.delaysTouchesBegan }
    }

    /// True while a participant tracking `touch` with `delaysTouchesEnded` is still `possible` [GR-9].
    static func delaysEnded(_ touch: Touch) -> Bool {
        isHeldBack(touch) { $0.delaysTouchesEnded }
    }

    /// True while a participant tracking `touch` for which `delays` holds is still `possible`. The
    /// recognizers are read from the touch's list unretained (owner holds: the list is append-only).
    @inline(__always)
    private static func isHeldBack(_ touch: Touch, by delays: (GestureRecognizer) -> Bool) -> Bool {
        var index = 0
        while index < touch.gestureRecognizers.count {
            let held = withUnretained(unretainedElementBits(&touch.gestureRecognizers, index), as: GestureRecognizer.self) {
                recognizer in
                delays(recognizer) && recognizer.isParticipating && recognizer._state == .possible
                    && containsIdentical(touch, &recognizer.touchesSinceReset)
            }
            if held { return true }
            index += 1
        }
        return false
    }
}
