/// The discrete tap gesture (GR-13): `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers.
///
/// A tap begins when its first touch goes down and is complete when all its touches have lifted. The
/// machine outputs `.end` (recognized) right at the touch-up that completes the last required tap. It
/// outputs `.fail` when:
///
/// - more than `numberOfTouchesRequired` touches are down at once;
/// - a touch moves more than `allowableMovement` from where it went down;
/// - a press lasts longer than `maximumPressDuration` (timer at the first touch-down plus that duration);
/// - the next tap does not begin within `maximumInterval` of the previous tap's lift (timer);
/// - the next tap begins more than `allowableMovement` from the first tap (measured between the
///   centroids of where the touches went down, once the new tap has all its touches);
/// - a tap completes with a number of touches other than `numberOfTouchesRequired`;
/// - a tracked touch is cancelled.
///
///     idle ──down──▶ pressing ──all up──▶ betweenTaps ──down──▶ pressing ──all up──▶ … ──▶ .end
///                       │ (too many, moved, timer)        │ (timer, too far)
///                       └──────────────▶ .fail ◀──────────┘
///
/// ``location`` is the centroid of the first tap's touches where they went down (GR-12).
///
/// A timer that fires exactly at a deadline fails the tap; an event at the same instant that the
/// recognizer delivers first still counts, since the rules fail only what lasts strictly longer.
public struct TapMachine: GestureStateMachine {
    /// Taps that make the gesture; values below 1 count as 1.
    public var numberOfTapsRequired: Int
    /// Fingers in each tap; values below 1 count as 1.
    public var numberOfTouchesRequired: Int
    /// Points a touch may move from where it went down, and the largest distance between a later tap
    /// and the first one.
    public var allowableMovement: Double
    /// Longest a tap may stay down, in seconds, from its first touch-down to its last lift.
    public var maximumPressDuration: Double
    /// Longest wait, in seconds, from one tap's lift to the next tap's first touch-down.
    public var maximumInterval: Double

    private enum Phase: Sendable {
        /// No tap has begun.
        case idle
        /// A tap's touches are going down or lifting; it began at `since`.
        case pressing(since: Double)
        /// A tap completed at `liftedAt`; more taps are required.
        case betweenTaps(liftedAt: Double)
        /// The last required tap completed; ``evaluate(at:)`` reports `.end`.
        case recognized
        /// A rule was broken; ``evaluate(at:)`` reports `.fail`.
        case failed
        /// The outcome was reported; input is ignored until ``reset()``.
        case finished
    }

    private var phase = Phase.idle
    /// Touches of the current tap that are down.
    private(set) var touches = TouchTable()
    /// Taps completed so far in this sequence.
    public private(set) var tapsCompleted = 0
    /// Time the most recent tap completed, nil before the first.
    private(set) var lastTapEndTime: Double?
    /// Touches that went down in the current tap, and the sum of where they went down.
    private var currentTapTouchCount = 0
    private var currentTapStartSum = Point.zero
    /// Centroid of the first tap's touch-down locations, set when it completes.
    private var firstTapLocation: Point?

    /// Creates a tap machine; every default comes from ``InteractionDefaults``.
    public init(
        numberOfTapsRequired: Int = 1,
        numberOfTouchesRequired: Int = 1,
        allowableMovement: Double = InteractionDefaults.tapAllowableMovement,
        maximumPressDuration: Double = InteractionDefaults.tapMaximumPressDuration,
        maximumInterval: Double = InteractionDefaults.tapMaximumInterval
    ) {
        self.numberOfTapsRequired = numberOfTapsRequired
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.allowableMovement = allowableMovement
        self.maximumPressDuration = maximumPressDuration
        self.maximumInterval = maximumInterval
    }

