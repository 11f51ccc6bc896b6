public import SceneErrors

/// What a scene process still has to do, as the board's `WaitForIdle` lists it: each busy source's
/// kind (`touch`, `recognizer`, `timer`, `input-script`, … as `BusySource.Kind` names them), its
/// window's index (-1 for none) and what it is. Empty when the scene is idle. The body of an
/// `event` of code ``SceneEventCode/busy``, sent when it changes, and always before the answer of
/// the input that changed it.
public struct SceneBusyList: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var kind: String
        public var window: Int32
        public var detail: String

        public init(kind: String, window: Int32, detail: String) {
            self.kind = kind
            self.window = window
            self.detail = detail
        }
    }

    /// The most entries a list may hold.
    public static let maximumEntries = 4_096

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 4 + entries.count * 48)
        writer.u32(UInt32(entries.count))
        for entry in entries {
            writer.string(entry.kind)
            writer.i32(entry.window)
            writer.string(entry.detail)
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "busy list")
        let count = Int(try reader.u32("entry count"))
        guard count <= Self.maximumEntries else {
            throw ChannelError(code: .malformed, message: "busy list has \(count) entries; at most \(Self.maximumEntries)")
        }
        var entries: [Entry] = []
        for index in 0..<count {
            entries.append(
                Entry(kind: try reader.string("entry \(index)'s kind"), window: try reader.i32("entry \(index)'s window"), detail: try reader.string("entry \(index)'s detail")))
        }
        self.entries = entries
        try reader.finish()
    }
}
