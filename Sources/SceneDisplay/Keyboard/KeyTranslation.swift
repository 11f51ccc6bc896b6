internal import CSDL2
public import SceneCore

/// SDL's keys as SceneCore keys: SDL scancodes are USB HID keyboard usages (page 7) for the keyboard
/// (4 … 231), so the usage is the scancode; the modifiers map one to one; the text comes from the
/// key code, which SDL gives in the current keyboard layout. Media keys become remote-control
/// subtypes. Pure functions of SDL's numbers.
public enum KeyTranslation {
    /// The key for an SDL key event, or nil for keys SceneCore has no usage for.
    ///
    /// - Parameters:
    ///   - scancode: `SDL_Scancode` (the physical key).
    ///   - keycode: `SDL_Keycode` (the key's meaning in the layout: a Unicode scalar for keys that
    ///     type one, `SDLK_SCANCODE_MASK | scancode` for others).
    ///   - modifiers: `SDL_Keymod` bits held.
    ///   - isDown: key down (or repeat) rather than up.
    public static func key(scancode: Int, keycode: Int, modifiers: Int, isDown: Bool, isRepeat: Bool) -> DisplayKey? {
        if let subtype = mediaSubtype(scancode: scancode) {
            return isDown && !isRepeat ? .media(subtype) : nil
        }
        guard (4...231).contains(scancode) else { return nil }
        let usage = KeyboardHIDUsage(rawValue: scancode)
        var flags = modifierFlags(modifiers)
        if isKeypad(scancode) { flags.insert(.numericPad) }
        return .key(key(usage: usage, keycode: keycode, flags: flags), isDown: isDown, isRepeat: isRepeat)
    }

    /// The SceneCore modifier flags for SDL's `SDL_Keymod` bits.
    public static func modifierFlags(_ modifiers: Int) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if modifiers & Int(KMOD_SHIFT.rawValue) != 0 { flags.insert(.shift) }
        if modifiers & Int(KMOD_CTRL.rawValue) != 0 { flags.insert(.control) }
        if modifiers & Int(KMOD_ALT.rawValue) != 0 { flags.insert(.alternate) }
        if modifiers & Int(KMOD_GUI.rawValue) != 0 { flags.insert(.command) }
        if modifiers & Int(KMOD_CAPS.rawValue) != 0 { flags.insert(.alphaShift) }
        return flags
    }

    /// The pointer's modifiers for SDL's `SDL_Keymod` bits.
    public static func pointerModifiers(_ modifiers: Int) -> PointerModifiers {
        var result: PointerModifiers = []
        if modifiers & Int(KMOD_SHIFT.rawValue) != 0 { result.insert(.shift) }
        if modifiers & Int(KMOD_ALT.rawValue) != 0 { result.insert(.alt) }
        if modifiers & Int(KMOD_CTRL.rawValue) != 0 { result.insert(.control) }
        if modifiers & Int(KMOD_GUI.rawValue) != 0 { result.insert(.command) }
        return result
    }

    /// A key whose text is the layout's (`keycode`) where it types a printable character, and the
    /// US layout's for control keys (Return, Tab, Backspace… type the same everywhere).
    static func key(usage: KeyboardHIDUsage, keycode: Int, flags: KeyModifierFlags) -> Key {
        let us = Key(keyCode: usage, modifierFlags: flags)
        guard keycode > 0x20, keycode < Int(SDLK_SCANCODE_MASK), keycode != 0x7F, let scalar = Unicode.Scalar(UInt32(keycode)) else {
            return us
        }
        let plain = String(scalar)
        let isLetter = scalar.properties.isAlphabetic && plain.lowercased() != plain.uppercased()
        var characters = plain
        if isLetter {
            let upper = flags.contains(.shift) != flags.contains(.alphaShift)
            characters = upper ? plain.uppercased() : plain.lowercased()
        } else if flags.contains(.shift) {
            // The layout's shifted character is not in the key event (it comes as text): where the
            // key is the US one, use the US shifted character, else the plain one.
            characters = plain == us.charactersIgnoringModifiers ? us.characters : plain
        }
        return Key(keyCode: usage, modifierFlags: flags, characters: characters, charactersIgnoringModifiers: plain)
    }

    static func isKeypad(_ scancode: Int) -> Bool {
        (Int(SDL_SCANCODE_KP_DIVIDE.rawValue)...Int(SDL_SCANCODE_KP_PERIOD.rawValue)).contains(scancode)
    }

    /// Remote-control subtypes of SDL's media keys.
    static func mediaSubtype(scancode: Int) -> Event.EventSubtype? {
        switch scancode {
        case Int(SDL_SCANCODE_AUDIOPLAY.rawValue): .remoteControlTogglePlayPause
        case Int(SDL_SCANCODE_AUDIOSTOP.rawValue): .remoteControlStop
        case Int(SDL_SCANCODE_AUDIONEXT.rawValue): .remoteControlNextTrack
        case Int(SDL_SCANCODE_AUDIOPREV.rawValue): .remoteControlPreviousTrack
        default: nil
        }
    }
}