    private var requiredTaps: Int { Swift.max(1, numberOfTapsRequired) }
    private var requiredTouches: Int { Swift.max(1, numberOfTouchesRequired) }

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .idle:
            startTap(at: time)
        case .pressing:
            break
        case .betweenTaps(let liftedAt):
            guard time - liftedAt <= maximumInterval else {
                phase = .failed
                return
            }
            startTap(at: time)
        case .recognized, .failed, .finished:
            return
        }
        guard touches.insert(id, at: location) else { return }
        currentTapTouchCount += 1
        currentTapStartSum = currentTapStartSum + location
        if touches.count > requiredTouches {
            phase = .failed
        } else if let firstTapLocation, currentTapTouchCount == requiredTouches,
            currentTapStartCentroid.distance(to: firstTapLocation) > allowableMovement
        {
            phase = .failed
        }
    }

    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        switch phase {
        case .pressing:
            guard touches.move(id, to: location) else { return }
            if touches.anyTouchMoved(beyond: allowableMovement) { phase = .failed }
        case .idle, .betweenTaps, .recognized, .failed, .finished:
            return
        }
    }

    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .pressing(let since):
            guard touches.move(id, to: location) else { return }
            if touches.anyTouchMoved(beyond: allowableMovement) {
                phase = .failed
                return
            }
            _ = touches.remove(id)
            guard touches.isEmpty else { return }
            completeTap(pressedSince: since, liftedAt: time)
        case .idle, .betweenTaps, .recognized, .failed, .finished:
            return
        }
    }

    public mutating func touchCancelled(_ id: UInt64, time: Double) {
        switch phase {
        case .pressing:
            if touches.contains(id) { phase = .failed }
        case .idle, .betweenTaps, .recognized, .failed, .finished:
            return
        }
    }

    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        switch phase {
        case .recognized:
            phase = .finished
            return .end
        case .failed:
            phase = .finished
            return .fail
        case .pressing(let since):
            // A late timer: the event already shows the press lasted too long.
            guard time - since <= maximumPressDuration else { return finishFailing() }
            return .none
        case .betweenTaps(let liftedAt):
            guard time - liftedAt <= maximumInterval else { return finishFailing() }
            return .none
        case .idle, .finished:
            return .none
        }
    }

    public var deadline: Double? {
        switch phase {
        case .pressing(let since): since + maximumPressDuration
        case .betweenTaps(let liftedAt): liftedAt + maximumInterval
        case .idle, .recognized, .failed, .finished: nil
        }
    }

    public mutating func timerFired(at time: Double) -> GestureMachineOutput {
        switch phase {
        case .pressing, .betweenTaps:
            guard let deadline, time >= deadline else { return .none }
            return finishFailing()
        case .idle, .recognized, .failed, .finished:
            return .none
        }
    }

    public mutating func reset() {
        phase = .idle
        touches.removeAll()
        tapsCompleted = 0
        lastTapEndTime = nil
        currentTapTouchCount = 0
        currentTapStartSum = .zero
        firstTapLocation = nil
    }

    public var touchCount: Int { touches.count }

    /// Where the first tap's touches went down (their centroid); during the first tap, the centroid of
    /// the touches that have gone down so far. Nil before any touch.
    public var location: Point? {
        if let firstTapLocation { return firstTapLocation }
        return currentTapTouchCount > 0 ? currentTapStartCentroid : nil
    }

    public func touchLocation(at index: Int) -> Point? { touches.location(at: index) }

    private var currentTapStartCentroid: Point {
        let n = Double(Swift.max(1, currentTapTouchCount))
        return Point(x: currentTapStartSum.x / n, y: currentTapStartSum.y / n)
    }

    private mutating func startTap(at time: Double) {
        phase = .pressing(since: time)
        currentTapTouchCount = 0
        currentTapStartSum = .zero
    }

    private mutating func completeTap(pressedSince since: Double, liftedAt time: Double) {
        guard time - since <= maximumPressDuration, currentTapTouchCount == requiredTouches else {
            phase = .failed
            return
        }
        if tapsCompleted == 0 { firstTapLocation = currentTapStartCentroid }
        tapsCompleted += 1
        lastTapEndTime = time
        phase = tapsCompleted >= requiredTaps ? .recognized : .betweenTaps(liftedAt: time)
    }

    private mutating func finishFailing() -> GestureMachineOutput {
        phase = .finished
        return .fail
    }
}
