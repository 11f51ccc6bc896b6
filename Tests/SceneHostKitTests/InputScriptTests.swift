import SceneCore
import SceneHostKit
import Testing

@Suite("Input scripts")
struct InputScriptTests {
    @Test("Every command parses; comments and blank lines are skipped")
    func parsesCommands() throws {
        let script = try InputScript(
            text: """
                # seed 000
                tap findview 240 250
                tap taps 10 10 2

                long-press gesturelab 10 20 0.8
                swipe canvas 0 0 100 0 0.3
                pinch canvas 50 50 40 120 0.5
                shake
                remote next-track
                wait 0.25
                quit
                """, file: "s.txt")
        #expect(script.commands.map(\.line) == [2, 3, 5, 6, 7, 8, 9, 10, 11])
        #expect(script.commands[0].command == .tap(scene: "findview", point: Point(x: 240, y: 250), count: 1))
        #expect(script.commands[1].command == .tap(scene: "taps", point: Point(x: 10, y: 10), count: 2))
        #expect(script.commands[6].command == .remote(.remoteControlNextTrack))
        #expect(script.commands.last?.command == .quit)
    }

    @Test("press and type become keyboard records: a key's press, its text after began, a media key's remote-control event [KB-4, KB-6]")
    func keyboardCommands() throws {
        let script = try InputScript(
            text: """
                press shift+tab
                press a began
                press media-next
                type hi there\\n
                """, file: "k.txt")
        let shiftTab = Key(keyCode: .keyboardTab, modifierFlags: .shift)
        let a = Key(keyCode: .keyboardA)
        #expect(script.commands.map(\.command) == [
            .keyboard([.press(shiftTab, .began), .press(shiftTab, .ended)]),
            .keyboard([.press(a, .began), .text("a")]),
            .keyboard([.mediaKey(.remoteControlNextTrack)]),
            .keyboard([.text("hi there\n")]),
        ])
    }

    @Test(
        "Malformed lines are errors naming the line",
        arguments: [
            ("tap findview 1", "s.txt:1: tap: expected: tap SCENE X Y [COUNT]"),
            ("tap findview x 2", "s.txt:1: tap: argument 2 must be a finite number (got 'x')"),
            ("tap findview 1 2 99", "s.txt:1: tap: COUNT must be 1…10"),
            ("\nremote louder", "s.txt:2: remote: unknown remote-control subtype 'louder'"),
            ("jump", "s.txt:1: jump: unknown command 'jump'"),
            ("wait -1", "s.txt:1: wait: SECONDS must be ≥ 0"),
            ("press hyper+a", "s.txt:1: press: modifier 'hyper' in 'hyper' does not exist"),
            ("press tab twice", "s.txt:1: press: key phase 'twice' does not exist"),
            ("press", "s.txt:1: press: expected: press KEY [PHASE]"),
            ("type a\u{7}b", "s.txt:1: type: text has U+0007 at offset 1"),
            ("tap a nan 1", "s.txt:1: tap: argument 2 must be a finite number (got 'nan')"),
        ])
    func errors(text: String, expected: String) {
        do {
            _ = try InputScript(text: text, file: "s.txt")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
        }
    }
}
