public import SceneErrors

/// The board on the accessibility bus, as a scene process needs to know it (query
/// ``SceneQueryCode/accessibilityState``): the board's unique name there, which the process's
/// references carry ("" when the board left the bus: the process stops serving), and the input
/// policy its objects' actions pass (the configuration's `input` and `input-allowed-executables`),
/// and whether its scene holds the board's application key window; sent again when that changes.
public struct SceneAccessibilityState: Hashable, Sendable {
    public var hostName: String
    /// `open` or `read-only`.
    public var inputMode: String
    public var allowedExecutables: [String]
    /// Whether the scene holds the board's application key window (its key window is the one
    /// assistive technologies see as active).
    public var holdsApplicationKey: Bool

    public init(hostName: String, inputMode: String, allowedExecutables: [String], holdsApplicationKey: Bool) {
        self.hostName = hostName
        self.inputMode = inputMode
        self.allowedExecutables = allowedExecutables
        self.holdsApplicationKey = holdsApplicationKey
    }

    public var encoded: [UInt8] {
        var writer = WireWriter(capacity: 32 + hostName.utf8.count + allowedExecutables.reduce(0) { $0 + 4 + $1.utf8.count })
        writer.string(hostName)
        writer.string(inputMode)
        writer.u32(UInt32(allowedExecutables.count))
        for executable in allowedExecutables { writer.string(executable) }
        writer.u8(holdsApplicationKey ? 1 : 0)
        return writer.bytes
    }

    public init(body encoded: [UInt8]) throws(ChannelError) {
        var reader = WireReader(encoded, context: "accessibility state")
        hostName = try reader.string("host name")
        inputMode = try reader.string("input mode")
        let count = try reader.u32("executables")
        guard count <= 4096 else { throw ChannelError(code: .malformed, message: "accessibility state: \(count) allowed executables (at most 4096)") }
        allowedExecutables = []
        for _ in 0..<count { allowedExecutables.append(try reader.string("executable")) }
        holdsApplicationKey = try reader.u8("holds the key window") != 0
        try reader.finish()
    }
}
