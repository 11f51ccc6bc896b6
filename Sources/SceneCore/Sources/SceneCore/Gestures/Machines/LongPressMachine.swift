/// The continuous long-press gesture (GR-14): optional taps, then `numberOfTouchesRequired` fingers held
/// still for `minimumPressDuration`.
///
///     [taps, as TapMachine] ──▶ pressing ──timer──▶ .begin ──move──▶ .change …
///                                   │                  └──any finger lifts──▶ .end
///                                   │                  └──a touch cancelled──▶ .cancel
///                                   └──moved too far, lifted, too many touches, cancelled──▶ .fail
///
/// - `.begin` comes only from the timer, `minimumPressDuration` after the required number of touches
///   are down, when no touch has moved more than `allowableMovement` from where it went down.
/// - After `.begin`, every event in which a tracked touch moved outputs `.change`; movement never
///   cancels. Touches that go down after `.begin` are not tracked.
/// - With `numberOfTapsRequired = n`, n complete taps come first, under the tap rules of ``TapMachine``
///   (with this machine's `allowableMovement` and touch count). The press then counts as the next tap's
///   touch-down: it must begin within `maximumTapInterval` of the last lift and, once all its touches
///   are down, within `allowableMovement` of the first tap.
///
/// ``location`` is the centroid of the touches down (GR-12).
public struct LongPressMachine: GestureStateMachine {
    /// Seconds the required touches must be held before `.begin`.
    public var minimumPressDuration: Double
    /// Points a touch may move from where it went down before `.begin`; also the tap rules' limit.
    public var allowableMovement: Double
    /// Complete taps that must come before the press; 0 for a plain long press.
    public var numberOfTapsRequired: Int
    /// Fingers in the press and in each tap; values below 1 count as 1.
    public var numberOfTouchesRequired: Int
    /// Longest a preceding tap may stay down, in seconds (the tap rule's `maximumPressDuration`).
    public var maximumTapPressDuration: Double
    /// Longest wait, in seconds, from a tap's lift to the next tap or to the press.
    public var maximumTapInterval: Double

    private enum Phase: Sendable {
        /// No touch yet.
        case idle
        /// The required taps are in progress, tracked by `taps`.
        case tapping
        /// The taps completed at `liftedAt`; the press has not begun.
        case awaitingPress(liftedAt: Double)
        /// The press's touches are going down; `requiredSince` is when all required touches were down.
        case pressing(requiredSince: Double?)
        /// `.begin` was output; `.change` follows movement.
        case began
        /// ``evaluate(at:)`` reports this outcome next, then the machine is finished.
        case pendingFail, pendingEnd, pendingCancel
        /// The outcome was reported; input is ignored until ``reset()``.
        case finished
    }

    private var phase = Phase.idle
    private var taps = TapMachine()
    private var touches = TouchTable()
    private var movedSinceEvaluate = false

    // Alike in shape only (`duplicates` pairs the machines' initializers and first touch): each sets its
    // own public settings, and its `touchBegan` starts its own phases.
    /// Creates a long-press machine; every default comes from ``InteractionDefaults``.
    public init(
        minimumPressDuration: Double = InteractionDefaults.longPressMinimumDuration,
        allowableMovement: Double = InteractionDefaults.longPressAllowableMovement,
        numberOfTapsRequired: Int = 0,
        numberOfTouchesRequired: Int = 1,
        maximumTapPressDuration: Double = InteractionDefaults.tapMaximumPressDuration,
        maximumTapInterval: Double = InteractionDefaults.tapMaximumInterval
    ) {
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = allowableMovement
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.maximumTapPressDuration = maximumTapPressDuration
        self.maximumTapInterval = maximumTapInterval
    }

