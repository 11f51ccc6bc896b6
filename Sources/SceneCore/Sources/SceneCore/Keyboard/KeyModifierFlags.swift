/// The modifier keys held during a key press: UIKit's `UIKeyModifierFlags`, with the same raw values.
public struct KeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Caps Lock is on.
    public static let alphaShift = KeyModifierFlags(rawValue: 1 << 16)
    public static let shift = KeyModifierFlags(rawValue: 1 << 17)
    public static let control = KeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option).
    public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
    /// The Super (Windows, Command) key.
    public static let command = KeyModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)

    /// The modifiers that turn a key into a command rather than text (Control, Alt, Command).
    public static let commandModifiers: KeyModifierFlags = [.control, .alternate, .command]

    /// The single flags with their names, as used on D-Bus and in scripts (`shift+control`).
    public static let names: [(KeyModifierFlags, String)] = [
        (.alphaShift, "caps-lock"), (.shift, "shift"), (.control, "control"), (.alternate, "alt"), (.command, "command"),
        (.numericPad, "numeric-pad"),
    ]

    /// Alternative names accepted when parsing.
    private static let aliases: [String: KeyModifierFlags] = [
        "ctrl": .control, "option": .alternate, "super": .command, "meta": .command, "capslock": .alphaShift,
    ]

    /// The flags' names joined by `+` in the order of ``names`` (`shift+control`); "" for none.
    public var wireName: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }

    /// The flags named by `text`: names joined by `+` (case ignored, `_` read as `-`), or "" for
    /// none.
    ///
    /// - Throws: ``KeyboardInputError`` naming the first unknown modifier.
    public init(wireName text: String) throws(KeyboardInputError) {
        var flags: KeyModifierFlags = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) where !(text.isEmpty && part.isEmpty) {
            let name = String(part.lowercased().map { $0 == "_" ? "-" : $0 }).trimmingSpaces()
            guard let flag = Self.names.first(where: { $0.1 == name })?.0 ?? Self.aliases[name] else {
                throw KeyboardInputError(
                    code: .unknownModifier,
                    message: "modifier '\(part)' in '\(text)' does not exist; use \(Self.names.map(\.1).joined(separator: ", ")) joined by '+'")
            }
            flags.insert(flag)
        }
        self = flags
    }
}

extension String {
    /// The string without leading and trailing spaces (no Foundation in the core).
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
