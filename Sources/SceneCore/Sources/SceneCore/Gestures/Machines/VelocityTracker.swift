/// Rate of change of a gesture value (a pan's translation, a pinch's scale, a rotation's angle), from
/// the most recent samples.
///
/// Samples live in a fixed-capacity ring buffer stored inline, so adding one never allocates. The
/// velocity is measured from the newest sample back to the oldest sample no older than ``window``
/// seconds before it. When no other sample is that recent (the value had not changed for longer than
/// the window, so no events came), the sample just before the newest is used instead: a finger that
/// rests and then lifts reads zero, a finger that rests and then moves reads the slow average.
///
/// Velocity is measured up to the newest sample, not up to "now", so an `.end` action reads the speed
/// the gesture had when it ended.
///
/// See also: ``PanMachine/velocity``, ``PinchMachine/velocity``, ``RotationMachine/velocity``.
public struct VelocityTracker: Sendable {
    /// How many samples the ring buffer keeps; older ones are overwritten.
    public static let capacity = 16

    /// Seconds of history the velocity is measured over (`InteractionDefaults.velocitySampleWindow`).
    public var window: Double

    private struct Sample: Sendable {
        var time: Double
        var value: Point
    }

    /// The ring buffer; its size is ``capacity``.
    private var samples = InlineArray<16, Sample>(repeating: Sample(time: 0, value: .zero))
    /// Index of the newest sample.
    private var newest = 0
    /// Number of valid samples, at most ``capacity``.
    private var count = 0

    /// Creates an empty tracker.
    ///
    /// - Parameter window: Seconds of history to measure over; must be positive.
    public init(window: Double = InteractionDefaults.velocitySampleWindow) {
        self.window = window
    }

    /// Number of samples held, at most ``capacity``.
    public var sampleCount: Int { count }

    /// Records `value` at `time`. A sample at the same time as the newest replaces it; one earlier than
    /// the newest is ignored, so time never runs backwards inside the buffer.
    public mutating func addSample(_ value: Point, at time: Double) {
        if count > 0 {
            let latest = samples[newest].time
            if time < latest { return }
            if time == latest {
                samples[newest].value = value
                return
            }
        }
        newest = count == 0 ? 0 : (newest + 1) % Self.capacity
        samples[newest] = Sample(time: time, value: value)
        count = Swift.min(count + 1, Self.capacity)
    }

    /// Records a one-dimensional `value` (scale, angle) at `time`; read it back with ``scalarVelocity``.
    public mutating func addSample(_ value: Double, at time: Double) {
        addSample(Point(x: value, y: 0), at: time)
    }

    /// Forgets every sample; the velocity reads zero until two samples were added again.
    public mutating func reset() {
        count = 0
        newest = 0
    }

    /// Change per second of each component, zero with fewer than two samples.
    public var velocity: Point {
        guard count >= 2 else { return .zero }
        let latest = samples[newest]
        var oldest = latest
        var step = 1
        while step < count {
            let candidate = samples[(newest - step + Self.capacity) % Self.capacity]
            if latest.time - candidate.time > window {
                // Nothing else inside the window: measure against the sample just before the newest.
                if step == 1 { oldest = candidate }
                break
            }
            oldest = candidate
            step += 1
        }
        let elapsed = latest.time - oldest.time
        guard elapsed > 0 else { return .zero }
        return Point(x: (latest.value.x - oldest.value.x) / elapsed, y: (latest.value.y - oldest.value.y) / elapsed)
    }

    /// ``velocity``'s x component: the rate of a one-dimensional value added as a `Double`.
    public var scalarVelocity: Double { velocity.x }
}
