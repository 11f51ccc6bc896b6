public import SceneErrors

/// What the board and a scene process say to each other about touches: the input record for one
/// finger's step, and what its delivery hit. The bodies of the channel's `input` (code
/// ``SceneInputCode/touch``) and `inputDone` messages.
public struct SceneTouchRecord: Hashable, Sendable {
    /// A finger's step, as `Host1.TouchDown`/`TouchMove`/`TouchUp`/`TouchCancel` take it.
    public enum Phase: UInt8, Sendable {
        case down = 1, move, up, cancel
    }

    public var slot: UInt32
    public var phase: Phase
    /// The screen point (down and move; ignored for up and cancel).
    public var x: Double
    public var y: Double

    public init(slot: UInt32, phase: Phase, x: Double = 0, y: Double = 0) {
        self.slot = slot
        self.phase = phase
        self.x = x
        self.y = y
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 21)
        writer.u32(slot)
        writer.u8(phase.rawValue)
        writer.f64(x)
        writer.f64(y)
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "touch input")
        slot = try reader.u32("slot")
        let raw = try reader.u8("phase")
        guard let phase = Phase(rawValue: raw) else {
            throw ChannelError(code: .malformed, message: "touch input has phase \(raw); 1 (down), 2 (move), 3 (up) and 4 (cancel) are known")
        }
        self.phase = phase
        x = try reader.f64("x")
        y = try reader.f64("y")
        try reader.finish()
    }
}
