import DBusKit
import Foundation
import SceneBusContract
import Testing

@MainActor
@Suite("On the desktop: scenes in processes of their own (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopIsolationTests {
    @Test("A click on FindView in its own process reaches its blue view; a scene quarantined after two crashes shows its placeholder in its window while FindView goes on")
    func clicksAndPlaceholder() async throws {
        let config = try temporaryFile(
            "desktop-isolation.yaml",
            "isolation:\n  mode: process\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: findview\n    plugin: FindView\n  - name: crashy\n    plugin: FixtureCrashInHandler\n")
        let desktop = try await DesktopHost(arguments: ["--config", config], windows: 2, named: "^(findview|crashy) ")
        defer { desktop.close() }
        // The first frames come from the scene processes' buffers; wait for FindView's blue.
        var screen = try await desktop.x.screenshot()
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while screen.rgb(x: 240, y: 250) != (0, 0, 255), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            screen = try await desktop.x.screenshot()
        }
        #expect(screen.rgb(x: 240, y: 250) == (0, 0, 255), "FindView's picture on the X screen")
        func ended(on view: String) -> Int {
            desktop.client.signals(named: "Touch").filter { $0.string(3) == "ended" && $0.string(6) == view }.count
        }
        try await desktop.x.xdotool("mousemove", "240", "250", "click", "1")
        try await desktop.client.waitForSignals("a click on blue") { _ in ended(on: "blue") == 1 }
        #expect(desktop.client.signals(named: "Input").contains { $0.string(2) == "touch findview 0 down 240 250" }, "the board published the record")
        // Crashy's button, 400 points to the right: its action crashes its process only. Twice in a
        // row, and it is quarantined behind its placeholder.
        try await desktop.x.xdotool("mousemove", "500", "62", "click", "1")
        try await desktop.client.waitForSignals("the first crash and the restart") { signals in
            signals.contains { $0.member == "SceneCrashed" } && signals.contains { $0.member == "SceneStarted" }
        }
        try await desktop.x.xdotool("mousemove", "500", "62", "click", "1")
        try await desktop.client.waitForSignals("the quarantine") { signals in signals.contains { $0.member == "SceneCrashed" && $0.string(4) == "quarantined" } }
        try await desktop.x.xdotool("mousemove", "240", "250", "click", "1")
        try await desktop.client.waitForSignals("another click on blue") { _ in ended(on: "blue") == 2 }
        // The placeholder (60, 60, 67) covers crashy's window.
        screen = try await desktop.x.screenshot()
        let until = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while screen.rgb(x: 410, y: 400) != (60, 60, 67), Date() < until {
            try await Task.sleep(for: .milliseconds(50))
            screen = try await desktop.x.screenshot()
        }
        #expect(screen.rgb(x: 410, y: 400) == (60, 60, 67), "the quarantined scene's window shows its placeholder")
        #expect(screen.rgb(x: 240, y: 250) == (0, 0, 255), "FindView's window still shows FindView")
    }
}
