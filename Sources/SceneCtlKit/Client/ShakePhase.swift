import ArgumentParser

/// Which shake events `scenectl shake` sends: one phase, or `both` (began, then ended).
enum ShakePhase: String, CaseIterable, Sendable, ExpressibleByArgument {
    case began
    case ended
    case cancelled
    case both

    /// The phases to send, in order.
    var phases: [String] {
        self == .both ? ["began", "ended"] : [rawValue]
    }
}
