import TestSupport
import Testing

@testable import SceneCore

@Suite("Timing curves [AN-1]")
struct TimingCurveTests {
    static let named: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut, .spring(dampingRatio: 0.5), .spring(dampingRatio: 2, initialVelocity: 3)]

    @Test("Every curve is 0 until it starts, exactly 1 from its end on, and at its end at once with no duration", arguments: named)
    func ends(curve: TimingCurve) {
        #expect(curve.progress(at: -1, duration: 0.3) == 0)
        #expect(curve.progress(at: 0, duration: 0.3) == 0)
        #expect(curve.progress(at: 0.3, duration: 0.3) == 1)
        #expect(curve.progress(at: 5, duration: 0.3) == 1)
        #expect(curve.progress(at: 0.1, duration: 0) == 1 && curve.progress(at: 0, duration: -2) == 1)
    }

    @Test("Linear is the fraction of the duration; easeInOut is symmetric about its middle; easeIn lags and easeOut leads")
    func namedCurves() {
        for step in 1..<20 {
            let t = Double(step) / 20
            #expect(abs(TimingCurve.linear.progress(at: t * 2, duration: 2) - t) < 1e-12)
            let rising = TimingCurve.easeInOut.progress(at: t, duration: 1), falling = TimingCurve.easeInOut.progress(at: 1 - t, duration: 1)
            #expect(abs(rising + falling - 1) < 1e-9)
            #expect(TimingCurve.easeIn.progress(at: t, duration: 1) < t && TimingCurve.easeOut.progress(at: t, duration: 1) > t)
        }
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5, duration: 1) - 0.5) < 1e-12)
        #expect(TimingCurve.easeInOut.description == "easeInOut" && TimingCurve(controlPoint1: Point(x: 0.25, y: 0.1), controlPoint2: Point(x: 0.25, y: 1)).description == "cubic(0.25, 0.1, 0.25, 1)")
    }

    @Test("A Bézier's Newton solve agrees with plain bisection on random curves and times")
    func bezierDifferential() {
        var random = SplitMix64(seed: 0xB321E5)
        for _ in 0..<2_000 {
            let x1 = Double.random(in: 0...1, using: &random), x2 = Double.random(in: 0...1, using: &random)
            let y1 = Double.random(in: -1...2, using: &random), y2 = Double.random(in: -1...2, using: &random)
            let time = Double.random(in: 0...1, using: &random)
            let fast = TimingCurve.bezierParameter(forTime: time, x1, x2)
            let plain = TimingCurve.bisectedBezierParameter(forTime: time, x1, x2)
            #expect(abs(TimingCurve.bezier(fast, x1, x2) - time) < 1e-9, "x(\(fast)) for \(time) with x1 \(x1), x2 \(x2)")
            #expect(abs(TimingCurve.bezier(fast, y1, y2) - TimingCurve.bezier(plain, y1, y2)) < 1e-7)
        }
    }

    @Test("Control points' times are clamped to 0…1 and a progress may overshoot; not-a-number counts as 0")
    func controlPoints() {
        let overshoot = TimingCurve(controlPoint1: Point(x: -3, y: 0), controlPoint2: Point(x: 7, y: 1.8))
        #expect(overshoot == TimingCurve(controlPoint1: Point(x: 0, y: 0), controlPoint2: Point(x: 1, y: 1.8)))
        #expect((1..<20).contains { overshoot.progress(at: Double($0) / 20, duration: 1) > 1 })
        #expect(TimingCurve(controlPoint1: Point(x: .nan, y: .nan), controlPoint2: Point(x: 1, y: 1)) == .linear)
    }

    @Test("A spring's closed form agrees with step-by-step integration of its equation on random springs")
    func springDifferential() {
        var random = SplitMix64(seed: 0x5B21A6)
        for _ in 0..<60 {
            let ratio = [Double.random(in: 0.05...0.99, using: &random), 1, Double.random(in: 1.01...4, using: &random)].randomElement(using: &random)!
            let velocity = Double.random(in: -4...4, using: &random), duration = Double.random(in: 0.2...1.5, using: &random)
            let omega = TimingCurve.springFrequency(dampingRatio: ratio, duration: duration)
            // y'' = −ω²·y − 2·ζ·ω·y', y(0) = 1, y'(0) = −v, by fourth-order Runge–Kutta.
            var y = 1.0, speed = -velocity, t = 0.0
            let steps = 40_000, h = duration / Double(steps)
            func acceleration(_ y: Double, _ v: Double) -> Double { -omega * omega * y - 2 * ratio * omega * v }
            for step in 1...steps {
                let k1y = speed, k1v = acceleration(y, speed)
                let k2y = speed + h / 2 * k1v, k2v = acceleration(y + h / 2 * k1y, speed + h / 2 * k1v)
                let k3y = speed + h / 2 * k2v, k3v = acceleration(y + h / 2 * k2y, speed + h / 2 * k2v)
                let k4y = speed + h * k3v, k4v = acceleration(y + h * k3y, speed + h * k3v)
                y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
                speed += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                t += h
                if step % 4_000 == 0 {
                    let closed = TimingCurve.springDisplacement(at: t, dampingRatio: ratio, velocity: velocity, frequency: omega)
                    #expect(abs(closed - y) < 1e-6, "ζ \(ratio), v \(velocity), d \(duration), t \(t): \(closed) vs \(y)")
                }
            }
        }
    }

    @Test("A spring starting at rest is within 0.1% of its end from its duration on, whatever its damping", arguments: [0.05, 0.3, 0.7, 0.99, 1, 1.01, 2, 10])
    func springRestsByItsDuration(ratio: Double) {
        let duration = 0.8
        let omega = TimingCurve.springFrequency(dampingRatio: ratio, duration: duration)
        for step in 0...400 {
            let t = duration * (1 + Double(step) / 200)
            #expect(abs(TimingCurve.springDisplacement(at: t, dampingRatio: ratio, velocity: 0, frequency: omega)) <= 0.001 + 1e-12)
        }
    }

    @Test("Springs at fixed times: critical damping from rest follows 1 − (1 + ωt)·e^(−ωt); under it, it overshoots; over it, it creeps")
    func springPositions() {
        let critical = TimingCurve.spring(dampingRatio: 1)
        let omega = TimingCurve.springRestingExponent  // over a duration of 1 s
        #expect(abs(TimingCurve.springRestingExponent - 9.233413476) < 1e-8)
        for t in [0.1, 0.25, 0.5, 0.75] {
            let expected = 1 - (1 + omega * t) * ExponentialFunctions.exponential(-omega * t)
            #expect(abs(critical.progress(at: t, duration: 1) - expected) < 1e-12)
        }
        let bouncy = TimingCurve.spring(dampingRatio: 0.3)
        #expect((1..<100).contains { bouncy.progress(at: Double($0) / 100, duration: 1) > 1.2 })
        let stiff = TimingCurve.spring(dampingRatio: 3)
        #expect((1..<100).allSatisfy { stiff.progress(at: Double($0) / 100, duration: 1) < 1 })
        // A push towards the end starts it moving at once: UIKit's velocity 1 is the whole distance a second.
        let pushed = TimingCurve.spring(dampingRatio: 1, initialVelocity: 5)
        #expect(abs(pushed.progress(at: 1e-6, duration: 1) / 1e-6 - 5) < 1e-3)
    }

    @Test("A damping ratio below the minimum, or not a number, is the minimum; a velocity that is not finite is 0")
    func springNormalisation() {
        #expect(TimingCurve.spring(dampingRatio: 0) == .spring(dampingRatio: TimingCurve.minimumDampingRatio))
        #expect(TimingCurve.spring(dampingRatio: .nan, initialVelocity: .infinity) == .spring(dampingRatio: 0.05, initialVelocity: 0))
        #expect(TimingCurve.spring(dampingRatio: 0.5, initialVelocity: 2).description == "spring(damping 0.5, velocity 2)")
    }
}
