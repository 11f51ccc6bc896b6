/// The continuous pan gesture (GR-15): the centroid of between `minimumNumberOfTouches` and
/// `maximumNumberOfTouches` touches travels at least `hysteresis` points.
///
///     possible ──|translation| ≥ hysteresis, touches within [min, max]──▶ .begin
///        │                                                                  │ movement ▶ .change
///        └──too many touches, or all lifted──▶ .fail                        ├ all lifted ▶ .end
///                                                                           └ all gone, one cancelled ▶ .cancel
///
/// ``translation`` is the centroid's accumulated displacement since the first touch went down (or
/// since the last ``setTranslation(_:)``). When a touch is added or removed the centroid jumps; the
/// machine re-baselines at that moment, so the jump is not counted. It is a total, not a delta.
///
/// After `.begin`, `.change` is output for every event in which a tracked touch moved, went down or
/// lifted while others stay down. Touches beyond `maximumNumberOfTouches` that go down after `.begin`
/// are not tracked. A cancelled touch is removed like a lifted one; when the last tracked touch goes and
/// one of them was cancelled during that event, the outcome is `.cancel` instead of `.end`.
public struct PanMachine: GestureStateMachine {
    /// Fewest touches that may pan; values below 1 count as 1.
    public var minimumNumberOfTouches: Int
    /// Most touches that may pan; more touches down before `.begin` fail the pan.
    public var maximumNumberOfTouches: Int
    /// Points the centroid must travel (straight-line length of ``translation``) before `.begin`.
    public var hysteresis: Double

    private enum Phase: Sendable {
        /// Not begun; zero or more touches down.
        case possible
        /// `.begin` was output.
        case began
        /// ``evaluate(at:)`` reports this outcome next, then the machine is finished.
        case pendingFail, pendingEnd, pendingCancel
        /// The outcome was reported; input is ignored until ``reset()``.
        case finished
    }

    private var phase = Phase.possible
    private var touches = TouchTable()
    /// Translation accumulated up to the last re-baseline.
    private var translationOffset = Point.zero
    /// Centroid at the last re-baseline.
    private var baseline = Point.zero
    private var tracker = VelocityTracker()
    private var changedSinceEvaluate = false
    private var cancelledSinceEvaluate = false
    /// Time of the latest evaluated event, used to seed the tracker after ``setTranslation(_:)``.
    private var lastEventTime: Double?

    /// Creates a pan machine; the hysteresis default comes from ``InteractionDefaults``.
    public init(
        minimumNumberOfTouches: Int = 1,
        maximumNumberOfTouches: Int = Int.max,
        hysteresis: Double = InteractionDefaults.panHysteresis
    ) {
        self.minimumNumberOfTouches = minimumNumberOfTouches
        self.maximumNumberOfTouches = maximumNumberOfTouches
        self.hysteresis = hysteresis
    }

    private var minimumTouches: Int { Swift.max(1, minimumNumberOfTouches) }

    /// Total centroid displacement since the first touch went down or since the last
    /// ``setTranslation(_:)``, in window points. Kept after the touches lift.
    public var translation: Point { currentTranslation() }

    /// Makes ``translation`` read `translation` from now on and resets ``velocity``: the velocity then
    /// reads zero until the next movement, which is measured from this value.
    public mutating func setTranslation(_ translation: Point) {
        translationOffset = translation
        baseline = touches.centroid ?? .zero
        tracker.reset()
        if let lastEventTime { tracker.addSample(translation, at: lastEventTime) }
    }

    /// A scroll event with no touches moved the translation by `delta` (window points) at `time`
    /// [SV-19]: the translation and the velocity follow it as they follow a centroid. Ignored while
    /// touches are down.
    public mutating func scroll(by delta: Point, at time: Double) {
        guard touches.isEmpty else { return }
        translationOffset = Point(x: translationOffset.x + delta.x, y: translationOffset.y + delta.y)
        tracker.addSample(translationOffset, at: time)
        lastEventTime = time
    }

    /// Points per second of ``translation`` over the most recent samples
    /// (`InteractionDefaults.velocitySampleWindow`); at `.end`, the speed the touches lifted with.
    public var velocity: Point { tracker.velocity }

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .possible:
            changeTouchSet { $0.insert(id, at: location) }
            if touches.count > maximumNumberOfTouches { phase = .pendingFail }
        case .began:
            guard touches.count < maximumNumberOfTouches else { return }
            changeTouchSet { $0.insert(id, at: location) }
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        switch phase {
        case .possible, .began:
            move(id, to: location)
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .possible, .began:
            guard touches.contains(id) else { return }
            move(id, to: location)
            changeTouchSet { $0.remove(id) != nil }
            if touches.isEmpty { finishTouches() }
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func touchCancelled(_ id: UInt64, time: Double) {
        switch phase {
        case .possible, .began:
            guard touches.contains(id) else { return }
            changeTouchSet { $0.remove(id) != nil }
            cancelledSinceEvaluate = true
            if touches.isEmpty { finishTouches() }
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        let changed = changedSinceEvaluate
        changedSinceEvaluate = false
        cancelledSinceEvaluate = false
        let translation = currentTranslation()
        if changed { tracker.addSample(translation, at: time) }
        lastEventTime = time
        switch phase {
        case .possible:
            let count = touches.count
            let moved = Point.zero.distance(to: translation)
            guard count >= minimumTouches, count <= maximumNumberOfTouches, moved >= hysteresis else {
                return .none
            }
            phase = .began
            return .begin
        case .began:
            return changed ? .change : .none
        case .pendingFail:
            return finish(.fail)
        case .pendingEnd:
            return finish(.end)
        case .pendingCancel:
            return finish(.cancel)
        case .finished:
            return .none
        }
    }

    /// Always nil: a pan has no timer.
    public var deadline: Double? { nil }

    public mutating func timerFired(at time: Double) -> GestureMachineOutput { .none }

    public mutating func reset() {
        phase = .possible
        touches.removeAll()
        translationOffset = .zero
        baseline = .zero
        tracker.reset()
        changedSinceEvaluate = false
        cancelledSinceEvaluate = false
        lastEventTime = nil
    }

    public var touchCount: Int { touches.count }

    /// Centroid of the touches down; with none, where the last one lifted.
    public var location: Point? { touches.centroidOrLast }

    public func touchLocation(at index: Int) -> Point? { touches.location(at: index) }

    private mutating func move(_ id: UInt64, to location: Point) {
        guard let index = touches.index(of: id), touches.move(at: index, to: location) else { return }
        changedSinceEvaluate = true
    }

    /// ``translation``, as a method so that `evaluate` can compute it once without copying the machine.
    @inline(__always)
    private func currentTranslation() -> Point {
        guard let centroid = touches.centroid else { return translationOffset }
        return Point(x: translationOffset.x + centroid.x - baseline.x, y: translationOffset.y + centroid.y - baseline.y)
    }

    /// Adds or removes a touch without counting the centroid's jump as translation.
    private mutating func changeTouchSet(_ change: (inout TouchTable) -> Bool) {
        translationOffset = translation
        let changed = change(&touches)
        baseline = touches.centroid ?? .zero
        if changed { changedSinceEvaluate = true }
    }

    /// The last tracked touch is gone.
    private mutating func finishTouches() {
        switch phase {
        case .possible:
            phase = .pendingFail
        case .began:
            phase = cancelledSinceEvaluate ? .pendingCancel : .pendingEnd
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return
        }
    }

    private mutating func finish(_ output: GestureMachineOutput) -> GestureMachineOutput {
        phase = .finished
        return output
    }
}
