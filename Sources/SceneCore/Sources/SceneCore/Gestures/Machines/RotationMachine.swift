/// The continuous two-finger rotation gesture (GR-18).
///
///     1st down ─▶ 2nd down (start angle) ──|rotation since start| ≥ beginSlop──▶ .begin
///        │             │                                                        │ movement ▶ .change
///        └─ a lift, a cancel or a 3rd touch ─▶ .fail                            │ 1st lift ▶ (frozen)
///                                                                               │ 2nd lift ▶ .end
///                                                                               └ a cancel ▶ .cancel
///
/// The angle is that of the vector from the lower-id touch to the higher-id touch,
/// `arcTangent2(dy, dx)`. With y pointing down, a positive angle is clockwise on screen.
///
/// ``rotation`` is absolute, in radians since the second touch went down (or since the last
/// ``setRotation(_:)``). Each event adds the change of angle since the previous event, normalized into
/// (−π, π], so the value unwraps across ±π and can exceed a full turn. A finger pair that turns by
/// more than half a turn between two events is read as the shorter turn the other way.
///
/// After `.begin`, further touches are not tracked; once a finger lifts, ``rotation`` and ``velocity``
/// freeze and no `.change` follows.
public struct RotationMachine: GestureStateMachine {
    /// Radians the angle must turn, from the start angle, before `.begin`.
    public var beginSlop: Double

    private var session = TwoTouchSession()
    /// Angle of the pair at the last evaluated event.
    private var lastAngle = 0.0
    /// Rotation since the pair formed, unaffected by ``setRotation(_:)``; compared with `beginSlop`.
    private var rotationSinceStart = 0.0
    private var tracker = VelocityTracker()
    private var lastEventTime: Double?

    /// Radians turned since the start, positive clockwise on screen; see ``setRotation(_:)``.
    public private(set) var rotation = 0.0

    /// Creates a rotation machine; the slop default comes from ``InteractionDefaults``.
    public init(beginSlop: Double = InteractionDefaults.rotationBeginSlop) {
        self.beginSlop = beginSlop
    }

    /// Makes ``rotation`` read `rotation` now, turning with the fingers from here on, and resets
    /// ``velocity``: it reads zero until the next movement, which is measured from this value.
    public mutating func setRotation(_ rotation: Double) {
        self.rotation = rotation
        tracker.reset()
        if let lastEventTime { tracker.addSample(rotation, at: lastEventTime) }
    }

    /// Radians per second of ``rotation`` over the most recent samples
    /// (`InteractionDefaults.velocitySampleWindow`); positive while turning clockwise.
    public var velocity: Double { tracker.scalarVelocity }

    public mutating func touchBegan(_ id: UInt64, at location: Point, time: Double) {
        guard session.touchBegan(id, at: location), let angle = currentAngle else { return }
        lastAngle = angle
        rotationSinceStart = 0
        rotation = 0
        tracker.reset()
    }

    public mutating func touchMoved(_ id: UInt64, to location: Point, time: Double) {
        session.touchMoved(id, to: location)
    }

    public mutating func touchEnded(_ id: UInt64, at location: Point, time: Double) {
        session.touchEnded(id, at: location)
    }

    public mutating func touchCancelled(_ id: UInt64, time: Double) {
        session.touchCancelled(id)
    }

    public mutating func evaluate(at time: Double) -> GestureMachineOutput {
        if let outcome = session.takePendingOutcome() { return outcome }
        let changed = session.pairChangedSinceEvaluate
        session.pairChangedSinceEvaluate = false
        lastEventTime = time
        if changed, let angle = currentAngle {
            let delta = Self.normalized(angle - lastAngle)
            lastAngle = angle
            rotationSinceStart += delta
            rotation += delta
            tracker.addSample(rotation, at: time)
        }
        switch session.phase {
        case .possible:
            guard session.isFollowingPair, abs(rotationSinceStart) >= beginSlop else { return .none }
            session.phase = .began
            return .begin
        case .began:
            return changed ? .change : .none
        case .pendingFail, .pendingEnd, .pendingCancel, .finished:
            return .none
        }
    }

    /// Always nil: a rotation has no timer.
    public var deadline: Double? { nil }

    public mutating func timerFired(at time: Double) -> GestureMachineOutput { .none }

    public mutating func reset() {
        session.reset()
        lastAngle = 0
        rotationSinceStart = 0
        tracker.reset()
        lastEventTime = nil
        rotation = 0
    }

    public var touchCount: Int { session.touches.count }

    /// Centroid of the touches down; with none, where the last one lifted.
    public var location: Point? { session.touches.centroidOrLast }

    public func touchLocation(at index: Int) -> Point? { session.touches.location(at: index) }

    /// Angle from the lower-id touch to the higher-id touch, nil without two touches.
    private var currentAngle: Double? {
        guard let pair = session.pair else { return nil }
        return arcTangent2(pair.second.y - pair.first.y, pair.second.x - pair.first.x)
    }

    /// `angle` brought into (−π, π].
    static func normalized(_ angle: Double) -> Double {
        let reduced = angle.remainder(dividingBy: 2 * Double.pi)
        return reduced <= -Double.pi ? reduced + 2 * Double.pi : reduced
    }
}
