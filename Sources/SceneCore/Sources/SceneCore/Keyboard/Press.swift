/// One key press, from key-down to key-up: UIKit's `UIPress`. The same object is passed to
/// `pressesBegan`, `pressesChanged` and `pressesEnded` (or `pressesCancelled`) of the responders on its
/// chain [KB-1].
@MainActor
public final class Press {
    /// The stage of a press.
    public enum Phase: String, Sendable, CaseIterable {
        /// The key went down (or repeated while held).
        case began
        /// The modifiers changed while the key was held.
        case changed
        case stationary
        /// The key came up.
        case ended
        /// The system cancelled the press (the scene resigned active).
        case cancelled

        /// Whether no more phases follow.
        public var isTerminal: Bool { self == .ended || self == .cancelled }
    }

    /// The current phase.
    public internal(set) var phase: Phase
    /// The key, with the modifiers of the latest phase.
    public internal(set) var key: Key?
    /// Monotonic seconds of the latest phase.
    public internal(set) var timestamp: Double
    /// The key window the press began in (nil when there was none).
    public internal(set) weak var window: Window?
    /// The responder the press is delivered to first: the key window's first responder (else the
    /// window, else the application) when it began.
    public internal(set) weak var responder: Responder?

    init(key: Key, timestamp: Double, window: Window?, responder: Responder?) {
        phase = .began
        self.key = key
        self.timestamp = timestamp
        self.window = window
        self.responder = responder
    }
}

extension Press: Hashable {
    public nonisolated static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Press: @MainActor CustomStringConvertible {
    public var description: String { "Press(\(key?.description ?? "-"), \(phase.rawValue))" }
}
