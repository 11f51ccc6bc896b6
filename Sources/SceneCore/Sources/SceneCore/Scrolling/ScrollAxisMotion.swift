/// The motion of a scroll view's offset along one axis after the finger lifted, or during an animated
/// scroll, as a closed-form function of the time since it started [SV-5 … SV-9]: no state is carried
/// from frame to frame, so the offset at any time is exact whatever the frames were.
///
/// It is at most two segments, each a formula:
///
///     decay    x(t) = x₀ + D·(1 − r^(1000·t))          a flick slowing by r per millisecond [SV-5];
///                                                      it tends to x₀ + D, the projection
///     spring   x(t) = x₁ + (a + b·t)·e^(−ω·t)           critically damped, back to x₁: an edge [SV-6]
///                                                      or a page [SV-8]
///     ease     x(t) = x₀ + D·(1 − cos(π·t/T))/2         an animated `setContentOffset` [SV-9]
///
/// A decay that would carry the offset past an edge becomes a spring at the moment it reaches the
/// edge (when the view bounces), with the speed it had there. Each segment ends once what is left of
/// it is within ``ScrollPhysics/restingDistance``; the offset is then exactly ``finalPosition``.
public struct ScrollAxisMotion: Hashable, Sendable {
    /// One formula of the motion, in the time since the segment started.
    enum Segment: Hashable, Sendable {
        case decay(origin: Double, distance: Double, rate: Double)
        case spring(rest: Double, a: Double, b: Double)
        case ease(origin: Double, distance: Double, duration: Double)
    }

    private var first: Segment?
    private var firstDuration: Double = 0
    private var second: Segment?
    private var secondDuration: Double = 0
    /// Where the motion ends (and stays).
    public private(set) var finalPosition: Double

    /// Seconds from the start to the end; 0 for a motion that does not move.
    public var duration: Double { firstDuration + secondDuration }

    private init(still position: Double) {
        finalPosition = position
    }

    /// No motion: the offset stays at `position`.
    public static func still(at position: Double) -> ScrollAxisMotion {
        ScrollAxisMotion(still: position)
    }

    /// A flick released at `origin` that coasts `distance` points at `rate` [SV-5], inside the offsets
    /// `lowerEdge…upperEdge` [SV-6]:
    /// - from inside, ending inside: a decay over `distance`;
    /// - from inside, ending past an edge: with `bounces`, a decay until the edge and a spring back to
    ///   it from there; without, a decay that ends on the edge;
    /// - from past an edge (the finger dragged the content there): a spring back to the edge, starting
    ///   at the speed the decay would have had.
    public static func deceleration(
        from origin: Double, distance: Double, rate: DecelerationRate, lowerEdge: Double, upperEdge: Double, bounces: Bool
    ) -> ScrollAxisMotion {
        let r = rate.rawValue
        let upper = Swift.max(lowerEdge, upperEdge)
        let speed = decaySpeed(distance: distance, rate: r, at: 0)
        if origin < lowerEdge || origin > upper {
            let edge = origin < lowerEdge ? lowerEdge : upper
            return spring(from: origin, to: edge, velocity: bounces ? speed : 0)
        }
        let end = origin + distance
        guard end < lowerEdge || end > upper else {
            return decay(from: origin, distance: distance, rate: r)
        }
        let edge = end < lowerEdge ? lowerEdge : upper
        guard bounces else { return decay(from: origin, distance: edge - origin, rate: r) }
        // r^(1000·t) = 1 − (edge − origin)/D at the moment the decay reaches the edge.
        let remainingFraction = 1 - (edge - origin) / distance
        let hitTime = ExponentialFunctions.naturalLogarithm(remainingFraction) / (1000 * ExponentialFunctions.naturalLogarithm(r))
        let hitSpeed = decaySpeed(distance: distance, rate: r, at: hitTime)
        var motion = spring(from: edge, to: edge, velocity: hitSpeed)
        guard hitTime > 0 else { return motion }
        motion.second = motion.first
        motion.secondDuration = motion.firstDuration
        motion.first = .decay(origin: origin, distance: distance, rate: r)
        motion.firstDuration = hitTime
        return motion
    }

