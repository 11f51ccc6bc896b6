import Testing

@testable import SceneCtlKit

@Suite("touch steps")
struct TouchStepTests {
    @Test("Steps parse in order with their slots, points and pauses")
    func parsing() throws {
        let steps = try TouchStep.parse(
            "down 0 240 250 move 0 245.5 -3 wait 0.25 down 1 10 20 cancel 1 up 0".split(separator: " ").map(String.init))
        #expect(
            steps == [
                .down(slot: 0, x: 240, y: 250), .move(slot: 0, x: 245.5, y: -3), .wait(seconds: 0.25),
                .down(slot: 1, x: 10, y: 20), .cancel(slot: 1), .up(slot: 0),
            ])
        #expect(steps.map(\.description).joined(separator: " ") == "down 0 240 250 move 0 245.5 -3 wait 0.25 down 1 10 20 cancel 1 up 0")
    }

    @Test(
        "A malformed step is a usage error naming the step and the offending word",
        arguments: [
            ("", "no touch steps"),
            ("press 0", "step 1: 'press' is not a touch step"),
            ("down 0 240", "step 1 ('down 0 240'): expected down SLOT X Y"),
            ("down 0 240 up 0", "step 1 ('down 0 240'): expected down SLOT X Y"),
            ("up", "step 1 ('up'): expected up SLOT"),
            ("up 0 wait", "step 2 ('wait'): expected wait SECONDS"),
            ("down -1 1 1", "step 1: slot '-1' is not a slot number"),
            ("down 0 1 1 up 4294967296", "step 2: slot '4294967296'"),
            ("down 0 x 1", "step 1: x 'x' is not a finite number"),
            ("down 0 1 nan", "step 1: y 'nan' is not a finite number"),
            ("wait -1", "step 1: wait '-1' is not a number of seconds"),
            ("wait inf", "step 1: wait 'inf'"),
        ])
    func malformed(text: String, message: String) {
        let words = text.split(separator: " ").map(String.init)
        #expect {
            try TouchStep.parse(words)
        } throws: { error in
            guard let error = error as? ScenectlError else { return false }
            return error.exitStatus == 64 && error.message.contains(message)
        }
    }

    @Test("Each down prints its touch, window and view, as text or JSON")
    func downOutput() {
        #expect(
            TouchCommand.describeDown(slot: 0, touch: 7, window: "/org/scenehost/SceneHost/window/1", view: "blue", json: false)
                == "slot 0: touch 7 in /org/scenehost/SceneHost/window/1 on blue")
        #expect(
            TouchCommand.describeDown(slot: 2, touch: 8, window: "/org/scenehost/SceneHost/window/1", view: "", json: false)
                == "slot 2: touch 8 in /org/scenehost/SceneHost/window/1 on (nothing)")
        #expect(TouchCommand.describeDown(slot: 1, touch: 0, window: "/", view: "", json: false) == "slot 1: no window there (touch 0)")
        #expect(
            TouchCommand.describeDown(slot: 0, touch: 7, window: "/org/scenehost/SceneHost/window/1", view: "blue", json: true)
                == #"{"slot":0,"touch":7,"window":"/org/scenehost/SceneHost/window/1","view":"blue"}"#)
    }
}
