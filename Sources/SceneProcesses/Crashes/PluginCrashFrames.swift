import CSceneSignals

/// The line a crashed scene process writes on standard error (``PluginCrashHandler``): its plugin's
/// frames on the crashed thread's stack, innermost first, each as the plugin's file name and an
/// offset in it — `scene process crash: plugin frames libClock.so+0x1a2b libClock.so+0x1c00`, or
/// `… plugin frames none` when none was found.
public struct PluginCrashFrames: Equatable, Sendable {
    public struct Frame: Equatable, Sendable {
        /// The plugin's file name.
        public var library: String
        /// The frame's address less the address the file's offset 0 is mapped at.
        public var offset: UInt64

        public init(library: String, offset: UInt64) {
            self.library = library
            self.offset = offset
        }
    }

    public var frames: [Frame]

    public static let prefix = SCENE_CRASH_PREFIX

    /// Reads `line`; nil when it is not such a line (or names a frame it cannot read).
    public init?(line: String) {
        guard line.hasPrefix(Self.prefix) else { return nil }
        let words = line.dropFirst(Self.prefix.count).split(separator: " ")
        if words == ["none"] {
            frames = []
            return
        }
        var frames: [Frame] = []
        for word in words {
            guard let plus = word.lastIndex(of: "+"), word[word.index(after: plus)...].hasPrefix("0x"),
                let offset = UInt64(word[word.index(plus, offsetBy: 3)...], radix: 16), plus > word.startIndex
            else { return nil }
            frames.append(Frame(library: String(word[..<plus]), offset: offset))
        }
        guard !frames.isEmpty else { return nil }
        self.frames = frames
    }
}
