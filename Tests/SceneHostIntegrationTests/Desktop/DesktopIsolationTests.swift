import DBusKit
import Foundation
import SceneBusContract
import Testing

@MainActor
@Suite("On the desktop: scenes in processes of their own (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopIsolationTests {
    /// FindView at the desktop's left and `scene` (a fixture `plugin`, its window 400 points to the
    /// right) beside it, each in a process of its own; `display` is the configuration's display
    /// section (YAML lines), if any.
    private static func findViewBeside(_ scene: String, plugin: String, display: String = "") async throws -> DesktopHost {
        let config = try temporaryFile(
            "desktop-\(scene).yaml",
            "\(display)isolation:\n  mode: process\n\(SanitizedRun.isolationTimeouts)\nscenes:\n  - name: findview\n    plugin: FindView\n  - name: \(scene)\n    plugin: \(plugin)\n")
        return try await DesktopHost(arguments: ["--config", config], windows: 2, named: "^(findview|\(scene)) ")
    }

    @Test("A click on FindView in its own process reaches its blue view; a scene quarantined after two crashes shows its placeholder in its window while FindView goes on")
    func clicksAndPlaceholder() async throws {
        let desktop = try await Self.findViewBeside("crashy", plugin: "FixtureCrashInHandler")
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

    @Test("A fast click on FindView and then on GestureLab, read by the display in one batch, is published in one order across the two scene processes: FindView's touches and its whole blue trace before GestureLab's input, as with every scene in the host")
    func oneOrderAcrossSceneProcesses() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        // One xdotool call: XTest sends the five events at once, and SDL reads them in one batch.
        try await desktop.x.xdotool("mousemove", "240", "250", "mousedown", "1", "mouseup", "1", "mousemove", "595", "422", "mousedown", "1", "mouseup", "1")
        try await desktop.client.waitForSignals("both clicks delivered") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" && $0.string(6) == "blue" }
                && signals.contains { $0.member == "Input" && $0.string(2).hasPrefix("touch gesturelab 0 up") }
        }
        #expect(desktop.logLines(of: "findview") == HostLifecycleTests.blueTrace, "FindView's trace, whole")
        let ordered = desktop.client.signals.sorted { $0.seq < $1.seq }
        let gestureLabInput = try #require(ordered.firstIndex { $0.member == "Input" && $0.string(2).hasPrefix("touch gesturelab 0 down") })
        let findViewSignals = ordered.indices.filter { index in
            let signal = ordered[index]
            return (signal.member == "Touch" && signal.string(6) == "blue")
                || (signal.member == "Log" && signal.string(1) == SceneBusContract.scenePath("findview").rawValue)
        }
        #expect(findViewSignals.count == HostLifecycleTests.blueTrace.count + 2, "FindView's touch began and ended, and its trace")
        #expect(
            findViewSignals.allSatisfy { $0 < gestureLabInput },
            "every signal of FindView's click comes before GestureLab's input: \(ordered.map { "\($0.seq) \($0.member) \($0.arguments.dropFirst().prefix(3).map { "\($0)" })" }.joined(separator: "\n"))")
    }

    @Test("A scene process that hangs in a click's action holds the desktop's next input for at most the display's input wait (display.input-wait): a click on FindView read in the same batch is delivered long before the hung scene is judged not responding")
    func aHungSceneHoldsTheDesktopOnlyBriefly() async throws {
        let desktop = try await Self.findViewBeside("hang", plugin: "FixtureHangInHandler", display: "display:\n  input-wait: 0.5\n")
        defer { desktop.close() }
        // The hang button's release, then a click on FindView's blue, in one batch.
        try await desktop.x.xdotool("mousemove", "500", "62", "mousedown", "1", "mouseup", "1", "mousemove", "240", "250", "mousedown", "1", "mouseup", "1")
        try await desktop.client.waitForSignals("FindView's click despite the hung scene") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" && $0.string(6) == "blue" }
        }
        #expect(!desktop.client.signals.contains { $0.member == "SceneNotResponding" }, "FindView's click did not wait for the response timeout")
        #expect(await desktop.host.line(containing: "did not answer an input within 0.5 s; the desktop's input goes on without it"))
    }
}
