public import SceneCore

/// WebDriver's keys as the host's keyboard records: the characters of W3C key actions and of Element
/// Send Keys text, and the W3C key codes of the U+E000–U+E05D range (U+E007 Enter, U+E008 Shift, …).
///
/// A character the US layout types with a key (letters, digits, punctuation, space) is that key's
/// press — its text follows the press, as scripted keys do [KB-4]; any other character is text from
/// the input method. Modifier codes (Shift, Control, Alt, Meta) are presses of the modifier keys and
/// apply to the keys pressed while they are down.
public enum WebDriverKeys {
    /// What one WebDriver key value stands for.
    public enum Meaning: Sendable, Equatable {
        /// A key (with the modifiers its character needs, `shift+1` for `!`).
        case key(Key)
        /// A modifier key: its key and the flag it holds while down.
        case modifier(Key, KeyModifierFlags)
        /// Text no key of the layout types.
        case text(String)
        /// U+E000: releases every modifier (Send Keys).
        case releaseModifiers
    }

    /// The key names of the W3C key codes (U+E000 + offset), by offset.
    private static let codeNames: [UInt32: String] = [
        0x03: "backspace", 0x04: "tab", 0x06: "return", 0x07: "return", 0x08: "left-shift", 0x09: "left-control",
        0x0A: "left-alt", 0x0B: "pause", 0x0C: "escape", 0x0D: "space", 0x0E: "page-up", 0x0F: "page-down", 0x10: "end",
        0x11: "home", 0x12: "left", 0x13: "up", 0x14: "right", 0x15: "down", 0x16: "insert", 0x17: "delete",
        0x18: "semicolon", 0x19: "equal", 0x1A: "0", 0x1B: "1", 0x1C: "2", 0x1D: "3", 0x1E: "4", 0x1F: "5", 0x20: "6",
        0x21: "7", 0x22: "8", 0x23: "9", 0x26: "comma", 0x27: "minus", 0x28: "period", 0x29: "slash",
        0x31: "f1", 0x32: "f2", 0x33: "f3", 0x34: "f4", 0x35: "f5", 0x36: "f6", 0x37: "f7", 0x38: "f8", 0x39: "f9",
        0x3A: "f10", 0x3B: "f11", 0x3C: "f12", 0x3D: "left-command", 0x50: "right-shift", 0x51: "right-control",
        0x52: "right-alt", 0x53: "right-command", 0x54: "page-up", 0x55: "page-down", 0x56: "end", 0x57: "home",
        0x58: "left", 0x59: "up", 0x5A: "right", 0x5B: "down", 0x5C: "insert", 0x5D: "delete",
    ]

    /// Keypad codes that type a character with no key of their own.
    private static let codeTexts: [UInt32: String] = [0x24: "*", 0x25: "+"]

    /// The modifier each modifier code holds.
    private static let modifierCodes: [UInt32: KeyModifierFlags] = [
        0x08: .shift, 0x50: .shift, 0x09: .control, 0x51: .control, 0x0A: .alternate, 0x52: .alternate, 0x3D: .command, 0x53: .command,
    ]

    /// Punctuation by character: the key's name and whether Shift types it (US layout).
    private static let punctuation: [Character: (String, Bool)] = [
        " ": ("space", false), "-": ("minus", false), "_": ("minus", true), "=": ("equal", false), "+": ("equal", true),
        "[": ("left-bracket", false), "{": ("left-bracket", true), "]": ("right-bracket", false), "}": ("right-bracket", true),
        "\\": ("backslash", false), "|": ("backslash", true), ";": ("semicolon", false), ":": ("semicolon", true),
        "'": ("quote", false), "\"": ("quote", true), "`": ("grave", false), "~": ("grave", true), ",": ("comma", false),
        "<": ("comma", true), ".": ("period", false), ">": ("period", true), "/": ("slash", false), "?": ("slash", true),
        "!": ("1", true), "@": ("2", true), "#": ("3", true), "$": ("4", true), "%": ("5", true), "^": ("6", true),
        "&": ("7", true), "*": ("8", true), "(": ("9", true), ")": ("0", true), "\n": ("return", false), "\t": ("tab", false),
    ]

    /// What `value` (one character) stands for.
    public static func meaning(of value: Character) -> Meaning {
        if let scalar = value.unicodeScalars.first, value.unicodeScalars.count == 1, (0xE000...0xE05D).contains(scalar.value) {
            let offset = scalar.value - 0xE000
            if offset == 0 { return .releaseModifiers }
            if let name = codeNames[offset], let usage = KeyboardHIDUsage(wireName: name) {
                let key = Key(keyCode: usage)
                if let flag = modifierCodes[offset] { return .modifier(key, flag) }
                return .key(key)
            }
            return .text(codeTexts[offset] ?? "")
        }
        let lower = Character(value.lowercased())
        if value.isASCII, value.isLetter, let usage = KeyboardHIDUsage(wireName: String(lower)) {
            return .key(Key(keyCode: usage, modifierFlags: value.isUppercase ? .shift : []))
        }
        if value.isASCII, value.isNumber, let usage = KeyboardHIDUsage(wireName: String(value)) {
            return .key(Key(keyCode: usage))
        }
        if let (name, shifted) = punctuation[value], let usage = KeyboardHIDUsage(wireName: name) {
            return .key(Key(keyCode: usage, modifierFlags: shifted ? .shift : []))
        }
        return .text(String(value))
    }

    /// The records that type `text` as W3C Element Send Keys does: each character's key pressed and
    /// released (its text between), modifier codes held until U+E000 or the end of the text (and
    /// then released), characters without a key as text.
    public static func typing(_ text: String) -> [KeyboardInput] {
        var records: [KeyboardInput] = []
        var held: [(Key, KeyModifierFlags)] = []
        var modifiers: KeyModifierFlags { held.reduce(into: []) { $0.formUnion($1.1) } }
        func releaseAll() {
            for (key, _) in held.reversed() { records.append(.press(key, .ended)) }
            held.removeAll()
        }
        for character in text {
            switch meaning(of: character) {
            case .releaseModifiers:
                releaseAll()
            case .modifier(let key, let flag):
                guard !held.contains(where: { $0.0.keyCode == key.keyCode }) else { continue }
                held.append((key, flag))
                records.append(.press(Key(keyCode: key.keyCode, modifierFlags: modifiers), .began))
            case .key(let key):
                let pressed = Key(keyCode: key.keyCode, modifierFlags: key.modifierFlags.union(modifiers))
                records += KeyboardInput.records(for: KeyCombination(pressed), stroke: .press)
            case .text(let text):
                if !text.isEmpty { records.append(.text(text)) }
            }
        }
        releaseAll()
        return records
    }
}
