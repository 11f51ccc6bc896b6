import SceneCore
import SceneErrors
import SceneHostKit
import Testing

@MainActor
@Suite("Keyboard input records [KB-4, KB-6]")
struct KeyboardInputTests {
    @Test("Key names carry modifiers before the key and add to the modifiers given apart; media keys take none")
    func combinations() throws {
        #expect(try KeyCombination(name: "shift+Tab").target == .key(Key(keyCode: .keyboardTab, modifierFlags: .shift)))
        #expect(try KeyCombination(name: "a", modifiers: "control").target == .key(Key(keyCode: .keyboardA, modifierFlags: .control)))
        #expect(try KeyCombination(name: "ctrl+a", modifiers: "shift").description == "shift+control+a")
        #expect(try KeyCombination(name: "XF86AudioPlay").target == .media(.remoteControlTogglePlayPause))
        #expect(try KeyCombination(name: "media-previous").target == .media(.remoteControlPreviousTrack))
        for (name, modifiers, fragment) in [
            ("hyperdrive", "", "key 'hyperdrive' does not exist"), ("a+", "", "key '' in 'a+'"), ("a", "turbo", "modifier 'turbo'"),
            ("media-next", "shift", "media key 'media-next' takes no modifiers"),
        ] {
            do {
                _ = try KeyCombination(name: name, modifiers: modifiers)
                Issue.record("\(name) \(modifiers) parsed")
            } catch {
                #expect(error.message.contains(fragment), "\(error.message)")
            }
        }
    }

    @Test("A scripted key that types makes its text after began, as an input method would; Control keys and Tab type nothing")
    func recordsImitateAKeyboard() throws {
        let a = Key(keyCode: .keyboardA, modifierFlags: .shift)
        #expect(KeyboardInput.records(for: KeyCombination(a), stroke: .press) == [.press(a, .began), .text("A"), .press(a, .ended)])
        #expect(KeyboardInput.records(for: KeyCombination(a), stroke: .ended) == [.press(a, .ended)])
        let controlA = Key(keyCode: .keyboardA, modifierFlags: .control)
        #expect(KeyboardInput.records(for: KeyCombination(controlA), stroke: .began) == [.press(controlA, .began)])
        let tab = try KeyCombination(name: "tab")
        #expect(KeyboardInput.records(for: tab, stroke: .press).count == 2)
        let media = try KeyCombination(name: "media-play-pause")
        #expect(KeyboardInput.records(for: media, stroke: .press) == [.mediaKey(.remoteControlTogglePlayPause)])
        #expect(KeyboardInput.records(for: media, stroke: .ended).isEmpty)
    }

    @Test("Typed text may hold line breaks but no other control character, no noncharacter, and at most 10,000 characters")
    func typedTextChecks() throws {
        try KeyboardInput.checkTypedText("héllo\nwörld ✓")
        #expect(throws: InputError.self) { try KeyboardInput.checkTypedText("tab\there") }
        #expect(throws: InputError.self) { try KeyboardInput.checkTypedText("\u{FFFF}") }
        #expect(throws: InputError.self) { try KeyboardInput.checkTypedText(String(repeating: "x", count: 10_001)) }
        do {
            try KeyboardInput.checkTypedText("ok\u{1B}")
        } catch {
            #expect(error.code == .invalidValue && error.message.contains("U+001B at offset 2"))
        }
    }

    @Test("Records delivered to an application take the keyboard path: a press with no key window reaches the application, a media key its remote-control path")
    func deliveringRecords() {
        let application = Application(clock: ManualClock())
        #expect(KeyboardInput.press(Key(keyCode: .keyboardA), .began).deliver(to: application) == nil)
        #expect(KeyboardInput.text("x").deliver(to: application) == nil)
        application.beginReceivingRemoteControlEvents()
        #expect(KeyboardInput.mediaKey(.remoteControlPlay).deliver(to: application) == nil)
    }
}
