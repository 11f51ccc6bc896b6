/// The kinds of scroll event a pan recognizer accepts: UIKit's `UIScrollTypeMask` [SV-17]. The raw
/// values are UIKit's (`1 << UIScrollType`).
public struct ScrollTypeMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Mouse wheels.
    public static let discrete = ScrollTypeMask(rawValue: 1 << ScrollType.discrete.rawValue)
    /// Trackpads.
    public static let continuous = ScrollTypeMask(rawValue: 1 << ScrollType.continuous.rawValue)
    /// Both.
    public static let all: ScrollTypeMask = [.discrete, .continuous]

    /// Whether the mask accepts events of `type`.
    public func accepts(_ type: ScrollType) -> Bool {
        contains(ScrollTypeMask(rawValue: 1 << type.rawValue))
    }
}
