/// What pinch and rotation share (GR-17, GR-18): a continuous gesture of two fingers whose value is
/// measured from the pair (the distance between them for a pinch, the angle between them for a
/// rotation), with a velocity of that value and a slop it must pass before `.begin`.
///
/// The finger rules are the session's (``TwoTouchSession``): the first two touches are tracked; before
/// `.begin` a third touch, a lift or a cancel fails; after it, the value freezes once a finger lifts,
/// `.end` comes when both have lifted and a cancel gives `.cancel`. The measure (``TwoTouchMeasure``)
/// says what the value is. ``PinchMachine`` and ``RotationMachine`` are this with their measure and
/// their public names.
struct TwoTouchGesture<Measure: TwoTouchMeasure>: Sendable {
    private var session = TwoTouchSession()
    private(set) var measure = Measure()
    private var tracker = VelocityTracker()
    /// The time of the last evaluated event: where ``setValue(_:)`` puts its velocity sample.
    private var lastEventTime: Double?

    /// Change of the value per second over the most recent samples.
    var velocity: Double { tracker.scalarVelocity }

    /// Makes the value read `value` now, measured from here on, and resets the velocity: it reads zero
    /// until the next movement, which is measured from this value.
    mutating func setValue(_ value: Double) {
        measure.set(value, pair: session.pair)
        tracker.reset()
        if let lastEventTime { tracker.addSample(value, at: lastEventTime) }
    }

    mutating func touchBegan(_ id: UInt64, at location: Point) {
        guard session.touchBegan(id, at: location), let pair = session.pair else { return }
        measure.start(pair)
        tracker.reset()
    }

    mutating func touchMoved(_ id: UInt64, to location: Point) {
        session.touchMoved(id, to: location)
    }

    mutating func touchEnded(_ id: UInt64, at location: Point) {
        session.touchEnded(id, at: location)
    }

    mutating func touchCancelled(_ id: UInt64) {
        session.touchCancelled(id)
    }

    /// The pending outcome if any; else, with the pair's changes measured, `.begin` once the value
    /// passed `beginSlop` with both fingers down, `.change` after it when the pair moved.
    mutating func evaluate(at time: Double, beginSlop: Double) -> GestureMachineOutput {
        if let outcome = session.takePendingOutcome() { return outcome }
        let changed = session.pairChangedSinceEvaluate
        session.pairChangedSinceEvaluate = false
        lastEventTime = time
        if changed, measure.update(session.pair) { tracker.addSample(measure.value, at: time) }
        switch session.phase {
        case .possible:
            guard session.isFollowingPair, measure.hasPassed(beginSlop, pair: session.pair) else { return .none }
            session.phase = .began
            return .begin
        case .began:
            return changed ? .change : .none
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return .none
        }
    }

    mutating func reset() {
        session.reset()
        measure = Measure()
        tracker.reset()
        lastEventTime = nil
    }

    var touchCount: Int { session.touches.count }

    /// Centroid of the touches down; with none, where the last one lifted.
    var location: Point? { session.touches.centroidOrLast }

    func touchLocation(at index: Int) -> Point? { session.touches.location(at: index) }
}
