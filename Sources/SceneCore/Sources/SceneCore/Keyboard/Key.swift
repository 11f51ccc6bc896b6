/// One key of a press: which physical key, the modifiers held, and the text it types: UIKit's `UIKey`.
public struct Key: Hashable, Sendable {
    /// The physical key.
    public let keyCode: KeyboardHIDUsage
    /// The modifiers held when the key went down (or changed).
    public let modifierFlags: KeyModifierFlags
    /// The text the key types with its modifiers under the layout in use ("" for keys that type
    /// nothing, such as arrows); control keys give their control character (`"\r"`, `"\t"`, `"\u{8}"`).
    public let characters: String
    /// The text the key types with no modifiers.
    public let charactersIgnoringModifiers: String

    /// A key with its text given by the input source (a display layer's keyboard layout).
    public init(keyCode: KeyboardHIDUsage, modifierFlags: KeyModifierFlags = [], characters: String, charactersIgnoringModifiers: String) {
        self.keyCode = keyCode
        self.modifierFlags = modifierFlags
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
    }

    /// A key whose text comes from the US English layout (what scripted keys type).
    public init(keyCode: KeyboardHIDUsage, modifierFlags: KeyModifierFlags = []) {
        let layout = USKeyboardLayout.characters(for: keyCode)
        let shifted = modifierFlags.contains(.shift)
        var characters = shifted ? layout.shifted : layout.plain
        if keyCode >= .keyboardA, keyCode <= .keyboardZ, modifierFlags.contains(.alphaShift) {
            characters = shifted ? layout.plain : layout.shifted
        }
        self.init(keyCode: keyCode, modifierFlags: modifierFlags, characters: characters, charactersIgnoringModifiers: layout.plain)
    }

    /// The key's name with its modifiers, as on D-Bus: `shift+tab`, `control+a`, `return`.
    public var wireName: String {
        let modifiers = modifierFlags.wireName
        return modifiers.isEmpty ? keyCode.description : modifiers + "+" + keyCode.description
    }

    /// The text the key types into a text field: its ``characters`` when they are printable and no
    /// Control, Alt or Command modifier is held; "" otherwise.
    public var typedText: String {
        guard modifierFlags.isDisjoint(with: .commandModifiers), !characters.isEmpty,
            characters.unicodeScalars.allSatisfy({ !TextValidation.isControl($0) })
        else { return "" }
        return characters
    }
}

extension Key: CustomStringConvertible {
    public var description: String { wireName }
}

/// The US English layout, for keys whose text is not given by an input source.
enum USKeyboardLayout {
    /// The text of `key` without and with Shift.
    static func characters(for key: KeyboardHIDUsage) -> (plain: String, shifted: String) {
        if key >= .keyboardA, key <= .keyboardZ {
            let letter = String(UnicodeScalar(UInt8(0x61 + key.rawValue - KeyboardHIDUsage.keyboardA.rawValue)))
            return (letter, letter.uppercased())
        }
        if key >= .keyboard1, key <= .keyboard0 {
            let index = key.rawValue - KeyboardHIDUsage.keyboard1.rawValue
            return (String("1234567890"[offset: index]), String("!@#$%^&*()"[offset: index]))
        }
        switch key {
        case .keyboardReturnOrEnter, .keypadEnter: return ("\r", "\r")
        case .keyboardEscape: return ("\u{1B}", "\u{1B}")
        case .keyboardDeleteOrBackspace: return ("\u{8}", "\u{8}")
        case .keyboardTab: return ("\t", "\t")
        case .keyboardSpacebar: return (" ", " ")
        case .keyboardHyphen: return ("-", "_")
        case .keyboardEqualSign: return ("=", "+")
        case .keyboardOpenBracket: return ("[", "{")
        case .keyboardCloseBracket: return ("]", "}")
        case .keyboardBackslash: return ("\\", "|")
        case .keyboardSemicolon: return (";", ":")
        case .keyboardQuote: return ("'", "\"")
        case .keyboardGraveAccentAndTilde: return ("`", "~")
        case .keyboardComma: return (",", "<")
        case .keyboardPeriod: return (".", ">")
        case .keyboardSlash: return ("/", "?")
        case .keyboardDeleteForward: return ("\u{7F}", "\u{7F}")
        default: return ("", "")
        }
    }
}

extension String {
    /// The character at `offset` (no Foundation in the core).
    subscript(offset offset: Int) -> Character {
        self[index(startIndex, offsetBy: offset)]
    }
}
