import SceneCore
import Testing

@Suite("VelocityTracker")
struct VelocityTrackerTests {
    @Test("Velocity reads zero with fewer than two samples")
    func fewerThanTwoSamples() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == .zero)
        tracker.addSample(Point(x: 10, y: 10), at: 1)
        #expect(tracker.velocity == .zero)
        #expect(tracker.window == InteractionDefaults.velocitySampleWindow)
    }

    @Test("A steady motion reads its rate in units per second")
    func steadyRate() {
        var tracker = VelocityTracker()
        for step in 0...8 {
            tracker.addSample(Point(x: 3 * Double(step), y: -1 * Double(step)), at: Double(step) / 64)
        }
        #expect(isApproximately(tracker.velocity, Point(x: 192, y: -64)))
    }

    @Test("Only samples within the window count: a slow start does not dilute a fast finish")
    func onlyWindowCounts() {
        var tracker = VelocityTracker(window: 0.05)
        var x = 0.0
        for step in 0..<10 {
            x += 1
            tracker.addSample(Point(x: x, y: 0), at: Double(step) / 64)
        }
        for step in 10..<14 {
            x += 4
            tracker.addSample(Point(x: x, y: 0), at: Double(step) / 64)
        }
        // The window of 0.05 s holds the newest sample and the three before it (3/64 s ≈ 0.047 s).
        #expect(isApproximately(tracker.velocity, Point(x: 256, y: 0)))
    }

    @Test("A value that rested longer than the window and then did not change reads zero")
    func restThenStillReadsZero() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), at: 0)
        tracker.addSample(Point(x: 50, y: 0), at: 0.01)
        tracker.addSample(Point(x: 50, y: 0), at: 0.5)
        #expect(tracker.velocity == .zero)
    }

    @Test("A value that rested longer than the window and then moved reads the change over the rest")
    func restThenMoveReadsSlowAverage() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), at: 0)
        tracker.addSample(Point(x: 10, y: 0), at: 0.5)
        #expect(isApproximately(tracker.velocity, Point(x: 20, y: 0)))
    }

    @Test("The ring buffer keeps the newest samples once more than its capacity were added")
    func ringBufferWraps() {
        var tracker = VelocityTracker(window: 10)
        let total = VelocityTracker.capacity * 3 + 5
        for step in 0..<total {
            // Quadratic growth: the velocity depends on which samples are kept.
            let t = Double(step) / 64
            tracker.addSample(Point(x: t * t, y: 0), at: t)
        }
        #expect(tracker.sampleCount == VelocityTracker.capacity)
        let newest = Double(total - 1) / 64
        let oldest = Double(total - VelocityTracker.capacity) / 64
        #expect(isApproximately(tracker.velocity.x, (newest * newest - oldest * oldest) / (newest - oldest)))
    }

    @Test("A sample at the newest time replaces it, and an earlier one is ignored")
    func sameOrEarlierTime() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), at: 0)
        tracker.addSample(Point(x: 1, y: 0), at: 0.0625)
        tracker.addSample(Point(x: 2, y: 0), at: 0.0625)
        #expect(tracker.sampleCount == 2)
        #expect(isApproximately(tracker.velocity, Point(x: 32, y: 0)))
        tracker.addSample(Point(x: 100, y: 0), at: 0.03)
        #expect(tracker.sampleCount == 2)
        #expect(isApproximately(tracker.velocity, Point(x: 32, y: 0)))
    }

    @Test("Scalar samples read back as a scalar velocity")
    func scalar() {
        var tracker = VelocityTracker()
        tracker.addSample(1.0, at: 0)
        tracker.addSample(1.5, at: 0.0625)
        #expect(isApproximately(tracker.scalarVelocity, 8))
    }

    @Test("Reset forgets every sample")
    func reset() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), at: 0)
        tracker.addSample(Point(x: 10, y: 0), at: 0.0625)
        tracker.reset()
        #expect(tracker.sampleCount == 0)
        #expect(tracker.velocity == .zero)
        tracker.addSample(Point(x: 0, y: 0), at: 0.01)
        #expect(tracker.velocity == .zero)
    }
}
