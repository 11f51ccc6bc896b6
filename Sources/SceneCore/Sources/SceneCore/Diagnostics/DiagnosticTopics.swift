/// Topics of deep tracing, switched on one by one instead of raising a log level (Flutter's debug
/// flags). SceneCore reports `hitTesting`, `responderChain` and `gestures` through
/// ``ApplicationObserver/diagnostic(_:_:)``; the host adds its own topics.
public struct DiagnosticTopics: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Each new touch's hit test: window, point, result, passes.
    public static let hitTesting = DiagnosticTopics(rawValue: 1 << 0)
    /// The responder chain each touch phase travels, and motion / remote-control / action routing.
    public static let responderChain = DiagnosticTopics(rawValue: 1 << 1)
    /// Gesture recognizer state changes and arbitration decisions.
    public static let gestures = DiagnosticTopics(rawValue: 1 << 2)
    /// Plugin probing and loading (host).
    public static let plugins = DiagnosticTopics(rawValue: 1 << 3)
    /// D-Bus traffic (host).
    public static let bus = DiagnosticTopics(rawValue: 1 << 4)

    public static let all: DiagnosticTopics = [.hitTesting, .responderChain, .gestures, .plugins, .bus]

    /// Topic names as written in configuration files and on the command line.
    public static let names: [(String, DiagnosticTopics)] = [
        ("hit-testing", .hitTesting), ("responder-chain", .responderChain), ("gestures", .gestures),
        ("plugins", .plugins), ("bus", .bus),
    ]

    /// The topic called `name`, or nil.
    public init?(name: String) {
        guard let match = DiagnosticTopics.names.first(where: { $0.0 == name }) else { return nil }
        self = match.1
    }
}
