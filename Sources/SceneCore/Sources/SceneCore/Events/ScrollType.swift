/// How a scroll event was produced: UIKit's `UIScrollType` [SV-17].
public enum ScrollType: Int, Sendable, CaseIterable {
    /// A mouse wheel: steps, each a delta applied at once.
    case discrete = 0
    /// A trackpad: a gesture with phases, then momentum.
    case continuous = 1

    /// The name used on D-Bus, the CLI and in logs: `discrete` or `continuous`.
    public var wireName: String {
        switch self {
        case .discrete: "discrete"
        case .continuous: "continuous"
        }
    }

    /// The type whose ``wireName`` is `name`, or nil.
    public init?(wireName name: String) {
        guard let match = Self.allCases.first(where: { $0.wireName == name }) else { return nil }
        self = match
    }
}
