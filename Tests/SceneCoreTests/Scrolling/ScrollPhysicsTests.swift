import Foundation
import SceneCore
import Testing

/// The closed-form physics of scrolling [SV-5 … SV-9], checked against Foundation's `pow` and `exp`.
@Suite("Scroll physics")
struct ScrollPhysicsTests {
    @Test("SV-5: a flick at 1,000 pt/s coasts 499 pt at the normal rate and 99 pt at the fast rate")
    func projection() {
        #expect(abs(ScrollPhysics.projectedDistance(velocity: 1000, rate: .normal) - 499) < 1e-9)
        #expect(abs(ScrollPhysics.projectedDistance(velocity: 1000, rate: .fast) - 99) < 1e-9)
        #expect(abs(ScrollPhysics.projectedDistance(velocity: -2000, rate: .normal) + 998) < 1e-9)
        #expect(DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
    }

    @Test("SV-6: the rubber band gives 2.74, 5.47, 52.02, 178.98 and 340.65 pt for 5, 10, 100, 400 and 960 pt past the edge of a 960 pt view")
    func rubberBand() {
        let expected: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (overshoot, banded) in expected {
            let value = ScrollPhysics.rubberBand(overshoot: overshoot, dimension: 960)
            #expect(abs(value - banded) < 0.005, "x = \(overshoot): \(value)")
            #expect(ScrollPhysics.rubberBand(overshoot: -overshoot, dimension: 960) == -value)
        }
        #expect(ScrollPhysics.rubberBand(overshoot: 1e9, dimension: 960) < 960)
        #expect(ScrollPhysics.rubberBand(overshoot: 0, dimension: 960) == 0)
    }

    @Test("SV-6: the rubber band's inverse gives back the overshoot, so a drag can start from content shown past an edge")
    func rubberBandInverse() {
        for overshoot in [-700.0, -100, -5, 0, 5, 100, 700] {
            let banded = ScrollPhysics.rubberBand(overshoot: overshoot, dimension: 960)
            #expect(abs(ScrollPhysics.rubberBandOvershoot(banded: banded, dimension: 960) - overshoot) < 1e-9)
        }
        #expect(ScrollPhysics.rubberBandOvershoot(banded: 960, dimension: 960) == .infinity)
    }

    @Test("SV-5: a deceleration follows x₀ + D·(1 − r^(1000·t)) and ends exactly on the projection once within 0.1 pt of it")
    func decay() {
        let motion = ScrollAxisMotion.deceleration(
            from: 30, distance: 499, rate: .normal, lowerEdge: 0, upperEdge: 1600, bounces: true)
        for t in [0.0, 0.1, 0.5, 1.0, 2.5] {
            let expected = 30 + 499 * (1 - pow(0.998, 1000 * t))
            #expect(abs(motion.position(at: t) - expected) < 1e-9, "t = \(t)")
        }
        let expectedDuration = log(0.1 / 499) / (1000 * log(0.998))
        #expect(abs(motion.duration - expectedDuration) < 1e-9)
        #expect(motion.position(at: motion.duration) == 529)
        #expect(motion.finalPosition == 529)
        #expect(abs(motion.velocity(at: 0) - (-499 * 1000 * log(0.998))) < 1e-6)
    }

    @Test("SV-6: a flick past an edge decelerates to the edge, overshoots with the speed it had there and springs back onto the edge")
    func bounceAtEdge() {
        let motion = ScrollAxisMotion.deceleration(
            from: 1500, distance: 499, rate: .normal, lowerEdge: 0, upperEdge: 1600, bounces: true)
        let hitTime = log(1 - 100.0 / 499) / (1000 * log(0.998))
        #expect(abs(motion.position(at: hitTime) - 1600) < 1e-9)
        var peak = 0.0
        var t = 0.0
        while t < motion.duration {
            peak = max(peak, motion.position(at: t))
            t += 0.001
        }
        #expect(peak > 1600)
        // The spring after the hit: 1600 + v·τ·e^(−ωτ), v the decay's speed at the edge.
        let speed = -499 * 1000 * log(0.998) * pow(0.998, 1000 * hitTime)
        let omega = ScrollPhysics.springFrequency
        let tau = 0.05
        #expect(abs(motion.position(at: hitTime + tau) - (1600 + speed * tau * exp(-omega * tau))) < 1e-9)
        #expect(motion.finalPosition == 1600)
        #expect(motion.position(at: motion.duration) == 1600)
    }

    @Test("SV-6: without bouncing a flick past an edge decelerates onto the edge and never passes it")
    func noBounce() {
        let motion = ScrollAxisMotion.deceleration(
            from: 1500, distance: 499, rate: .normal, lowerEdge: 0, upperEdge: 1600, bounces: false)
        var t = 0.0
        while t < motion.duration + 0.1 {
            #expect(motion.position(at: t) <= 1600)
            t += 0.01
        }
        #expect(motion.finalPosition == 1600)
    }

    @Test("SV-6: released past an edge, the content springs back on a critically damped spring, (a + b·t)·e^(−ωt) from the edge")
    func springBack() {
        let motion = ScrollAxisMotion.deceleration(
            from: -80, distance: 0, rate: .normal, lowerEdge: 0, upperEdge: 1600, bounces: true)
        let omega = ScrollPhysics.springFrequency
        for t in [0.0, 0.05, 0.2, 0.4] {
            let expected = (-80 + omega * -80 * t) * exp(-omega * t)
            #expect(abs(motion.position(at: t) - expected) < 1e-9, "t = \(t)")
        }
        #expect(motion.finalPosition == 0)
        #expect(motion.duration > 0.4)
    }

    @Test("SV-9: an animated scroll eases from start to target in 0.3 s, halfway at half time")
    func ease() {
        let motion = ScrollAxisMotion.ease(from: 100, to: 500, duration: ScrollPhysics.animationDuration)
        #expect(motion.position(at: 0) == 100)
        #expect(abs(motion.position(at: 0.15) - 300) < 1e-9)
        #expect(abs(motion.position(at: 0.075) - (100 + 400 * (1 - cos(Double.pi / 4)) / 2)) < 1e-9)
        #expect(motion.position(at: 0.3) == 500)
        #expect(motion.duration == 0.3)
    }

    @Test("SV-5: custom deceleration rates are kept between 0.5 and 0.9999 so that a flick always stops")
    func rateClamping() {
        #expect(DecelerationRate(rawValue: 1.2).rawValue == 0.9999)
        #expect(DecelerationRate(rawValue: 0.1).rawValue == 0.5)
        #expect(DecelerationRate(rawValue: .nan) == .normal)
        #expect(DecelerationRate(rawValue: 0.995).rawValue == 0.995)
    }
}
