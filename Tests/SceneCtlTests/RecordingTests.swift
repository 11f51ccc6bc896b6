import DBusKit
import SceneBusContract
import Testing

@testable import SceneCtlKit

private func touch(_ seq: UInt64, _ number: UInt64, _ phase: String) -> [BusValue] {
    [
        .uint64(seq), .objectPath("/org/scenehost/SceneHost/window/1"), .uint64(number), .string(phase), .double(240), .double(250),
        .string("blue"), .double(1234.5), .uint32(1),
    ]
}

@Suite("Recording: input as a script, signals kept, and the comparison of a replay")
struct RecordingTests {
    @Test("The recorder writes inputs as lines with their timing, and the signals from the first input on as #> lines")
    func printer() throws {
        var printer = RecordPrinter()
        let before = printer.output(for: try signal("Log", [.uint64(1), .objectPath("/org/scenehost/SceneHost/scene/findview"), .string("early")]))
        #expect(before.lines.isEmpty, "signals before the first input are not the recording's")
        let first = printer.output(for: try signal("Input", [.uint64(2), .double(100), .string("touch findview 0 down 240 250")]))
        #expect(first.lines == ["touch findview 0 down 240 250"] && first.counts)
        let kept = printer.output(for: try signal("Touch", touch(3, 57, "began")))
        #expect(kept.lines == ["#> Touch window/1 touch 57 began (240, 250) blue tap 1"] && !kept.counts)
        let second = printer.output(for: try signal("Input", [.uint64(4), .double(100.0506), .string("touch findview 0 up 240 250")]))
        #expect(second.lines == ["wait 0.051", "touch findview 0 up 240 250"])
        let quick = printer.output(for: try signal("Input", [.uint64(5), .double(100.0508), .string("key a began")]))
        #expect(quick.lines == ["key a began"], "a pause under half a millisecond is not written")
        #expect(printer.inputs == 3 && printer.signals == 1)
    }

    @Test("The set-up restores the scenes' activation: inactive ones lose the focus, the key window's scene gains it last")
    func setup() {
        func scene(_ name: String, _ state: String, _ window: Int) -> SceneSnapshot {
            SceneSnapshot(
                path: "/org/scenehost/SceneHost/scene/\(name)", name: name, plugin: "P", activationState: state,
                windows: ["/org/scenehost/SceneHost/window/\(window)"], keyWindow: nil)
        }
        let snapshot = HostSnapshot(
            version: "1", keyWindow: "/org/scenehost/SceneHost/window/1", firstResponder: "",
            scenes: [scene("a", "foreground-active", 1), scene("b", "foreground-inactive", 2), scene("c", "foreground-active", 3)],
            windows: [])
        #expect(RecordPrinter.setup(snapshot).dropFirst() == ["focus b lost", "focus c gained", "focus a gained", "# recorded input"])
    }

    @Test("A replay compares equal with touch numbers renumbered; the first difference names its place, the input before it, both signals")
    func comparison() {
        let recorded = ["Touch window/1 touch 57 began (1, 2) blue tap 1", "Log scene/f x", "Touch window/1 touch 57 ended (1, 2) blue tap 1"]
        let replayed = [
            ("Touch window/1 touch 1 began (1, 2) blue tap 1", "touch f 0 down 1 2"), ("Log scene/f x", "touch f 0 down 1 2"),
            ("Touch window/1 touch 1 ended (1, 2) blue tap 1", "touch f 0 up 1 2"),
        ]
        #expect(SignalRecording.firstDivergence(expected: recorded, got: replayed.map { ($0.0, $0.1) }) == nil)
        #expect(SignalRecording.normalized(["Touch window/1 touch 9 began", "Touch window/2 touch 4 began", "Touch window/1 touch 9 ended"])
            == ["Touch window/1 touch #1 began", "Touch window/2 touch #2 began", "Touch window/1 touch #1 ended"])
        let different = SignalRecording.firstDivergence(
            expected: recorded, got: [replayed[0], ("Log scene/f y", "touch f 0 down 1 2")].map { ($0.0, $0.1) })
        #expect(different == SignalRecording.Divergence(index: 2, afterInput: "touch f 0 down 1 2", expected: "Log scene/f x", got: "Log scene/f y"))
        let fewer = SignalRecording.firstDivergence(expected: recorded, got: Array(replayed.prefix(2)).map { ($0.0, $0.1) })
        #expect(fewer?.index == 3 && fewer?.got == nil && fewer?.description.contains("got nothing") == true)
        let more = SignalRecording.firstDivergence(expected: Array(recorded.prefix(1)), got: Array(replayed.prefix(2)).map { ($0.0, $0.1) })
        #expect(more?.index == 2 && more?.expected == nil && more?.description.contains("expected nothing more") == true)
    }

    @Test("A script's recorded signals are its #> lines, with their line numbers")
    func expectedSignals() {
        let script = "# header\nfocus a gained\n# recorded input\ntouch a 0 down 1 2\n#> Log scene/a x\nwait 0.1\n  #> Log scene/a y\n"
        #expect(SignalRecording.expectedSignals(in: script).map { "\($0.line):\($0.text)" } == ["5:Log scene/a x", "7:Log scene/a y"])
    }
}
