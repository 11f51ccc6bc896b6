/// A rotation's value (GR-18): radians turned since the pair formed (or since ``set(_:pair:)``),
/// positive clockwise on screen (y points down), absolute. The angle is that of the vector from the
/// lower-id finger to the higher-id one; each event adds the change of angle since the previous event,
/// normalized into (−π, π], so the value unwraps across ±π and can exceed a full turn. A pair that turns
/// by more than half a turn between two events is read as the shorter turn the other way.
struct RotationMeasure: TwoTouchMeasure {
    /// Angle of the pair at the last evaluated event.
    private var lastAngle = 0.0
    /// Rotation since the pair formed, unaffected by ``set(_:pair:)``: what the begin slop is measured
    /// against.
    private var rotationSinceStart = 0.0
    private(set) var value = 0.0

    mutating func start(_ pair: (first: Point, second: Point)) {
        lastAngle = Self.angle(pair)
        rotationSinceStart = 0
        value = 0
    }

    mutating func update(_ pair: (first: Point, second: Point)?) -> Bool {
        // A lift froze the rotation: nothing to measure, nothing to sample.
        guard let pair else { return false }
        let angle = Self.angle(pair)
        let delta = Self.normalized(angle - lastAngle)
        lastAngle = angle
        rotationSinceStart += delta
        value += delta
        return true
    }

    func hasPassed(_ slop: Double, pair: (first: Point, second: Point)?) -> Bool {
        abs(rotationSinceStart) >= slop
    }

    mutating func set(_ value: Double, pair: (first: Point, second: Point)?) {
        self.value = value
    }

    /// Angle from the lower-id touch to the higher-id touch.
    private static func angle(_ pair: (first: Point, second: Point)) -> Double {
        arcTangent2(pair.second.y - pair.first.y, pair.second.x - pair.first.x)
    }

    /// `angle` brought into (−π, π].
    static func normalized(_ angle: Double) -> Double {
        let reduced = angle.remainder(dividingBy: 2 * Double.pi)
        return reduced <= -Double.pi ? reduced + 2 * Double.pi : reduced
    }
}
