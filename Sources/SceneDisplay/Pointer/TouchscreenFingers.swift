public import SceneCore

/// Touchscreen fingers as SDL reports them (a device, a finger identity, a position as a fraction of
/// the window) turned into finger changes with identities of their own, in window points.
///
/// Each finger gets the lowest free number from 2 up at its down (0 and 1 are the pointer's) and
/// keeps it until its up; the window it went down in owns it to the end. A value-type state machine.
public struct TouchscreenFingers: Sendable, Equatable {
    /// A finger as SDL names it.
    public struct Identity: Hashable, Sendable {
        public let device: Int64
        public let finger: Int64

        public init(device: Int64, finger: Int64) {
            self.device = device
            self.finger = finger
        }
    }

    /// The first number given to touchscreen fingers.
    public static let firstFinger: UInt32 = 2

    private struct LiveFinger: Sendable, Equatable {
        var number: UInt32
        var window: DisplayWindowID
        var location: Point
    }

    private var live: [Identity: LiveFinger] = [:]

    public init() {}

    /// Fingers down.
    public var count: Int { live.count }

    /// A finger at the fraction (`x`, `y`) of a window of `size` points.
    static func location(x: Double, y: Double, in size: Size) -> Point {
        Point(x: x * size.width, y: y * size.height)
    }

    /// A finger went down in `window`. A second down of a finger already down lifts nothing and is
    /// ignored.
    public mutating func down(_ identity: Identity, x: Double, y: Double, window: DisplayWindowID, size: Size) -> (DisplayWindowID, FingerChange)? {
        guard live[identity] == nil else { return nil }
        let used = Set(live.values.map(\.number))
        var number = Self.firstFinger
        while used.contains(number) { number += 1 }
        let location = Self.location(x: x, y: y, in: size)
        live[identity] = LiveFinger(number: number, window: window, location: location)
        return (window, FingerChange(finger: number, phase: .down, location: location))
    }

    /// A finger moved (ignored when it is not down or did not move). `size` is the size of the window
    /// it went down in.
    public mutating func move(_ identity: Identity, x: Double, y: Double, size: (DisplayWindowID) -> Size?) -> (DisplayWindowID, FingerChange)? {
        guard let entry = live[identity], let windowSize = size(entry.window) else { return nil }
        let location = Self.location(x: x, y: y, in: windowSize)
        guard location != entry.location else { return nil }
        live[identity]?.location = location
        return (entry.window, FingerChange(finger: entry.number, phase: .move, location: location))
    }

    /// A finger lifted (ignored when it is not down).
    public mutating func up(_ identity: Identity, x: Double, y: Double, size: (DisplayWindowID) -> Size?) -> (DisplayWindowID, FingerChange)? {
        guard let entry = live.removeValue(forKey: identity) else { return nil }
        let location = size(entry.window).map { Self.location(x: x, y: y, in: $0) } ?? entry.location
        return (entry.window, FingerChange(finger: entry.number, phase: .up, location: location))
    }

    /// Cancels the fingers down in `window` (it closed or was hidden), lowest number first.
    public mutating func cancel(in window: DisplayWindowID) -> [FingerChange] {
        let victims = live.filter { $0.value.window == window }.sorted { $0.value.number < $1.value.number }
        for (identity, _) in victims { live[identity] = nil }
        return victims.map { FingerChange(finger: $0.value.number, phase: .cancel, location: $0.value.location) }
    }

    /// Where the fingers of `window` are (to draw them).
    public func locations(in window: DisplayWindowID) -> [Point] {
        live.values.filter { $0.window == window }.sorted { $0.number < $1.number }.map(\.location)
    }
}