    /// A critically damped spring from `origin`, moving at `velocity` points per second, that settles
    /// on `rest` [SV-6, SV-8].
    public static func spring(from origin: Double, to rest: Double, velocity: Double) -> ScrollAxisMotion {
        let omega = ScrollPhysics.springFrequency
        let a = origin - rest
        let b = velocity + omega * a
        var motion = ScrollAxisMotion(still: rest)
        let duration = springDuration(a: a, b: b)
        guard duration > 0 else { return motion }
        motion.first = .spring(rest: rest, a: a, b: b)
        motion.firstDuration = duration
        return motion
    }

    /// From `origin` to `target` in `duration` seconds, slow at both ends [SV-9].
    public static func ease(from origin: Double, to target: Double, duration: Double) -> ScrollAxisMotion {
        var motion = ScrollAxisMotion(still: target)
        guard origin != target, duration > 0 else { return motion }
        motion.first = .ease(origin: origin, distance: target - origin, duration: duration)
        motion.firstDuration = duration
        return motion
    }

    private static func decay(from origin: Double, distance: Double, rate r: Double) -> ScrollAxisMotion {
        var motion = ScrollAxisMotion(still: origin + distance)
        let resting = ScrollPhysics.restingDistance
        guard abs(distance) > resting else { return motion }
        // |D|·r^(1000·t) = restingDistance.
        motion.first = .decay(origin: origin, distance: distance, rate: r)
        motion.firstDuration =
            ExponentialFunctions.naturalLogarithm(resting / abs(distance)) / (1000 * ExponentialFunctions.naturalLogarithm(r))
        return motion
    }

    /// The decay's speed, points per second, `time` seconds in.
    private static func decaySpeed(distance: Double, rate r: Double, at time: Double) -> Double {
        -distance * 1000 * ExponentialFunctions.naturalLogarithm(r) * ExponentialFunctions.power(r, 1000 * time)
    }

    /// The first time after which (|a| + |b|·t)·e^(−ω·t), a bound of the spring's distance from rest,
    /// stays within the resting distance: bisection on the part where the bound only decreases.
    private static func springDuration(a: Double, b: Double) -> Double {
        let omega = ScrollPhysics.springFrequency
        let resting = ScrollPhysics.restingDistance
        func bound(_ t: Double) -> Double { (abs(a) + abs(b) * t) * ExponentialFunctions.exponential(-omega * t) }
        let peak = b == 0 ? 0 : Swift.max(0, 1 / omega - abs(a) / abs(b))
        guard bound(peak) > resting else { return 0 }
        var low = peak
        var high = peak + 1
        while bound(high) > resting { high += high - peak }
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if bound(middle) > resting { low = middle } else { high = middle }
        }
        return high
    }

    /// The offset `time` seconds after the start; ``finalPosition`` from ``duration`` on.
    public func position(at time: Double) -> Double {
        guard time < duration else { return finalPosition }
        guard let first else { return finalPosition }
        if time < firstDuration || second == nil {
            return Self.evaluate(first, at: Swift.max(0, time))
        }
        return Self.evaluate(second.unsafelyUnwrapped, at: time - firstDuration)
    }

    /// The speed, points per second, `time` seconds after the start; 0 from ``duration`` on.
    public func velocity(at time: Double) -> Double {
        guard time < duration, let first else { return 0 }
        if time < firstDuration || second == nil {
            return Self.slope(first, at: Swift.max(0, time))
        }
        return Self.slope(second.unsafelyUnwrapped, at: time - firstDuration)
    }

    private static func evaluate(_ segment: Segment, at t: Double) -> Double {
        switch segment {
        case .decay(let origin, let distance, let rate):
            return origin + distance * (1 - ExponentialFunctions.power(rate, 1000 * t))
        case .spring(let rest, let a, let b):
            return rest + (a + b * t) * ExponentialFunctions.exponential(-ScrollPhysics.springFrequency * t)
        case .ease(let origin, let distance, let duration):
            return origin + distance * (1 - sinCos(Double.pi * t / duration).cos) / 2
        }
    }

    private static func slope(_ segment: Segment, at t: Double) -> Double {
        switch segment {
        case .decay(_, let distance, let rate):
            return decaySpeed(distance: distance, rate: rate, at: t)
        case .spring(_, let a, let b):
            let omega = ScrollPhysics.springFrequency
            return (b - omega * (a + b * t)) * ExponentialFunctions.exponential(-omega * t)
        case .ease(_, let distance, let duration):
            return distance * Double.pi / (2 * duration) * sinCos(Double.pi * t / duration).sin
        }
    }
}
