/// The names of keys on D-Bus, in input scripts and in logs.
///
/// Letters and digits are themselves (`a`, `7`); the other keys have lower-case, hyphenated names:
/// `return`, `escape`, `backspace`, `tab`, `space`, `minus`, `equal`, `left-bracket`,
/// `right-bracket`, `backslash`, `semicolon`, `quote`, `grave`, `comma`, `period`, `slash`,
/// `caps-lock`, `f1`…`f12`, `print-screen`, `scroll-lock`, `pause`, `insert`, `home`, `page-up`,
/// `delete`, `end`, `page-down`, `right`, `left`, `down`, `up`, `keypad-enter`, `menu`,
/// `left-control`, `left-shift`, `left-alt`, `left-command`, and the `right-…` modifiers.
extension KeyboardHIDUsage {
    /// Every named key, in usage order.
    public static let named: [KeyboardHIDUsage] = names.keys.sorted()

    /// The key's name, or nil for a usage that has none.
    public var wireName: String? { Self.names[self] }

    /// The key called `name`. Matching ignores case and treats `_` as `-`, so X11 keysym names
    /// (`Return`, `BackSpace`, `Page_Up`) work too; `enter`, `esc`, `del`, `ctrl`-style aliases are
    /// accepted for the keys that have them. Nil when no key has that name.
    public init?(wireName name: String) {
        let normalized = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        if let usage = Self.byName[normalized] ?? Self.aliases[normalized] {
            self = usage
        } else {
            return nil
        }
    }

    private static let names: [KeyboardHIDUsage: String] = {
        var names: [KeyboardHIDUsage: String] = [:]
        for offset in 0..<26 {
            names[KeyboardHIDUsage(rawValue: keyboardA.rawValue + offset)] = String(UnicodeScalar(UInt8(0x61 + offset)))
        }
        for offset in 0..<9 {
            names[KeyboardHIDUsage(rawValue: keyboard1.rawValue + offset)] = String(offset + 1)
        }
        names[keyboard0] = "0"
        for number in 1...12 {
            names[KeyboardHIDUsage(rawValue: keyboardF1.rawValue + number - 1)] = "f\(number)"
        }
        let others: [(KeyboardHIDUsage, String)] = [
            (keyboardReturnOrEnter, "return"), (keyboardEscape, "escape"), (keyboardDeleteOrBackspace, "backspace"),
            (keyboardTab, "tab"), (keyboardSpacebar, "space"), (keyboardHyphen, "minus"), (keyboardEqualSign, "equal"),
            (keyboardOpenBracket, "left-bracket"), (keyboardCloseBracket, "right-bracket"), (keyboardBackslash, "backslash"),
            (keyboardSemicolon, "semicolon"), (keyboardQuote, "quote"), (keyboardGraveAccentAndTilde, "grave"),
            (keyboardComma, "comma"), (keyboardPeriod, "period"), (keyboardSlash, "slash"), (keyboardCapsLock, "caps-lock"),
            (keyboardPrintScreen, "print-screen"), (keyboardScrollLock, "scroll-lock"), (keyboardPause, "pause"),
            (keyboardInsert, "insert"), (keyboardHome, "home"), (keyboardPageUp, "page-up"),
            (keyboardDeleteForward, "delete"), (keyboardEnd, "end"), (keyboardPageDown, "page-down"),
            (keyboardRightArrow, "right"), (keyboardLeftArrow, "left"), (keyboardDownArrow, "down"), (keyboardUpArrow, "up"),
            (keypadEnter, "keypad-enter"), (keyboardMenu, "menu"),
            (keyboardLeftControl, "left-control"), (keyboardLeftShift, "left-shift"), (keyboardLeftAlt, "left-alt"),
            (keyboardLeftGUI, "left-command"), (keyboardRightControl, "right-control"), (keyboardRightShift, "right-shift"),
            (keyboardRightAlt, "right-alt"), (keyboardRightGUI, "right-command"),
        ]
        for (usage, name) in others { names[usage] = name }
        return names
    }()

    private static let byName: [String: KeyboardHIDUsage] = Dictionary(uniqueKeysWithValues: names.map { ($0.value, $0.key) })

    private static let aliases: [String: KeyboardHIDUsage] = [
        "enter": keyboardReturnOrEnter, "esc": keyboardEscape, "del": keyboardDeleteForward,
        "spacebar": keyboardSpacebar, "hyphen": keyboardHyphen, "pageup": keyboardPageUp, "pagedown": keyboardPageDown,
        "prior": keyboardPageUp, "next": keyboardPageDown, "kp-enter": keypadEnter,
        "control-l": keyboardLeftControl, "control-r": keyboardRightControl, "shift-l": keyboardLeftShift,
        "shift-r": keyboardRightShift, "alt-l": keyboardLeftAlt, "alt-r": keyboardRightAlt,
        "super-l": keyboardLeftGUI, "super-r": keyboardRightGUI,
    ]
}
