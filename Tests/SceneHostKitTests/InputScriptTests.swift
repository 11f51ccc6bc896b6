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

    @Test(
        "Malformed lines are errors naming the line",
        arguments: [
            ("tap findview 1", "s.txt:1: tap: expected: tap SCENE X Y [COUNT]"),
            ("tap findview x 2", "s.txt:1: tap: argument 2 must be a finite number (got 'x')"),
            ("tap findview 1 2 99", "s.txt:1: tap: COUNT must be 1…10"),
            ("\nremote louder", "s.txt:2: remote: unknown remote-control subtype 'louder'"),
            ("jump", "s.txt:1: jump: unknown command 'jump'"),
            ("wait -1", "s.txt:1: wait: SECONDS must be ≥ 0"),
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
