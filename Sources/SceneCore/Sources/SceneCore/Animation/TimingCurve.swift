/// How an animation's progress runs from 0 to 1 over its duration [AN-1]: UIKit's named curves
/// (`UIView.AnimationCurve`, with Core Animation's control points), any cubic Bézier curve
/// (`UICubicTimingParameters`), or a spring (`usingSpringWithDamping:initialSpringVelocity:`).
///
/// Progress is a pure function of the time since the animation started, so a frame at any time is
/// exact whatever the frames before it were, and a virtual clock moves animations exactly.
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        /// A cubic Bézier curve from (0, 0) to (1, 1) through its two control points.
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
        /// A damped spring from 0 to rest at 1, starting at `initialVelocity` (1: the whole distance
        /// in one second), that settles within the duration.
        case spring(dampingRatio: Double, initialVelocity: Double)
    }

    let kind: Kind

    /// Constant speed.
    public static let linear = TimingCurve(bezier: 0, 0, 1, 1)
    /// Slow at the start: Core Animation's `easeIn`, (0.42, 0) (1, 1).
    public static let easeIn = TimingCurve(bezier: 0.42, 0, 1, 1)
    /// Slow at the end: Core Animation's `easeOut`, (0, 0) (0.58, 1).
    public static let easeOut = TimingCurve(bezier: 0, 0, 0.58, 1)
    /// Slow at both ends, UIKit's default: Core Animation's `easeInEaseOut`, (0.42, 0) (0.58, 1).
    public static let easeInOut = TimingCurve(bezier: 0.42, 0, 0.58, 1)

    /// Within this fraction of the distance a spring counts as at rest: it is there by the end of its
    /// duration [AN-1].
    public static let springRestingFraction = 0.001

    /// The smallest damping ratio a spring takes: one that never comes to rest cannot end at its
    /// duration (a ratio below it, or not a number, counts as it).
    public static let minimumDampingRatio = 0.05

    private init(bezier x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        kind = .bezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// A cubic Bézier curve through `controlPoint1` and `controlPoint2`, as `UICubicTimingParameters`
    /// takes them: x is time and is clamped to 0…1 (so that progress is a function of time); y is
    /// progress and may leave 0…1 (an overshoot). A value that is not a number counts as 0.
    public init(controlPoint1: Point, controlPoint2: Point) {
        func time(_ value: Double) -> Double { value.isNaN ? 0 : Swift.min(1, Swift.max(0, value)) }
        func progress(_ value: Double) -> Double { value.isFinite ? value : 0 }
        kind = .bezier(x1: time(controlPoint1.x), y1: progress(controlPoint1.y), x2: time(controlPoint2.x), y2: progress(controlPoint2.y))
    }

    /// A spring: `dampingRatio` 1 comes to rest without overshooting, lower ones oscillate (from
    /// ``minimumDampingRatio``), higher ones creep; `initialVelocity` is the starting speed in whole
    /// distances per second (UIKit's `initialSpringVelocity`; not a number counts as 0).
    public static func spring(dampingRatio: Double, initialVelocity: Double = 0) -> TimingCurve {
        let ratio = dampingRatio.isNaN ? minimumDampingRatio : Swift.max(minimumDampingRatio, Swift.min(dampingRatio, 1_000))
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        return TimingCurve(kind: .spring(dampingRatio: ratio, initialVelocity: velocity))
    }

    private init(kind: Kind) {
        self.kind = kind
    }

    /// Progress at `elapsed` seconds into an animation of `duration` seconds: 0 until it starts,
    /// exactly 1 from its end on, and in between the curve's value (outside 0…1 for an overshooting
    /// Bézier or a spring below critical damping). A duration of 0 or less is at its end at once.
    public func progress(at elapsed: Double, duration: Double) -> Double {
        guard duration > 0, elapsed < duration else { return 1 }
        guard elapsed > 0 else { return 0 }
        switch kind {
        case .bezier(0, 0, 1, 1):
            return elapsed / duration  // linear: exactly the fraction of the time
        case .bezier(let x1, let y1, let x2, let y2):
            let t = Self.bezierParameter(forTime: elapsed / duration, x1, x2)
            return Self.bezier(t, y1, y2)
        case .spring(let ratio, let velocity):
            return 1 - Self.springDisplacement(at: elapsed, dampingRatio: ratio, velocity: velocity, frequency: Self.springFrequency(dampingRatio: ratio, duration: duration))
        }
    }

    public var description: String {
        switch kind {
        case .bezier(let x1, let y1, let x2, let y2):
            switch self {
            case .linear: "linear"
            case .easeIn: "easeIn"
            case .easeOut: "easeOut"
            case .easeInOut: "easeInOut"
            default: "cubic(\(x1.compactDescription), \(y1.compactDescription), \(x2.compactDescription), \(y2.compactDescription))"
            }
        case .spring(let ratio, let velocity):
            "spring(damping \(ratio.compactDescription), velocity \(velocity.compactDescription))"
        }
    }

    // MARK: Bézier

    /// One coordinate of the curve at parameter `t`, for control coordinates `a` and `b` (the ends are 0 and 1).
    static func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    /// d/dt of ``bezier(_:_:_:)``.
    static func bezierSlope(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// The parameter where the curve's x is `x` (x is increasing in t for control x in 0…1): Newton's
    /// method from `x`, falling back to bisection where the slope is flat or a step leaves 0…1.
    static func bezierParameter(forTime x: Double, _ x1: Double, _ x2: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = bezier(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = bezierSlope(t, x1, x2)
            guard abs(slope) > 1e-6 else { break }
            let next = t - error / slope
            guard next >= 0, next <= 1 else { break }
            t = next
        }
        return bisectedBezierParameter(forTime: x, x1, x2)
    }

    /// The plain answer to ``bezierParameter(forTime:_:_:)``: bisection to the last bit.
    static func bisectedBezierParameter(forTime x: Double, _ x1: Double, _ x2: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    // MARK: Spring

    /// u with e^(−u)·(1 + u) = ``springRestingFraction`` (≈ 9.2334 for 0.001): a critically damped
    /// spring starting at rest is within the resting fraction u/ω seconds after it starts.
    static let springRestingExponent: Double = {
        var u = 11.0
        for _ in 0..<50 {
            let decay = ExponentialFunctions.exponential(-u)
            u -= (decay * (1 + u) - springRestingFraction) / (-u * decay)
        }
        return u
    }()

    /// The spring's natural angular frequency (per second; mass 1, stiffness its square, damping
    /// 2·ratio·frequency) that brings it to rest by `duration`: its slowest decay rate — ratio·ω
    /// below critical damping, ω·(ratio − √(ratio² − 1)) above — is ``springRestingExponent`` over
    /// the duration. Starting at rest, the spring is then within ``springRestingFraction`` of its end
    /// from the duration on, whatever the ratio (|y| ≤ e^(−s·t)·(1 + s·t) for the decay rate s).
    static func springFrequency(dampingRatio ratio: Double, duration: Double) -> Double {
        let rate = springRestingExponent / duration
        return ratio <= 1 ? rate / ratio : rate / (ratio - (ratio * ratio - 1).squareRoot())
    }

    /// How far from rest the spring is at `t` (1 at the start, 0 at rest), starting towards rest at
    /// `velocity` distances per second, with natural frequency `frequency`.
    static func springDisplacement(at t: Double, dampingRatio ratio: Double, velocity: Double, frequency omega: Double) -> Double {
        if ratio < 1 {
            let damped = omega * (1 - ratio * ratio).squareRoot()
            let b = (ratio * omega - velocity) / damped
            let (sine, cosine) = sinCos(damped * t)
            return ExponentialFunctions.exponential(-ratio * omega * t) * (cosine + b * sine)
        }
        if ratio == 1 {
            return ExponentialFunctions.exponential(-omega * t) * (1 + (omega - velocity) * t)
        }
        let root = (ratio * ratio - 1).squareRoot()
        let r1 = -omega * (ratio - root), r2 = -omega * (ratio + root)
        let c2 = (-velocity - r1) / (r2 - r1)
        return (1 - c2) * ExponentialFunctions.exponential(r1 * t) + c2 * ExponentialFunctions.exponential(r2 * t)
    }
}
