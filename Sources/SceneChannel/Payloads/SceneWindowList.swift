public import SceneErrors

/// What the board must know of a scene process's windows to show them, route touches to them and
/// publish them on the bus: the plugin's name and, per window in the scene's order, its screen
/// frame, level, visibility, title, whether it is its scene's key window, its first responder and where
/// that takes text. The body of an `event` of code ``SceneEventCode/windows``.
public struct SceneWindowList: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// `Window.Level`'s raw value.
        public var level: Double
        public var isHidden: Bool
        /// Whether it is its scene's key window.
        public var isKey: Bool
        public var title: String
        /// Its first responder, described as `Window1.FirstResponder` describes it ("" for none).
        public var firstResponder: String
        /// Where its first responder takes text (a text field editing), in the scene's coordinates
        /// (its screen frame's origin at 0, 0): the board turns the desktop's text input on there
        /// while the window is the application's key window; nil when its first responder takes no
        /// text.
        public var textInput: TextArea?

        /// A rectangle in the scene's coordinates.
        public struct TextArea: Hashable, Sendable {
            public var x: Double
            public var y: Double
            public var width: Double
            public var height: Double

            public init(x: Double, y: Double, width: Double, height: Double) {
                self.x = x
                self.y = y
                self.width = width
                self.height = height
            }
        }

        public init(
            x: Double, y: Double, width: Double, height: Double, level: Double, isHidden: Bool, isKey: Bool = false, title: String,
            firstResponder: String = "", textInput: TextArea? = nil
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.level = level
            self.isHidden = isHidden
            self.isKey = isKey
            self.title = title
            self.firstResponder = firstResponder
            self.textInput = textInput
        }
    }

    /// The most windows a list may hold (a scene with more is refused by name).
    public static let maximumWindows = 256

    public var plugin: String
    /// Whether the scene process's application receives remote-control events (its plugin called
    /// `beginReceivingRemoteControlEvents`) [FR-9].
    public var receivesRemoteControl: Bool
    /// Whether a view of the scene has a hover recognizer, so that the desktop's pointer motion
    /// without a button is sent to it [SV-22].
    public var listensForHover: Bool
    public var windows: [Entry]

    public init(plugin: String, receivesRemoteControl: Bool = false, listensForHover: Bool = false, windows: [Entry]) {
        self.plugin = plugin
        self.receivesRemoteControl = receivesRemoteControl
        self.listensForHover = listensForHover
        self.windows = windows
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 16 + windows.count * 48)
        writer.string(plugin)
        writer.u8((receivesRemoteControl ? 1 : 0) | (listensForHover ? 2 : 0))
        writer.u32(UInt32(windows.count))
        for window in windows {
            writer.f64(window.x)
            writer.f64(window.y)
            writer.f64(window.width)
            writer.f64(window.height)
            writer.f64(window.level)
            writer.u8((window.isHidden ? 1 : 0) | (window.isKey ? 2 : 0) | (window.textInput != nil ? 4 : 0))
            writer.string(window.title)
            writer.string(window.firstResponder)
            if let area = window.textInput {
                for value in [area.x, area.y, area.width, area.height] { writer.f64(value) }
            }
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "window list")
        plugin = try reader.string("plugin")
        let sceneFlags = try reader.u8("scene flags")
        guard sceneFlags <= 3 else {
            throw ChannelError(code: .malformed, message: "window list: the scene's flags are \(sceneFlags); 1 (remote control) and 2 (hover) are known")
        }
        receivesRemoteControl = sceneFlags & 1 != 0
        listensForHover = sceneFlags & 2 != 0
        let count = Int(try reader.u32("window count"))
        guard count <= Self.maximumWindows else {
            throw ChannelError(code: .malformed, message: "window list has \(count) windows; at most \(Self.maximumWindows)")
        }
        var windows: [Entry] = []
        for index in 0..<count {
            let x = try reader.f64("window \(index)'s x"), y = try reader.f64("window \(index)'s y")
            let width = try reader.f64("window \(index)'s width"), height = try reader.f64("window \(index)'s height")
            let level = try reader.f64("window \(index)'s level")
            let flags = try reader.u8("window \(index)'s flags")
            guard flags <= 7 else {
                throw ChannelError(
                    code: .malformed, message: "window list: window \(index)'s flags are \(flags); 1 (hidden), 2 (key) and 4 (text input) are known")
            }
            guard [x, y, width, height, level].allSatisfy(\.isFinite), width >= 0, height >= 0 else {
                throw ChannelError(
                    code: .malformed, message: "window list: window \(index)'s frame (\(x), \(y), \(width), \(height)) or level \(level) is not finite and non-negative in size")
            }
            let title = try reader.string("window \(index)'s title"), firstResponder = try reader.string("window \(index)'s first responder")
            var textInput: Entry.TextArea?
            if flags & 4 != 0 {
                let area = Entry.TextArea(
                    x: try reader.f64("window \(index)'s text input x"), y: try reader.f64("window \(index)'s text input y"),
                    width: try reader.f64("window \(index)'s text input width"), height: try reader.f64("window \(index)'s text input height"))
                textInput = area
            }
            windows.append(
                Entry(
                    x: x, y: y, width: width, height: height, level: level, isHidden: flags & 1 != 0, isKey: flags & 2 != 0, title: title,
                    firstResponder: firstResponder, textInput: textInput))
        }
        self.windows = windows
        try reader.finish()
    }
}
