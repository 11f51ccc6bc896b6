/// A physical key, named by its USB HID usage on the keyboard page (0x07): UIKit's
/// `UIKeyboardHIDUsage`, with the same raw values, so the same key has the same code whatever the
/// layout. ``Key/characters`` says what the key types under the current layout.
///
/// Each usage the host knows has a ``wireName`` (`a`, `1`, `return`, `tab`, `left`, `f5`, …), used on
/// D-Bus, in input scripts and in logs.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    // Letters and digits.
    public static let keyboardA = Self(rawValue: 0x04)
    public static let keyboardZ = Self(rawValue: 0x1D)
    public static let keyboard1 = Self(rawValue: 0x1E)
    public static let keyboard9 = Self(rawValue: 0x26)
    public static let keyboard0 = Self(rawValue: 0x27)

    // Editing and navigation.
    public static let keyboardReturnOrEnter = Self(rawValue: 0x28)
    public static let keyboardEscape = Self(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = Self(rawValue: 0x2A)
    public static let keyboardTab = Self(rawValue: 0x2B)
    public static let keyboardSpacebar = Self(rawValue: 0x2C)
    public static let keyboardHyphen = Self(rawValue: 0x2D)
    public static let keyboardEqualSign = Self(rawValue: 0x2E)
    public static let keyboardOpenBracket = Self(rawValue: 0x2F)
    public static let keyboardCloseBracket = Self(rawValue: 0x30)
    public static let keyboardBackslash = Self(rawValue: 0x31)
    public static let keyboardSemicolon = Self(rawValue: 0x33)
    public static let keyboardQuote = Self(rawValue: 0x34)
    public static let keyboardGraveAccentAndTilde = Self(rawValue: 0x35)
    public static let keyboardComma = Self(rawValue: 0x36)
    public static let keyboardPeriod = Self(rawValue: 0x37)
    public static let keyboardSlash = Self(rawValue: 0x38)
    public static let keyboardCapsLock = Self(rawValue: 0x39)
    public static let keyboardF1 = Self(rawValue: 0x3A)
    public static let keyboardF12 = Self(rawValue: 0x45)
    public static let keyboardPrintScreen = Self(rawValue: 0x46)
    public static let keyboardScrollLock = Self(rawValue: 0x47)
    public static let keyboardPause = Self(rawValue: 0x48)
    public static let keyboardInsert = Self(rawValue: 0x49)
    public static let keyboardHome = Self(rawValue: 0x4A)
    public static let keyboardPageUp = Self(rawValue: 0x4B)
    public static let keyboardDeleteForward = Self(rawValue: 0x4C)
    public static let keyboardEnd = Self(rawValue: 0x4D)
    public static let keyboardPageDown = Self(rawValue: 0x4E)
    public static let keyboardRightArrow = Self(rawValue: 0x4F)
    public static let keyboardLeftArrow = Self(rawValue: 0x50)
    public static let keyboardDownArrow = Self(rawValue: 0x51)
    public static let keyboardUpArrow = Self(rawValue: 0x52)
    public static let keypadEnter = Self(rawValue: 0x58)
    public static let keyboardMenu = Self(rawValue: 0x76)

    // Modifier keys.
    public static let keyboardLeftControl = Self(rawValue: 0xE0)
    public static let keyboardLeftShift = Self(rawValue: 0xE1)
    public static let keyboardLeftAlt = Self(rawValue: 0xE2)
    public static let keyboardLeftGUI = Self(rawValue: 0xE3)
    public static let keyboardRightControl = Self(rawValue: 0xE4)
    public static let keyboardRightShift = Self(rawValue: 0xE5)
    public static let keyboardRightAlt = Self(rawValue: 0xE6)
    public static let keyboardRightGUI = Self(rawValue: 0xE7)

    /// The letter key for `letter` (`a`…`z`, either case), or nil.
    public static func letter(_ letter: Character) -> Self? {
        guard let ascii = letter.lowercased().unicodeScalars.first?.value, letter.lowercased().count == 1,
            ascii >= 0x61, ascii <= 0x7A
        else { return nil }
        return Self(rawValue: keyboardA.rawValue + Int(ascii - 0x61))
    }

    /// The function key F`number` (1…12), or nil.
    public static func function(_ number: Int) -> Self? {
        guard (1...12).contains(number) else { return nil }
        return Self(rawValue: keyboardF1.rawValue + number - 1)
    }

    /// Whether the key is one of the eight modifier keys (Shift, Control, Alt, GUI; left and right).
    public var isModifierKey: Bool { (0xE0...0xE7).contains(rawValue) }

    /// Whether the key is an arrow key.
    public var isArrow: Bool { (Self.keyboardRightArrow.rawValue...Self.keyboardUpArrow.rawValue).contains(rawValue) }
}

extension KeyboardHIDUsage: CustomStringConvertible {
    public var description: String { wireName ?? "usage-0x" + String(rawValue, radix: 16) }
}
