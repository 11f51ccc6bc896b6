import SceneCore
import Testing

@Suite("Keys: names, modifiers and the US layout")
struct KeyTests {
    @Test("Every named key's name reads back as the same key, ignoring case and with X11 spellings")
    func namesRoundTrip() throws {
        for usage in KeyboardHIDUsage.named {
            let name = try #require(usage.wireName)
            #expect(KeyboardHIDUsage(wireName: name) == usage)
            #expect(KeyboardHIDUsage(wireName: name.uppercased()) == usage)
        }
        #expect(KeyboardHIDUsage(wireName: "Return") == .keyboardReturnOrEnter)
        #expect(KeyboardHIDUsage(wireName: "BackSpace") == .keyboardDeleteOrBackspace)
        #expect(KeyboardHIDUsage(wireName: "Page_Up") == .keyboardPageUp)
        #expect(KeyboardHIDUsage(wireName: "ISO_Left_Tab") == nil)
        #expect(KeyboardHIDUsage.keyboardA.wireName == "a" && KeyboardHIDUsage.keyboard0.wireName == "0")
        #expect(KeyboardHIDUsage.function(5)?.wireName == "f5")
    }

    @Test("Modifiers parse from names joined by '+', and an unknown one is named in the error")
    func modifiers() throws {
        #expect(try KeyModifierFlags(wireName: "") == [])
        #expect(try KeyModifierFlags(wireName: "shift+Ctrl") == [.shift, .control])
        #expect(try KeyModifierFlags(wireName: "control+shift").wireName == "shift+control")
        #expect(try KeyModifierFlags(wireName: "super") == .command)
        #expect(throws: KeyboardInputError.self) { try KeyModifierFlags(wireName: "shift+hyper") }
        do {
            _ = try KeyModifierFlags(wireName: "shift+hyper")
        } catch {
            #expect(error.code == .unknownModifier)
            #expect(error.message.contains("'hyper'"))
        }
    }

    @Test("Scripted keys type what a US keyboard types: Shift and Caps Lock for letters, Shift for digits and punctuation")
    func usLayout() {
        #expect(Key(keyCode: .keyboardA).characters == "a")
        #expect(Key(keyCode: .keyboardA, modifierFlags: .shift).characters == "A")
        #expect(Key(keyCode: .keyboardA, modifierFlags: .alphaShift).characters == "A")
        #expect(Key(keyCode: .keyboardA, modifierFlags: [.alphaShift, .shift]).characters == "a")
        #expect(Key(keyCode: .keyboard1, modifierFlags: [.alphaShift]).characters == "1")
        #expect(Key(keyCode: .keyboard1, modifierFlags: .shift).characters == "!")
        #expect(Key(keyCode: .keyboardSlash, modifierFlags: .shift).characters == "?")
        #expect(Key(keyCode: .keyboardSlash, modifierFlags: .shift).charactersIgnoringModifiers == "/")
        #expect(Key(keyCode: .keyboardReturnOrEnter).characters == "\r")
        #expect(Key(keyCode: .keyboardLeftArrow).characters == "")
    }

    @Test("A key types its characters only when they are printable and no Control, Alt or Command is held")
    func typedText() {
        #expect(Key(keyCode: .keyboardSpacebar).typedText == " ")
        #expect(Key(keyCode: .keyboardA, modifierFlags: .shift).typedText == "A")
        #expect(Key(keyCode: .keyboardA, modifierFlags: .control).typedText == "")
        #expect(Key(keyCode: .keyboardA, modifierFlags: .command).typedText == "")
        #expect(Key(keyCode: .keyboardTab).typedText == "")
        #expect(Key(keyCode: .keyboardReturnOrEnter).typedText == "")
        #expect(Key(keyCode: .keyboardTab, modifierFlags: .shift).wireName == "shift+tab")
    }
}
