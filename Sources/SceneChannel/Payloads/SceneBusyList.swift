public import SceneErrors

/// What a scene process still has to do, as the board's `WaitForIdle` lists it: each busy source's
/// kind (`touch`, `recognizer`, `timer`, `input-script`, … as `BusySource.Kind` names them), its
/// window's index (-1 for none), its view's reference ("" for none), what it is, and the time on the
/// process's clock at which it ends by itself, if it does — with the process's time when it was
/// sent (``now``), so that the board can say how long is left. Empty when the scene is idle. The body of an
/// `event` of code ``SceneEventCode/busy``, sent when it changes, and always before the answer of
/// the input that changed it.
public struct SceneBusyList: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var kind: String
        public var window: Int32
        public var view: String
        public var detail: String
        public var deadline: Double?

        public init(kind: String, window: Int32, view: String = "", detail: String, deadline: Double? = nil) {
            self.kind = kind
            self.window = window
            self.view = view
            self.detail = detail
            self.deadline = deadline
        }
    }

    /// The most entries a list may hold.
    public static let maximumEntries = 4_096

    public var entries: [Entry]
    /// The process's clock when the list was sent (what ``Entry/deadline`` is measured against).
    public var now: Double

    public init(entries: [Entry], now: Double = 0) {
        self.entries = entries
        self.now = now
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 12 + entries.count * 64)
        writer.f64(now)
        writer.u32(UInt32(entries.count))
        for entry in entries {
            writer.string(entry.kind)
            writer.i32(entry.window)
            writer.string(entry.view)
            writer.string(entry.detail)
            writer.u8(entry.deadline == nil ? 0 : 1)
            writer.f64(entry.deadline ?? 0)
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "busy list")
        now = try reader.f64("now")
        let count = Int(try reader.u32("entry count"))
        guard count <= Self.maximumEntries else {
            throw ChannelError(code: .malformed, message: "busy list has \(count) entries; at most \(Self.maximumEntries)")
        }
        var entries: [Entry] = []
        for index in 0..<count {
            let kind = try reader.string("entry \(index)'s kind"), window = try reader.i32("entry \(index)'s window")
            let view = try reader.string("entry \(index)'s view"), detail = try reader.string("entry \(index)'s detail")
            let hasDeadline = try reader.u8("entry \(index)'s deadline flag")
            let deadline = try reader.f64("entry \(index)'s deadline")
            guard hasDeadline <= 1 else {
                throw ChannelError(code: .malformed, message: "busy list: entry \(index)'s deadline flag is \(hasDeadline), not 0 or 1")
            }
            entries.append(Entry(kind: kind, window: window, view: view, detail: detail, deadline: hasDeadline == 1 ? deadline : nil))
        }
        self.entries = entries
        try reader.finish()
    }
}
