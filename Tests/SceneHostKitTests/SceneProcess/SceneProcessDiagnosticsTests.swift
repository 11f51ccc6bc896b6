import Testing

@testable import SceneHostKit

@Suite("A scene process's diagnostics lines, read back by the board")
struct SceneProcessDiagnosticsTests {
    @Test("A diagnostic of a known topic reads back as its topic and message, colons in the message kept")
    func readsTopicAndMessage() {
        let read = SceneProcessDiagnostics.message(in: "diagnostic hit-testing: hitTest (240, 250) → blue: BlueView")
        #expect(read?.topic == "hit-testing")
        #expect(read?.message == "hitTest (240, 250) → blue: BlueView")
    }

    @Test("Lines that are not diagnostics of a known topic are the scene's plain output", arguments: [
        "sandboxed (Landlock ABI 7)", "diagnostic colours: red", "diagnostic hit-testing", "diagnostichit-testing: x", "",
    ])
    func otherLinesAreNotDiagnostics(line: String) {
        #expect(SceneProcessDiagnostics.message(in: Substring(line)) == nil)
    }
}
