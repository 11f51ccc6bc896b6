import DBusKit
import Foundation
import SceneBusContract
import Testing

@MainActor
@Suite("On the desktop: the pointer as fingers, as the iOS Simulator does it (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopPointerTests {
    /// The Touch signals as `phase view (x, y)` in window points.
    func touches(_ desktop: DesktopHost) -> [String] {
        desktop.client.signals(named: "Touch").map { signal in
            let x = signal.arguments[4].doubleValue ?? .nan, y = signal.arguments[5].doubleValue ?? .nan
            return "\(signal.string(3)) \(signal.string(6)) (\(x.compactText), \(y.compactText))"
        }
    }

    @Test("Shift+Alt-drag moves the pair of fingers onto GestureLab's canvas; an Alt-drag there drives its pinch and rotation")
    func altDragPinchesAndRotates() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        // GestureLab's window is at x = 400. Shift+Alt at the window's centre (195, 422): both
        // fingers start there and pan together down to the canvas's centre (195, 670).
        try await desktop.x.xdotool(
            "mousemove", "595", "422", "keydown", "shift", "keydown", "alt", "mousedown", "1", "mousemove", "595", "500",
            "mousemove", "595", "600", "mousemove", "595", "670", "mouseup", "1", "keyup", "alt", "keyup", "shift")
        // Alt: the second finger is mirrored through (195, 670). From (145, 620) & (245, 720) to
        // (170, 590) & (220, 750): turned by atan2(160, 50) − 45° and spread from 141.4 to 167.6.
        try await desktop.x.xdotool(
            "mousemove", "545", "620", "keydown", "alt", "mousedown", "1", "mousemove", "550", "615", "mousemove", "556", "609",
            "mousemove", "562", "602", "mousemove", "566", "596", "mousemove", "570", "590", "mouseup", "1", "keyup", "alt")
        // Both the log lines and the state signals: a recognizer's `Log` line comes before its
        // `GestureStateChanged`, so the log alone may be seen before the last state arrived.
        func states() -> [String] {
            desktop.client.signals(named: "GestureStateChanged").filter { $0.string(2) == "canvas" }.map { "\($0.string(3)) \($0.string(4))" }
        }
        try await desktop.client.waitForSignals("pinch and rotation to end") { _ in
            let lines = desktop.logLines(of: "gesturelab")
            return lines.contains { $0.hasPrefix("pinch ended") } && lines.contains { $0.hasPrefix("rotation ended") }
                && states().contains("pinch ended") && states().contains("rotation ended")
        }
        let states = states()
        for recognizer in ["pinch", "rotation"] {
            #expect(states.contains("\(recognizer) began") && states.contains("\(recognizer) changed") && states.contains("\(recognizer) ended"), "\(states)")
        }
        let log = desktop.logLines(of: "gesturelab")
        let expectedRotation = atan2(160.0, 50.0) - Double.pi / 4
        let spreadAfter: Double = (50.0 * 50.0 + 160.0 * 160.0).squareRoot()
        let spreadBefore: Double = (20_000.0).squareRoot()
        let expectedScale = spreadAfter / spreadBefore
        let rotation = log.first { $0.hasPrefix("rotation ended rotation=") }.flatMap { Double($0.dropFirst("rotation ended rotation=".count)) }
        let scale = log.first { $0.hasPrefix("pinch ended scale=") }.flatMap { Double($0.dropFirst("pinch ended scale=".count)) }
        #expect(abs((rotation ?? .nan) - expectedRotation) < 1e-3, "rotation \(rotation ?? .nan), expected \(expectedRotation)")
        #expect(abs((scale ?? .nan) - expectedScale) < 1e-3, "scale \(scale ?? .nan), expected \(expectedScale)")
        // Both fingers of the pinch were on the canvas, mirrored through (195, 670).
        let began = touches(desktop).filter { $0.hasPrefix("began canvas") }
        #expect(began.suffix(2) == ["began canvas (145, 620)", "began canvas (245, 720)"], "\(touches(desktop))")
    }

    @Test("A drag that leaves the window keeps its touch, and the release outside ends it; the finger is drawn while down")
    func dragOutsideAndDots() async throws {
        let desktop = try await DesktopHost()
        defer { desktop.close() }
        // FindView's yellow view (50…250, 360…560); the window ends at x = 390, GestureLab's starts at 400.
        try await desktop.x.xdotool("mousemove", "150", "460", "mousedown", "1", "mousemove", "200", "460")
        try await desktop.client.waitForSignals("the move") { signals in signals.contains { $0.member == "Touch" && $0.string(3) == "moved" } }
        // The finger's dot: a translucent grey disc over yellow at the pointer.
        var screen = try await desktop.x.screenshot()
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while screen.rgb(x: 200, y: 460).blue == 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(30))
            screen = try await desktop.x.screenshot()
        }
        let dot = screen.rgb(x: 200, y: 460)
        #expect(dot.blue > 60 && dot.red < 250, "a grey dot over the yellow view: \(dot)")
        try await desktop.x.xdotool("mousemove", "300", "460", "mousemove", "395", "460", "mousemove", "500", "470", "mouseup", "1")
        try await desktop.client.waitForSignals("the end") { signals in
            signals.contains { $0.member == "Touch" && ["ended", "cancelled"].contains($0.string(3)) }
        }
        let phases = desktop.client.signals(named: "Touch").map { $0.string(3) }
        #expect(phases.first == "began" && phases.last == "ended", "\(phases)")
        #expect(!phases.contains("cancelled"))
        #expect(Set(desktop.client.signals(named: "Touch").map(\.arguments[1])).count == 1, "one window")
        #expect(Set(desktop.client.signals(named: "Touch").map { $0.arguments[2].uint64Value ?? 0 }).count == 1, "one identity from press to release")
        // The dot is gone once the finger lifted.
        var after = try await desktop.x.screenshot()
        let gone = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while after.rgb(x: 200, y: 460) != (255, 255, 0), Date() < gone {
            try await Task.sleep(for: .milliseconds(30))
            after = try await desktop.x.screenshot()
        }
        #expect(after.rgb(x: 200, y: 460) == (255, 255, 0))
    }
}

extension Double {
    /// `12` for 12.0, the value otherwise.
    var compactText: String { self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self) }
}
