import DBusKit
import Foundation
import SceneBusContract
import Testing

@MainActor
@Suite("On the desktop: scene windows resize (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopResizeTests {
    /// `WIDTH=…` and `HEIGHT=…` of `xdotool getwindowgeometry --shell`.
    private func size(of window: String, in desktop: DesktopHost) async throws -> (Int, Int) {
        let shell = try await desktop.x.xdotool("getwindowgeometry", "--shell", window)
        func value(_ key: String) -> Int {
            shell.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? -1
        }
        return (value("WIDTH"), value("HEIGHT"))
    }

    /// Polls the window's size until it is `wanted` or a minute (scaled for sanitizers) passed; the last size seen.
    private func waitForSize(_ wanted: (Int, Int), of window: String, in desktop: DesktopHost) async throws -> (Int, Int) {
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        var got = try await size(of: window, in: desktop)
        while got != wanted, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            got = try await size(of: window, in: desktop)
        }
        return got
    }

    /// Polls the screen until `condition` holds for it (frames arrive at the display's pace).
    private func screen(of desktop: DesktopHost, until condition: (XWDImage) -> Bool) async throws -> XWDImage {
        var screen = try await desktop.x.screenshot()
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while !condition(screen), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            screen = try await desktop.x.screenshot()
        }
        return screen
    }

    @Test(
        "xdotool windowsize resizes the scene: SceneGeometryChanged, the window's root view fills the new area on the screen, drawn once at the new size (with the scene in a process of its own, once its picture of the new size is there)",
        arguments: ["none", "process"])
    func desktopResizeResizesTheScene(isolation: String) async throws {
        let desktop = try await DesktopHost(arguments: ["--isolation", isolation])
        defer { desktop.close() }
        let window = try await desktop.window(of: "findview")
        _ = try await desktop.client.host("WaitForIdle", [.double(60)])
        let framesBefore = try await desktop.client.displayStatistics()["frames"]?.uint64Value ?? 0
        // Narrower (the gap to GestureLab's window grows) and taller than the 844-point scene.
        try await desktop.x.xdotool("windowsize", window, "360", "900")
        try await desktop.client.waitForSignals("findview's new geometry") { signals in
            signals.contains { $0.member == "SceneGeometryChanged" && $0.arguments[4].doubleValue == 360 && $0.arguments[5].doubleValue == 900 }
        }
        let frame = try await desktop.client.property(SceneBusContract.scenePath("findview"), SceneBusContract.sceneInterface, "Frame")
        #expect(frame.structFields?.compactMap(\.doubleValue) == [0, 0, 360, 900])
        // FindView's white root view now reaches y 900 (below 844 was the X root window's black)
        // and stops at x 360; blue stays at its place.
        let screen = try await screen(of: desktop) { $0.rgb(x: 200, y: 880) == (255, 255, 255) }
        #expect(screen.rgb(x: 200, y: 880) == (255, 255, 255), "the root view fills the taller window")
        #expect(screen.rgb(x: 375, y: 100) == (0, 0, 0), "right of the narrower window is the X root window")
        #expect(screen.rgb(x: 240, y: 250) == (0, 0, 255), "blue's centre")
        _ = try await desktop.client.host("WaitForIdle", [.double(60)])
        let framesAfter = try await desktop.client.displayStatistics()["frames"]?.uint64Value ?? 0
        #expect(framesAfter - framesBefore == 1, "the scene is drawn once at its new size")
    }

    @Test("Scene1.Resize resizes the desktop window; a window dragged below the scene's minimum is put back to it")
    func scriptedResizeMovesTheWindowAndTheMinimumHolds() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        let window = try await desktop.window(of: "gallery")
        _ = try await desktop.client.scene("gallery", "Resize", [.double(380), .double(900)])
        let followed = try await waitForSize((380, 900), of: window, in: desktop)
        #expect(followed == (380, 900), "the window follows Scene1.Resize")
        // Without a window manager nothing enforces the minimum size hint: the host does (320 × 480).
        try await desktop.x.xdotool("windowsize", window, "200", "300")
        let putBack = try await waitForSize((320, 480), of: window, in: desktop)
        #expect(putBack == (320, 480), "the window is put back to the scene's minimum")
        let frame = try await desktop.client.property(SceneBusContract.scenePath("gallery"), SceneBusContract.sceneInterface, "Frame")
        #expect(frame.structFields?.compactMap(\.doubleValue) == [800, 0, 320, 480])
    }
}
