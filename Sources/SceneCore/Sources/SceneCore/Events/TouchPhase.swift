extension Touch {
    /// Where a touch is in its life, with UIKit's raw values (§0).
    public enum Phase: Int, Sendable, CaseIterable, Comparable {
        case began = 0
        case moved = 1
        case stationary = 2
        case ended = 3
        case cancelled = 4

        /// True for `ended` and `cancelled`: the touch is retired after this event.
        public var isTerminal: Bool { self == .ended || self == .cancelled }

        /// The lower-case name used on D-Bus and in logs.
        public var wireName: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }

        public static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
