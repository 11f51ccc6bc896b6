import SceneCore
import SceneDisplay
import Testing

@Suite("SDL keys as SceneCore keys")
struct KeyTranslationTests {
    // SDL's numbers (SDL_scancode.h, SDL_keycode.h): they are part of SDL2's ABI.
    let scancodeA = 4, scancodeReturn = 40, scancodeOne = 30, scancodeKeypad1 = 89
    let shift = 0x0001, capsLock = 0x2000, control = 0x0040, alt = 0x0100, gui = 0x0400

    @Test("The scancode is the HID usage and the layout's key code gives the text")
    func letters() {
        guard case .key(let key, true, false)? = KeyTranslation.key(scancode: scancodeA, keycode: 0x61, modifiers: 0, isDown: true, isRepeat: false) else {
            Issue.record("no key")
            return
        }
        #expect(key.keyCode == .keyboardA && key.characters == "a" && key.charactersIgnoringModifiers == "a" && key.modifierFlags.isEmpty)
        // An AZERTY keyboard's A key is at Q's place: the scancode says Q, the key code says a.
        guard case .key(let azerty, _, _)? = KeyTranslation.key(scancode: 20, keycode: 0x61, modifiers: shift, isDown: true, isRepeat: false) else {
            Issue.record("no key")
            return
        }
        #expect(azerty.keyCode.rawValue == 20 && azerty.characters == "A" && azerty.modifierFlags == [.shift])
        guard case .key(let caps, _, _)? = KeyTranslation.key(scancode: scancodeA, keycode: 0x61, modifiers: shift | capsLock, isDown: true, isRepeat: false) else {
            Issue.record("no key")
            return
        }
        #expect(caps.characters == "a" && caps.modifierFlags == [.shift, .alphaShift])
    }

    @Test("Modifiers map one to one; digits shift as on the US layout; control keys keep their control text")
    func modifiersAndControlKeys() {
        guard case .key(let bang, _, _)? = KeyTranslation.key(scancode: scancodeOne, keycode: 0x31, modifiers: shift, isDown: true, isRepeat: false),
            case .key(let enter, false, false)? = KeyTranslation.key(scancode: scancodeReturn, keycode: 0x0D, modifiers: control | alt | gui, isDown: false, isRepeat: false),
            case .key(let keypad, _, _)? = KeyTranslation.key(scancode: scancodeKeypad1, keycode: 0x4000_0059, modifiers: 0, isDown: true, isRepeat: false)
        else {
            Issue.record("no key")
            return
        }
        #expect(bang.characters == "!" && bang.charactersIgnoringModifiers == "1")
        #expect(enter.keyCode == .keyboardReturnOrEnter && enter.characters == "\r" && enter.modifierFlags == [.control, .alternate, .command])
        #expect(keypad.modifierFlags.contains(.numericPad))
    }

    @Test("Media keys are remote-control events on key-down only; unknown scancodes are nothing")
    func mediaKeys() {
        #expect(KeyTranslation.key(scancode: 261, keycode: 0, modifiers: 0, isDown: true, isRepeat: false) == .media(.remoteControlTogglePlayPause))
        #expect(KeyTranslation.key(scancode: 258, keycode: 0, modifiers: 0, isDown: true, isRepeat: false) == .media(.remoteControlNextTrack))
        #expect(KeyTranslation.key(scancode: 261, keycode: 0, modifiers: 0, isDown: false, isRepeat: false) == nil)
        #expect(KeyTranslation.key(scancode: 261, keycode: 0, modifiers: 0, isDown: true, isRepeat: true) == nil)
        #expect(KeyTranslation.key(scancode: 0, keycode: 0, modifiers: 0, isDown: true, isRepeat: false) == nil)
        #expect(KeyTranslation.pointerModifiers(shift | alt) == [.shift, .alt])
    }
}
