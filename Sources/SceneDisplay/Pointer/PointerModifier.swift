/// The modifier key that turns the pointer into two fingers (held when the button goes down): Alt
/// as the iOS Simulator's Option, or another one where the window manager takes Alt-drag.
public enum PointerModifier: String, Sendable, Equatable, CaseIterable {
    case alt
    case control
    /// The Super ("Windows") key.
    case command
    /// No two-finger gestures from the pointer.
    case none
}

/// The modifiers held when the pointer's button went down, as far as the pointer cares.
public struct PointerModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let shift = PointerModifiers(rawValue: 1 << 0)
    public static let alt = PointerModifiers(rawValue: 1 << 1)
    public static let control = PointerModifiers(rawValue: 1 << 2)
    public static let command = PointerModifiers(rawValue: 1 << 3)

    /// Whether `modifier` is among these (never for `.none`).
    public func includes(_ modifier: PointerModifier) -> Bool {
        switch modifier {
        case .alt: contains(PointerModifiers.alt)
        case .control: contains(PointerModifiers.control)
        case .command: contains(PointerModifiers.command)
        case .none: false
        }
    }
}