    private var requiredTouches: Int { Swift.max(1, numberOfTouchesRequired) }

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .idle:
            if numberOfTapsRequired > 0 {
                taps.numberOfTapsRequired = numberOfTapsRequired
                taps.numberOfTouchesRequired = requiredTouches
                taps.allowableMovement = allowableMovement
                taps.maximumPressDuration = maximumTapPressDuration
                taps.maximumInterval = maximumTapInterval
                phase = .tapping
                taps.touchBegan(id, at: location, time: time)
            } else {
                phase = .pressing(requiredSince: nil)
                addPressTouch(id, at: location, time: time)
            }
        case .tapping:
            taps.touchBegan(id, at: location, time: time)
        case .awaitingPress(let liftedAt):
            guard time - liftedAt <= maximumTapInterval else {
                phase = .pendingFail
                return
            }
            phase = .pressing(requiredSince: nil)
            addPressTouch(id, at: location, time: time)
        case .pressing:
            addPressTouch(id, at: location, time: time)
        case .began, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        switch phase {
        case .tapping:
            taps.touchMoved(id, to: location, time: time)
        case .pressing:
            guard touches.move(id, to: location) else { return }
            if touches.anyTouchMoved(beyond: allowableMovement) { phase = .pendingFail }
        case .began:
            moveTrackedTouch(id, to: location)
        case .idle, .awaitingPress, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .tapping:
            taps.touchEnded(id, at: location, time: time)
        case .pressing:
            guard touches.remove(id) != nil else { return }
            phase = .pendingFail
        case .began:
            moveTrackedTouch(id, to: location)
            guard touches.remove(id) != nil else { return }
            phase = .pendingEnd
        case .idle, .awaitingPress, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func touchCancelled(_ id: UInt64, time: Double) {
        switch phase {
        case .tapping:
            taps.touchCancelled(id, time: time)
        case .pressing:
            guard touches.remove(id) != nil else { return }
            phase = .pendingFail
        case .began:
            guard touches.remove(id) != nil else { return }
            phase = .pendingCancel
        case .idle, .awaitingPress, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        switch phase {
        case .tapping:
            return afterTaps(taps.evaluate(at: time))
        case .awaitingPress(let liftedAt):
            guard time - liftedAt <= maximumTapInterval else { return finish(.fail) }
            return .none
        case .began:
            guard movedSinceEvaluate else { return .none }
            movedSinceEvaluate = false
            return .change
        case .pendingFail:
            return finish(.fail)
        case .pendingEnd:
            return finish(.end)
        case .pendingCancel:
            return finish(.cancel)
        case .idle, .pressing, .finished:
            return .none
        }
    }

    public var deadline: Double? {
        switch phase {
        case .tapping: taps.deadline
        case .awaitingPress(let liftedAt): liftedAt + maximumTapInterval
        case .pressing(let requiredSince): requiredSince.map { $0 + minimumPressDuration }
        case .idle, .began, .pendingFail, .pendingEnd, .pendingCancel, .finished: nil
        }
    }

    public mutating func timerFired(at time: Double) -> GestureMachineOutput {
        switch phase {
        case .tapping:
            return afterTaps(taps.timerFired(at: time))
        case .awaitingPress(let liftedAt):
            guard time >= liftedAt + maximumTapInterval else { return .none }
            return finish(.fail)
        case .pressing(let requiredSince):
            guard let requiredSince, time >= requiredSince + minimumPressDuration else { return .none }
            phase = .began
            movedSinceEvaluate = false
            return .begin
        case .idle, .began, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return .none
        }
    }

    public mutating func reset() {
        phase = .idle
        taps.reset()
        touches.removeAll()
        movedSinceEvaluate = false
    }

    public var touchCount: Int {
        switch phase {
        case .tapping, .awaitingPress: taps.touchCount
        case .idle, .pressing, .began, .pendingFail, .pendingEnd, .pendingCancel, .finished: touches.count
        }
    }

    /// Centroid of the touches down; with none, where the last one lifted.
    public var location: Point? {
        touches.centroidOrLast ?? taps.touches.centroidOrLast
    }

    public func touchLocation(at index: Int) -> Point? {
        switch phase {
        case .tapping, .awaitingPress: taps.touchLocation(at: index)
        case .idle, .pressing, .began, .pendingFail, .pendingEnd, .pendingCancel, .finished:
            touches.location(at: index)
        }
    }

    private mutating func addPressTouch(_ id: UInt64, at location: Point, time: Double) {
        guard touches.insert(id, at: location) else { return }
        if touches.count > requiredTouches {
            phase = .pendingFail
        } else if touches.count == requiredTouches {
            if numberOfTapsRequired > 0, let firstTap = taps.location, let centroid = touches.centroid,
                centroid.distance(to: firstTap) > allowableMovement
            {
                phase = .pendingFail
            } else {
                phase = .pressing(requiredSince: time)
            }
        }
    }

    private mutating func moveTrackedTouch(_ id: UInt64, to location: Point) {
        guard let index = touches.index(of: id), touches.move(at: index, to: location) else { return }
        movedSinceEvaluate = true
    }

    /// Follows the embedded tap machine: its `.end` means the taps are done and the press may begin.
    private mutating func afterTaps(_ output: GestureMachineOutput) -> GestureMachineOutput {
        switch output {
        case .end:
            phase = .awaitingPress(liftedAt: taps.lastTapEndTime ?? 0)
            return .none
        case .fail:
            return finish(.fail)
        case .none, .begin, .change, .cancel:
            return .none
        }
    }

    private mutating func finish(_ output: GestureMachineOutput) -> GestureMachineOutput {
        phase = .finished
        return output
    }
}
