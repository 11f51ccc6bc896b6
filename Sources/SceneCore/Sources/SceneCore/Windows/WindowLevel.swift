extension Window {
    /// A window's z-order band [WS-3]: every window of a higher level is in front of every window of a
    /// lower one. Values as UIKit's (§0).
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: Double

        public init(rawValue: Double) {
            self.rawValue = rawValue
        }

        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
