public import SceneErrors

/// Timed finger steps for a scene process to run on its own clock: the body of an `input` of code
/// ``SceneInputCode/script``. Each step waits `delay` seconds after the one before; steps with no
/// delay for different fingers form one multi-finger event, as `Host1.InjectTouches` has them.
public struct SceneInputScript: Hashable, Sendable {
    public struct Step: Hashable, Sendable {
        public var slot: UInt32
        public var phase: SceneTouchRecord.Phase
        /// The screen point.
        public var x: Double
        public var y: Double
        /// Seconds after the step before.
        public var delay: Double

        public init(slot: UInt32, phase: SceneTouchRecord.Phase, x: Double, y: Double, delay: Double) {
            self.slot = slot
            self.phase = phase
            self.x = x
            self.y = y
            self.delay = delay
        }
    }

    /// The most steps a script may hold (`bus.limits.samples-per-call` allows at most a million).
    public static let maximumSteps = 1_000_000

    public var steps: [Step]

    public init(steps: [Step]) {
        self.steps = steps
    }

    /// How long the script runs, in seconds: the sum of its delays.
    public var duration: Double { steps.reduce(0) { $0 + $1.delay } }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 4 + steps.count * 29)
        writer.u32(UInt32(steps.count))
        for step in steps {
            writer.u32(step.slot)
            writer.u8(step.phase.rawValue)
            writer.f64(step.x)
            writer.f64(step.y)
            writer.f64(step.delay)
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "input script")
        let count = Int(try reader.u32("step count"))
        guard count <= Self.maximumSteps, count * 29 <= reader.remaining else {
            throw ChannelError(code: .malformed, message: "input script announces \(count) steps in \(reader.remaining) bytes; each takes 29 (at most \(Self.maximumSteps))")
        }
        var steps: [Step] = []
        steps.reserveCapacity(count)
        for index in 0..<count {
            let slot = try reader.u32("step \(index)'s slot")
            let raw = try reader.u8("step \(index)'s phase")
            guard let phase = SceneTouchRecord.Phase(rawValue: raw) else {
                throw ChannelError(code: .malformed, message: "input script step \(index) has phase \(raw); 1 (down), 2 (move), 3 (up) and 4 (cancel) are known")
            }
            let x = try reader.f64("step \(index)'s x"), y = try reader.f64("step \(index)'s y")
            let delay = try reader.f64("step \(index)'s delay")
            guard delay.isFinite, delay >= 0 else {
                throw ChannelError(code: .malformed, message: "input script step \(index) waits \(delay) seconds; a delay is finite and not negative")
            }
            steps.append(Step(slot: slot, phase: phase, x: x, y: y, delay: delay))
        }
        self.steps = steps
        try reader.finish()
    }
}
