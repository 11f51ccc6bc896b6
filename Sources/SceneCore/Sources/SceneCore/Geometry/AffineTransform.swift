/// A 2-D affine transform, laid out like `CGAffineTransform`:
///
///     | a  b  0 |
///     | c  d  0 |      x' = a·x + c·y + tx
///     | tx ty 1 |      y' = b·x + d·y + ty
///
/// With y pointing down, a positive rotation angle turns content clockwise on screen.
@frozen
public struct AffineTransform: Hashable, Sendable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians, clockwise on screen.
    public init(rotationAngle angle: Double) {
        let (sine, cosine) = sinCos(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other`.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// The inverse transform, or nil when the transform is singular (its determinant is zero or not
    /// finite), for example a scale of zero. A view with a singular transform cannot be hit.
    public func inverted() -> AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let ia = d / determinant
        let ib = -b / determinant
        let ic = -c / determinant
        let id = a / determinant
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id)
        )
    }
}

/// Sine and cosine without Foundation: a range-reduced Taylor evaluation, accurate to a few ulps for
/// the angles views and gestures use. Exact for multiples of π/2 so that quarter turns stay exact.
func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
    let halfPi = Double.pi / 2
    let quadrantValue = (angle / halfPi).rounded()
    let r = angle - quadrantValue * halfPi
    let r2 = r * r
    // The two Horner chains below are deliberately unrolled (`duplicates` pairs them): this runs for
    // every rotated transform, and a loop over a coefficient array would allocate or branch.
    var s = 1.0 / 121645100408832000.0
    s = s * -r2 + 1.0 / 355687428096000.0
    s = s * -r2 + 1.0 / 1307674368000.0
    s = s * -r2 + 1.0 / 6227020800.0
    s = s * -r2 + 1.0 / 39916800.0
    s = s * -r2 + 1.0 / 362880.0
    s = s * -r2 + 1.0 / 5040.0
    s = s * -r2 + 1.0 / 120.0
    s = s * -r2 + 1.0 / 6.0
    let sinR = r - r * r2 * s
    var c = 1.0 / 6402373705728000.0
    c = c * -r2 + 1.0 / 20922789888000.0
    c = c * -r2 + 1.0 / 87178291200.0
    c = c * -r2 + 1.0 / 479001600.0
    c = c * -r2 + 1.0 / 3628800.0
    c = c * -r2 + 1.0 / 40320.0
    c = c * -r2 + 1.0 / 720.0
    c = c * -r2 + 1.0 / 24.0
    c = c * -r2 + 1.0 / 2.0
    let cosR = 1 - r2 * c
    let quadrant = Int(quadrantValue.truncatingRemainder(dividingBy: 4))
    switch (quadrant + 4) % 4 {
    case 0: return (sinR, cosR)
    case 1: return (cosR, -sinR)
    case 2: return (-sinR, -cosR)
    default: return (-cosR, sinR)
    }
}

/// `atan2` without Foundation, for gesture rotation angles. Accurate to about 1e-15 rad.
func arcTangent2(_ y: Double, _ x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    let swap = ay > ax
    let ratio = swap ? ax / ay : ay / ax
    var angle = arcTangentUnit(ratio)
    if swap { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
}

/// atan(t) for t in [0, 1]: reduce to |t| ≤ tan(π/12) with the addition formula, then a series.
private func arcTangentUnit(_ t: Double) -> Double {
    let tanPiOver12 = 0.2679491924311227
    if t > tanPiOver12 {
        // atan(t) = π/6 + atan((t - 1/√3) / (1 + t/√3))
        let invSqrt3 = 0.5773502691896258
        return Double.pi / 6 + arcTangentUnit((t - invSqrt3) / (1 + t * invSqrt3))
    }
    let t2 = t * t
    var sum = 0.0
    var term = t
    var n = 1.0
    for _ in 0..<20 {
        sum += term / n
        term *= -t2
        n += 2
    }
    return sum
}
