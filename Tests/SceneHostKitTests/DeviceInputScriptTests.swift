import SceneBusContract
import SceneCore
import SceneHostKit
import Testing

@Suite("Device input in scripts: records as lines and back")
struct DeviceInputScriptTests {
    @Test("touch, key, focus, wheel and hover lines become device records")
    func parses() throws {
        let script = try InputScript(
            text: """
                focus gesturelab gained
                touch gesturelab 0 down 145 620, 1 down 245 720
                touch gesturelab 0 move 150.5 615, 1 move 239.5 725
                touch gesturelab 0 up 150.5 615, 1 cancel
                key shift+a began
                type A
                key shift+a ended
                key media-play-pause began
                type \\sa\\s
                wheel toolkit 100 550 0 40
                wheel toolkit 100.5 550 -1.5 -40
                hover toolkit 100 550
                hover toolkit out
                """, file: "r.txt")
        let shiftA = Key(keyCode: .keyboardA, modifierFlags: .shift)
        #expect(script.commands.map(\.command) == [
            .record(.focus(scene: "gesturelab", gained: true)),
            .record(.touches(scene: "gesturelab", [
                FingerStep(slot: 0, phase: .down, location: Point(x: 145, y: 620)), FingerStep(slot: 1, phase: .down, location: Point(x: 245, y: 720)),
            ])),
            .record(.touches(scene: "gesturelab", [
                FingerStep(slot: 0, phase: .move, location: Point(x: 150.5, y: 615)), FingerStep(slot: 1, phase: .move, location: Point(x: 239.5, y: 725)),
            ])),
            .record(.touches(scene: "gesturelab", [
                FingerStep(slot: 0, phase: .up, location: Point(x: 150.5, y: 615)), FingerStep(slot: 1, phase: .cancel, location: Point(x: 0, y: 0)),
            ])),
            .record(.keyboard(.press(shiftA, .began))),
            .keyboard([.text("A")]),
            .record(.keyboard(.press(shiftA, .ended))),
            .record(.keyboard(.mediaKey(.remoteControlTogglePlayPause))),
            .keyboard([.text(" a ")]),
            .record(.wheel(scene: "toolkit", location: Point(x: 100, y: 550), delta: Point(x: 0, y: 40))),
            .record(.wheel(scene: "toolkit", location: Point(x: 100.5, y: 550), delta: Point(x: -1.5, y: -40))),
            .record(.hover(scene: "toolkit", location: Point(x: 100, y: 550))),
            .record(.hover(scene: "toolkit", location: nil)),
        ])
    }

    @Test(
        "Malformed device lines are errors naming the line",
        arguments: [
            ("touch findview", "r.txt:1: touch: expected: touch SCENE SLOT PHASE X Y"),
            ("touch findview 0 tap 1 2", "r.txt:1: touch: finger 1: '0 tap 1 2' is not SLOT PHASE X Y"),
            ("touch findview 0 down 1", "r.txt:1: touch: finger 1: X and Y must be finite numbers"),
            ("touch findview 0 down nan 2", "r.txt:1: touch: finger 1: X and Y must be finite numbers"),
            ("touch findview 0 down 1 2, 0 move 3 4", "r.txt:1: touch: finger 2: slot 0 changes twice in one event"),
            ("key a press", "r.txt:1: key: PHASE must be began, changed, ended or cancelled"),
            ("key media-next ended", "r.txt:1: key: a media key is a remote-control event"),
            ("key a", "r.txt:1: key: expected: key KEY PHASE"),
            ("focus gallery maybe", "r.txt:1: focus: expected gained or lost (got 'maybe')"),
            ("wheel toolkit 1 2 0", "r.txt:1: wheel: expected: wheel SCENE X Y DX DY"),
            ("wheel toolkit 1 2 0 inf", "r.txt:1: wheel: argument 5 must be a finite number (got 'inf')"),
            ("wheel toolkit 1 2 0 2000000", "r.txt:1: wheel: wheel delta dy 2000000.0 must be a finite number of points within ±1000000"),
            ("hover toolkit away", "r.txt:1: hover: expected: hover SCENE X Y, or hover SCENE out"),
            ("hover toolkit 1 x", "r.txt:1: hover: argument 3 must be a finite number (got 'x')"),
        ])
    func errors(text: String, expected: String) {
        do {
            _ = try InputScript(text: text, file: "r.txt")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got: \(error.description)")
        }
    }

    @Test("Every record's script line parses back to the same record (random records)")
    func roundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let keys: [KeyboardHIDUsage] = KeyboardHIDUsage.named
        let texts = ["a", " ", "hello world", "  x  ", "back\\slash", "line\nbreak", "é€😀", "\\s"]
        for _ in 0..<500 {
            let record: InputRecord
            func number() -> Double {
                Bool.random(using: &generator) ? Double(Int.random(in: -900...900, using: &generator)) : Double.random(in: -1000...1000, using: &generator)
            }
            switch Int.random(in: 0..<7, using: &generator) {
            case 0:
                let count = Int.random(in: 1...3, using: &generator)
                let steps = (0..<count).map { slot in
                    let phase = InputSample.Phase.allCases.randomElement(using: &generator) ?? .down
                    let location = phase == .cancel ? Point(x: 0, y: 0)
                        : Point(x: Double.random(in: -500...1500, using: &generator), y: Double(Int.random(in: 0...900, using: &generator)))
                    return FingerStep(slot: UInt32(slot * 2), phase: phase, location: location)
                }
                record = .touches(scene: "scene-\(Int.random(in: 0...9, using: &generator))", steps)
            case 1:
                let usage = keys.randomElement(using: &generator) ?? .keyboardA
                let flags = KeyModifierFlags(rawValue: Int.random(in: 0...15, using: &generator) << 17)
                let phase: Press.Phase = [.began, .changed, .ended, .cancelled].randomElement(using: &generator) ?? .began
                record = .keyboard(.press(Key(keyCode: usage, modifierFlags: flags), phase))
            case 2:
                record = .keyboard(.text(texts.randomElement(using: &generator) ?? "a"))
            case 3:
                record = .keyboard(.mediaKey([.remoteControlTogglePlayPause, .remoteControlNextTrack, .remoteControlStop].randomElement(using: &generator) ?? .remoteControlStop))
            case 4:
                record = .focus(scene: "s\(Int.random(in: 0...3, using: &generator))", gained: Bool.random(using: &generator))
            case 5:
                record = .wheel(scene: "s1", location: Point(x: number(), y: number()), delta: Point(x: number(), y: number()))
            default:
                record = .hover(scene: "s2", location: Bool.random(using: &generator) ? Point(x: number(), y: number()) : nil)
            }
            let script = try InputScript(text: record.scriptLine, file: "round-trip")
            let parsed: InputRecord?
            switch script.commands.first?.command {
            case .record(let back)?: parsed = back
            case .keyboard(let inputs)? where inputs.count == 1: parsed = .keyboard(inputs[0])
            default: parsed = nil
            }
            #expect(parsed == record, "\(record.scriptLine)")
        }
    }
}
