import DBusKit
import Foundation
import SceneBusContract
import Testing

/// The wheel and hover on a real window: the toolkit fixture alone (its window at the desktop's
/// origin, 390 × 844), with `interaction.wheel-step: 50`. Its scroll view `scroller` (160 × 200 at
/// (20, 470), content 600 high: offsets 0…400) logs "scrolled to X, Y"; the `list` container
/// (180 × 132 at (200, 480)) does not scroll and logs its hover recognizer ("hover began X, Y").
@MainActor
@Suite("On the desktop: the wheel scrolls the view under the pointer, motion with no button hovers (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopWheelHoverTests {
    func toolkitDesktop(isolation: String = "none") async throws -> DesktopHost {
        let base = try String(contentsOfFile: try ToolkitHost.configuration(clock: "real", toolkitOnly: true, isolated: isolation == "process"), encoding: .utf8)
        let config = try temporaryFile("toolkit-wheel-\(isolation).yaml", base + "interaction:\n  wheel-step: 50\n")
        return try await DesktopHost(arguments: ["--config", config], windows: 1, named: "^toolkit ")
    }

    func scrolls(_ desktop: DesktopHost) -> [String] {
        desktop.logLines(of: "toolkit").filter { $0.hasPrefix("scrolled to ") }
    }

    func waitForScroll(_ desktop: DesktopHost, _ line: String, count: Int) async throws {
        try await desktop.client.waitForSignals("'\(line)' (scroll \(count))") { _ in
            scrolls(desktop).count >= count && scrolls(desktop).last == line
        }
    }

    @Test("xdotool click 5 and 4 (X's wheel buttons) over the scroll view scroll it by the configured step, clamped at its end; over a view that does not scroll they scroll nothing")
    func wheelScrollsByTheStep() async throws {
        let desktop = try await toolkitDesktop()
        defer { desktop.close() }
        // One notch towards the user: 50 points towards the end of the content.
        try await desktop.x.xdotool("mousemove", "100", "550", "click", "5")
        try await waitForScroll(desktop, "scrolled to 0, 50", count: 1)
        #expect(desktop.client.signals(named: "Input").map { $0.string(2) }.contains("wheel toolkit 100 550 0 50"))
        // Nine more: the offset stops at 400 (600 − 200) after seven; the last two go to nobody.
        try await desktop.x.xdotool("click", "--repeat", "9", "--delay", "1", "5")
        try await waitForScroll(desktop, "scrolled to 0, 400", count: 8)
        // Over the list, which does not scroll: nothing. Then a notch away from the user over the
        // scroll view: its line comes after the list's wheel step was handled (events keep their order).
        try await desktop.x.xdotool("mousemove", "290", "540", "click", "5", "mousemove", "100", "550", "click", "4")
        try await waitForScroll(desktop, "scrolled to 0, 350", count: 9)
        #expect(scrolls(desktop) == (1...8).map { "scrolled to 0, \(min(400, $0 * 50))" } + ["scrolled to 0, 350"])
        #expect(desktop.client.signals(named: "Input").map { $0.string(2) }.contains("wheel toolkit 290 540 0 50"), "the list's step arrived")
    }

    /// With `isolation: process` the board knows that the scene listens for hover from its scene
    /// process's window list.
    @Test(
        "Pointer motion with no button down hovers the list: began, changed, ended when the pointer moves off it, leaves the window or presses",
        arguments: ["none", "process"])
    func hover(isolation: String) async throws {
        let desktop = try await toolkitDesktop(isolation: isolation)
        defer { desktop.close() }
        func hovers() -> [String] { desktop.logLines(of: "toolkit").filter { $0.hasPrefix("hover ") } }
        func waitForHovers(_ count: Int) async throws {
            try await desktop.client.waitForSignals("\(count) hover lines") { _ in hovers().count >= count }
        }
        // Over the list (window (290, 540) is (90, 60) in it), along it, then off it onto the window.
        try await desktop.x.xdotool("mousemove", "290", "540", "mousemove", "300", "560", "mousemove", "100", "300")
        try await waitForHovers(3)
        #expect(hovers() == ["hover began 90, 60", "hover changed 100, 80", "hover ended"])
        // Back over it, then out of the window (it is 390 wide): the window's leave ends the hover.
        try await desktop.x.xdotool("mousemove", "290", "540", "mousemove", "900", "540")
        try await waitForHovers(5)
        #expect(hovers().suffix(2) == ["hover began 90, 60", "hover ended"])
        // Back again, and a press: the pointer is a finger now, so the hover ends before the touch.
        try await desktop.x.xdotool("mousemove", "290", "540", "mousedown", "1", "mousemove", "295", "545", "mouseup", "1")
        try await waitForHovers(7)
        try await desktop.client.waitForSignals("the touch's end") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" }
        }
        #expect(hovers().suffix(2) == ["hover began 90, 60", "hover ended"])
        #expect(hovers().count == 7, "no hover while the button was down: \(hovers())")
        let inputs = desktop.client.signals(named: "Input").map { $0.string(2) }
        let out = inputs.lastIndex(of: "hover toolkit out"), down = inputs.firstIndex { $0.hasPrefix("touch toolkit 0 down") }
        #expect(out != nil && down != nil && out! < down!, "the hover ends before the finger goes down: \(inputs)")
    }
}
