public import SceneErrors

/// Device-input records a board sends together (input code ``SceneInputCode/records``): the lines a
/// desktop window's input queued behind a busy scene process, in order. The scene process delivers
/// them one after the other in one turn of its loop, so that it draws once for all of them.
public struct SceneRecordBatch: Equatable, Sendable {
    /// The most lines one batch may hold (a board sends fewer: those queued while one input was in
    /// flight).
    public static let maximumLines = 1 << 20

    /// Input-script lines, as ``SceneInputCode/record`` carries one.
    public var lines: [String]

    public init(lines: [String]) {
        self.lines = lines
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 4 + lines.reduce(0) { $0 + 4 + $1.utf8.count })
        writer.u32(UInt32(lines.count))
        for line in lines { writer.string(line) }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "record batch")
        let count = Int(try reader.u32("line count"))
        guard count <= Self.maximumLines else {
            throw ChannelError(code: .malformed, message: "record batch has \(count) lines; at most \(Self.maximumLines)")
        }
        var lines: [String] = []
        lines.reserveCapacity(count)
        for index in 0..<count { lines.append(try reader.string("line \(index)")) }
        self.lines = lines
        try reader.finish()
    }
}
