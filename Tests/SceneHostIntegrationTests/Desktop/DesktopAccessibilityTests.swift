import DBusKit
import Foundation
import SceneBusContract
import SceneProcesses
import TestProcesses
import Testing

@MainActor
@Suite("On the desktop: accessibility follows the real windows (Xvfb, a private accessibility bus)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopAccessibilityTests {
    /// A desktop host on a private accessibility bus whose registry the test plays, and a raw AT-SPI
    /// client listening to the host's events.
    func start() async throws -> (DesktopHost, FakeAtspiRegistry, AtspiProbe, BusDaemon) {
        let daemon = try await offPool { try BusDaemon() }
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let desktop = try await DesktopHost(environment: ["AT_SPI_BUS_ADDRESS": daemon.address])
        try await eventually("the registration", timeout: 60) { !registry.plugs.isEmpty }
        let probe = try await AtspiProbe(address: daemon.address, application: registry.plugs[0].bus)
        try await probe.listen()
        return (desktop, registry, probe, daemon)
    }

    @Test("The desktop's focus changes are what a screen reader hears: window activate/deactivate and the focus of the new key window")
    func focusEvents() async throws {
        let (desktop, registry, probe, daemon) = try await start()
        defer { probe.close(); registry.leave(); desktop.close(); daemon.stop() }
        let items = try await probe.items()
        let frame = { (name: String) in items.values.first { $0.name == name && $0.parent == Atspi.rootPath }?.path }
        let lab = try #require(frame("GestureLab"))
        // The Gallery alert is a child of Gallery's frame (WS-12).
        let alert = try #require(items.values.first { $0.name == "Alert" && $0.parent == frame("Gallery") }?.path)
        let gesturelab = try await desktop.window(of: "gesturelab")
        try await desktop.x.xdotool("windowfocus", "--sync", gesturelab)
        try await eventually("GestureLab's activation and focus") {
            !probe.events("Activate", from: lab).isEmpty && probe.events.contains { $0.member == "Focus" }
                && !probe.events("Deactivate", from: alert).isEmpty
        }
        #expect(probe.events("Activate", from: lab).map(\.data) == [.string("GestureLab")])
        #expect(probe.events("StateChanged", from: lab).map { "\($0.detail)=\($0.detail1)" } == ["active=1"])
        // The focus event names the new key window's focused view: the player, GestureLab's first
        // responder.
        let focused = try #require(probe.events("Focus").first?.path)
        #expect(probe.events("Focus").count == 1)
        #expect(try await probe.property(focused, Atspi.accessible, "AccessibleId") == .string("player"))
        let key = try await desktop.client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "KeyWindow")
        #expect(key.objectPathValue == SceneBusContract.windowPath(DemoWindow.gesturelab))
    }

    @Test("AT-SPI extents are in screen coordinates from the window's real position: moving the window moves them")
    func extentsFollowTheWindow() async throws {
        let (desktop, registry, probe, daemon) = try await start()
        defer { probe.close(); registry.leave(); desktop.close(); daemon.stop() }
        let blue = try await probe.path(ofID: "blue")
        func extents(_ type: UInt32) async throws -> [Int32] {
            try await probe.call(blue, Atspi.component, "GetExtents", [.uint32(type)])[0].structFields?.compactMap(\.int32Value) ?? []
        }
        #expect(try await extents(0) == [190, 200, 100, 100], "FindView's window is at (0, 0)")
        let findview = try await desktop.window(of: "findview")
        try await desktop.x.xdotool("windowmove", "--sync", findview, "30", "40")
        var screen = try await extents(0)
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while screen != [220, 240, 100, 100], Date() < deadline {
            try await Task.sleep(for: .milliseconds(30))
            screen = try await extents(0)
        }
        #expect(screen == [220, 240, 100, 100], "screen coordinates follow the window to (30, 40)")
        #expect(try await extents(1) == [190, 200, 100, 100], "window coordinates do not change")
        // A point on the screen is found where the window now shows it.
        let window = try #require(try await probe.items().values.first { $0.name == "FindView" && $0.parent == Atspi.rootPath }?.path)
        let hit = try await probe.call(window, Atspi.component, "GetAccessibleAtPoint", [.int32(225), .int32(245), .uint32(0)])
        #expect(hit.first?.structFields?.last?.objectPathValue == blue)
    }
}
