public import SceneErrors

/// A scene process's answer to a `match` query (``SceneQueryCode/match``): every view of its scene
/// the selector matches, in tree order (window by window, each depth-first), and — when it matches
/// exactly one — whether a strict tap on it is ready now, as `Host1.TapMatching` asks.
public struct SceneSelectorAnswer: Hashable, Sendable {
    /// A view of the scene: its window's index in the scene and its reference.
    public struct View: Hashable, Sendable {
        public var window: UInt32
        public var reference: String

        public init(window: UInt32, reference: String) {
            self.window = window
            self.reference = reference
        }
    }

    /// Where a tap on the one match stands; `.none` when the selector matched none or several.
    public enum Readiness: Hashable, Sendable {
        case none
        /// A touch at `x, y` (window coordinates) reaches it.
        case ready(x: Double, y: Double)
        case notVisible
        case notEnabled
        /// A touch at `x, y` would reach `hit` (nil: no view) instead.
        case notHittable(x: Double, y: Double, hit: View?)
    }

    /// At most this many matches are sent; a selector that matches more is ambiguous either way.
    public static let maximumMatches = 4_096

    public var matches: [View]
    public var readiness: Readiness

    public init(matches: [View], readiness: Readiness = .none) {
        self.matches = matches
        self.readiness = readiness
    }

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 48 + matches.count * 24)
        writer.u32(UInt32(matches.count))
        for view in matches {
            writer.u32(view.window)
            writer.string(view.reference)
        }
        switch readiness {
        case .none: writer.u8(0)
        case .ready(let x, let y):
            writer.u8(1)
            writer.f64(x)
            writer.f64(y)
        case .notVisible: writer.u8(2)
        case .notEnabled: writer.u8(3)
        case .notHittable(let x, let y, let hit):
            writer.u8(4)
            writer.f64(x)
            writer.f64(y)
            writer.i32(hit.map { Int32(bitPattern: $0.window) } ?? -1)
            writer.string(hit?.reference ?? "")
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "selector answer")
        let count = Int(try reader.u32("match count"))
        guard count <= Self.maximumMatches, count * 8 <= reader.remaining else {
            throw ChannelError(
                code: .malformed,
                message: "selector answer announces \(count) matches in \(reader.remaining) bytes (at most \(Self.maximumMatches))")
        }
        var matches: [View] = []
        matches.reserveCapacity(count)
        for index in 0..<count {
            matches.append(View(window: try reader.u32("match \(index) window"), reference: try reader.string("match \(index) view")))
        }
        self.matches = matches
        switch try reader.u8("readiness") {
        case 0: readiness = .none
        case 1: readiness = .ready(x: try reader.f64("x"), y: try reader.f64("y"))
        case 2: readiness = .notVisible
        case 3: readiness = .notEnabled
        case 4:
            let x = try reader.f64("x"), y = try reader.f64("y")
            let window = try reader.i32("hit window")
            let reference = try reader.string("hit view")
            readiness = .notHittable(x: x, y: y, hit: window < 0 ? nil : View(window: UInt32(window), reference: reference))
        case let other:
            throw ChannelError(code: .malformed, message: "selector answer readiness \(other) is not 0…4")
        }
        try reader.finish()
    }
}
