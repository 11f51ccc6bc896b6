/// The discrete swipe gesture (GR-16): the centroid of `numberOfTouchesRequired` touches travels at
/// least `minimumDistance` points in an allowed `direction` within `maximumDuration` seconds.
///
/// The displacement is measured from the centroid at the moment the last touch went down. The
/// dominant axis decides: once the larger of |dx| and |dy| reaches `minimumDistance`,
///
/// - the swipe is recognized (`.end`, usually before the finger lifts) when that axis is strictly
///   dominant (|primary| > |secondary|) and its direction is in `direction`;
/// - otherwise it fails (a disallowed direction, or a diagonal with |dx| = |dy|).
///
/// It also fails when the `maximumDuration` timer (from the first touch-down) expires first, when a
/// tracked touch lifts or is cancelled before recognition, and when more than
/// `numberOfTouchesRequired` touches are down. With fewer touches than required it waits.
///
/// ``location`` is where the swipe began: the centroid when the last touch went down (GR-12).
public struct SwipeMachine: GestureStateMachine {
    /// Allowed directions; the default is `.right`.
    public var direction: SwipeDirection
    /// Fingers that must swipe together; values below 1 count as 1.
    public var numberOfTouchesRequired: Int
    /// Points the centroid must travel along the dominant axis.
    public var minimumDistance: Double
    /// Seconds from the first touch-down within which the distance must be covered.
    public var maximumDuration: Double

    private enum Phase: Sendable {
        /// No touch yet.
        case idle
        /// Touches are down since `since`; the outcome is not decided.
        case tracking(since: Double)
        /// A rule was broken; ``evaluate(at:)`` reports `.fail`.
        case pendingFail
        /// The outcome was reported; input is ignored until ``reset()``.
        case finished
    }

    private var phase = Phase.idle
    private var touches = TouchTable()
    /// Centroid when the last touch went down; the displacement is measured from it.
    private var start: Point?

    // Alike in shape only (`duplicates` pairs the machines' initializers and first touch): each sets its
    // own public settings, and its `touchBegan` starts its own phases.
    /// Creates a swipe machine; the distance and duration defaults come from ``InteractionDefaults``.
    public init(
        direction: SwipeDirection = .right,
        numberOfTouchesRequired: Int = 1,
        minimumDistance: Double = InteractionDefaults.swipeMinimumDistance,
        maximumDuration: Double = InteractionDefaults.swipeMaximumDuration
    ) {
        self.direction = direction
        self.numberOfTouchesRequired = numberOfTouchesRequired
        self.minimumDistance = minimumDistance
        self.maximumDuration = maximumDuration
    }

    private var requiredTouches: Int { Swift.max(1, numberOfTouchesRequired) }

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .idle:
            phase = .tracking(since: time)
        case .tracking:
            break
        case .pendingFail, .finished:
            return
        }
        guard touches.insert(id, at: location) else { return }
        start = touches.centroid
        if touches.count > requiredTouches { phase = .pendingFail }
    }

    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        switch phase {
        case .tracking:
            touches.move(id, to: location)
        case .idle, .pendingFail, .finished:
            return
        }
    }

    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        switch phase {
        case .tracking:
            guard touches.remove(id) != nil else { return }
            phase = .pendingFail
        case .idle, .pendingFail, .finished:
            return
        }
    }

    public mutating func touchCancelled(_ id: UInt64, time: Double) {
        switch phase {
        case .tracking:
            guard touches.remove(id) != nil else { return }
            phase = .pendingFail
        case .idle, .pendingFail, .finished:
            return
        }
    }

    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        switch phase {
        case .tracking(let since):
            // A late timer: the event itself shows the swipe took too long.
            guard time - since <= maximumDuration else { return finish(.fail) }
            guard touches.count == requiredTouches, let start, let centroid = touches.centroid else {
                return .none
            }
            let displacement = Point(x: centroid.x - start.x, y: centroid.y - start.y)
            switch Self.classify(displacement, allowed: direction, minimumDistance: minimumDistance) {
            case .undecided: return .none
            case .recognized: return finish(.end)
            case .failed: return finish(.fail)
            }
        case .pendingFail:
            return finish(.fail)
        case .idle, .finished:
            return .none
        }
    }

    public var deadline: Double? {
        switch phase {
        case .tracking(let since): since + maximumDuration
        case .idle, .pendingFail, .finished: nil
        }
    }

    public mutating func timerFired(at time: Double) -> GestureMachineOutput {
        switch phase {
        case .tracking(let since):
            guard time >= since + maximumDuration else { return .none }
            return finish(.fail)
        case .idle, .pendingFail, .finished:
            return .none
        }
    }

    public mutating func reset() {
        phase = .idle
        touches.removeAll()
        start = nil
    }

    public var touchCount: Int { touches.count }

    /// Where the swipe began: the centroid when its last touch went down. Nil before any touch.
    public var location: Point? { start }

    public func touchLocation(at index: Int) -> Point? { touches.location(at: index) }

    private enum Verdict {
        case undecided, recognized, failed
    }

    /// Decides a displacement once its dominant component reaches `minimumDistance`.
    private static func classify(
        _ displacement: Point,
        allowed: SwipeDirection,
        minimumDistance: Double
    ) -> Verdict {
        let ax = abs(displacement.x)
        let ay = abs(displacement.y)
        let travelled = Swift.max(ax, ay)
        guard travelled > 0, travelled >= minimumDistance else { return .undecided }
        let travelledIn: SwipeDirection
        if ax > ay {
            travelledIn = displacement.x > 0 ? .right : .left
        } else if ay > ax {
            travelledIn = displacement.y > 0 ? .down : .up
        } else {
            return .failed
        }
        return allowed.contains(travelledIn) ? .recognized : .failed
    }

    private mutating func finish(_ output: GestureMachineOutput) -> GestureMachineOutput {
        phase = .finished
        return output
    }
}
