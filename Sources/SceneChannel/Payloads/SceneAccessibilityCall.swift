public import SceneErrors

/// An AT-SPI call the board forwards to the scene process that serves the object (query
/// ``SceneQueryCode/accessibilityCall``): the call's D-Bus wire bytes, and what the process needs to
/// answer as the board would. The reply is the answer's wire bytes (a method return or an error for
/// this very call), which the board sends to the caller after checking them.
public struct SceneAccessibilityCall: Hashable, Sendable {
    /// The method call, as the board received it (sender, serial and body kept).
    public var wire: [UInt8]
    /// Where the scene is on the desktop (its desktop window's content origin minus the scene's
    /// screen origin), or nil without a desktop window.
    public var desktopOffset: (x: Double, y: Double)?
    /// Where the process's first window is among the root's children.
    public var rootIndexOffset: Int32
    /// The caller's process id and executable, as the board identified them (only when the input
    /// policy names executables).
    public var caller: (pid: Int32, executable: String)?

    public init(wire: [UInt8], desktopOffset: (x: Double, y: Double)?, rootIndexOffset: Int32, caller: (pid: Int32, executable: String)?) {
        self.wire = wire
        self.desktopOffset = desktopOffset
        self.rootIndexOffset = rootIndexOffset
        self.caller = caller
    }

    public var encoded: [UInt8] {
        var writer = WireWriter(capacity: 40 + wire.count + (caller?.executable.utf8.count ?? 0))
        writer.lengthPrefixed(wire)
        writer.u8(desktopOffset == nil ? 0 : 1)
        writer.f64(desktopOffset?.x ?? 0)
        writer.f64(desktopOffset?.y ?? 0)
        writer.i32(rootIndexOffset)
        writer.u8(caller == nil ? 0 : 1)
        writer.i32(caller?.pid ?? 0)
        writer.string(caller?.executable ?? "")
        return writer.bytes
    }

    public init(body encoded: [UInt8]) throws(ChannelError) {
        var reader = WireReader(encoded, context: "accessibility call")
        wire = try reader.lengthPrefixed("call")
        let hasOffset = try reader.u8("has offset") != 0
        let x = try reader.f64("offset x"), y = try reader.f64("offset y")
        desktopOffset = hasOffset ? (x, y) : nil
        rootIndexOffset = try reader.i32("root index")
        let hasCaller = try reader.u8("has caller") != 0
        let pid = try reader.i32("caller pid"), executable = try reader.string("caller executable")
        caller = hasCaller ? (pid, executable) : nil
        try reader.finish()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.wire == rhs.wire && lhs.desktopOffset?.x == rhs.desktopOffset?.x && lhs.desktopOffset?.y == rhs.desktopOffset?.y
            && lhs.rootIndexOffset == rhs.rootIndexOffset && lhs.caller?.pid == rhs.caller?.pid && lhs.caller?.executable == rhs.caller?.executable
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(wire)
        hasher.combine(rootIndexOffset)
        hasher.combine(caller?.executable)
    }
}
