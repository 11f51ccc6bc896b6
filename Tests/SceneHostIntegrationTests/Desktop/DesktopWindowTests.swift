import DBusKit
import Foundation
import SceneBusContract
import Testing

@MainActor
@Suite("On the desktop: every scene in a real window (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopWindowTests {
    @Test("Three windows, titled with scene and plugin, at the scenes' frames, showing seed 000's colours on the X screen")
    func windowsAndPixels() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        for (scene, plugin, x) in [("findview", "FindView", 0), ("gesturelab", "GestureLab", 400), ("gallery", "Gallery", 800)] {
            let window = try await desktop.window(of: scene)
            let name = try await desktop.x.xdotool("getwindowname", window)
            #expect(name.trimmingCharacters(in: .newlines) == "\(scene) (\(plugin))")
            let geometry = try await desktop.x.xdotool("getwindowgeometry", "--shell", window)
            #expect(geometry.contains("X=\(x)\n") && geometry.contains("Y=0\n") && geometry.contains("WIDTH=390\n") && geometry.contains("HEIGHT=844\n"), "\(scene): \(geometry)")
        }
        // The first frames are drawn once the windows exist; wait for FindView's blue.
        var screen = try await desktop.x.screenshot()
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while screen.rgb(x: 240, y: 250) != (0, 0, 255), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            screen = try await desktop.x.screenshot()
        }
        #expect(screen.width == 1280 && screen.height == 1024)
        // Seed 000 (FindView at screen 0,0): gray (50,100 260×200) holds red (0,0 120×100) and blue
        // (140,100 100×100); yellow at (50,360 200×200); white around.
        let expected: [(x: Int, y: Int, rgb: (Int, Int, Int), what: String)] = [
            (240, 250, (0, 0, 255), "blue's centre"), (110, 150, (255, 0, 0), "red"), (100, 250, (170, 170, 170), "gray"),
            (150, 460, (255, 255, 0), "yellow"), (20, 20, (255, 255, 255), "white background"),
            (395, 100, (0, 0, 0), "the gap between the first two windows (root window)"), (450, 30, (0, 255, 255), "GestureLab's cyan"),
        ]
        for point in expected {
            let pixel = screen.rgb(x: point.x, y: point.y)
            #expect(pixel == point.rgb, "\(point.what) at (\(point.x), \(point.y)) is \(pixel)")
        }
    }

    @Test("A click at blue's centre in the FindView window produces seed 000's trace through the real X input path")
    func clickGivesSeedTrace() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        try await desktop.x.xdotool("mousemove", "240", "250", "click", "1")
        // The log line of touchesEnded is published during delivery, the Touch signal of its end
        // after it: wait for both.
        try await desktop.client.waitForSignals("the blue trace and the touch's end") { signals in
            desktop.logLines(of: "findview").contains("vc, FindViewViewController.touchesEnded(_:with:)")
                && signals.contains { $0.member == "Touch" && $0.string(3) == "ended" }
        }
        #expect(desktop.logLines(of: "findview") == HostLifecycleTests.blueTrace)
        let touches = desktop.client.signals(named: "Touch").map { "\($0.string(3)) \($0.arguments[4].doubleValue ?? -1),\($0.arguments[5].doubleValue ?? -1) \($0.string(6))" }
        #expect(touches == ["began 240.0,250.0 blue", "ended 240.0,250.0 blue"])
    }

    @Test("A scene in the background has its window hidden, shown again when it comes back; disconnecting closes it")
    func backgroundAndDisconnect() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        _ = try await desktop.client.scene("gesturelab", "SendToBackground")
        #expect(try await desktop.x.waitForWindows(named: "^gesturelab ", count: 0, onlyVisible: true).isEmpty)
        _ = try await desktop.client.scene("gesturelab", "Activate")
        #expect(try await desktop.x.waitForWindows(named: "^gesturelab ", count: 1, onlyVisible: true).count == 1)
        _ = try await desktop.client.scene("findview", "Disconnect")
        #expect(try await desktop.x.waitForWindows(named: "^findview ", count: 0).isEmpty, "the window is destroyed")
        #expect(try await desktop.x.windows(named: "^gallery ", onlyVisible: true).count == 1)
    }
}
