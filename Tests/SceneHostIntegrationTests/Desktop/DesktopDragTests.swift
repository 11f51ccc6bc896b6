import DBusKit
import Foundation
import Glibc
import SceneBusContract
import Testing

@MainActor
@Suite("On the desktop: a fast drag through the real X path (Xvfb)", .enabled(if: desktopToolsAvailable, desktopToolsNote))
struct DesktopDragTests {
    /// With `isolation: process` the moves reach the slider's scene process in batches: those queued
    /// while it answered the one before go together and are drawn once.
    @Test(
        "3,000 pointer moves on a slider as fast as XTest sends them: every move the display thread receives reaches the model in order, the queue stays bounded, frames are coalesced",
        arguments: ["none", "process"])
    func everyMoveInOrder(isolation: String) async throws {
        // A slider (FixtureManyViews' controls row, at (10, 10), 200 × 30, value 25: the thumb's centre at
        // x = 67, y = 25), so that every move changes pixels.
        let config = try temporaryFile(
            "slider.yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
              probe-timeout: 60
            isolation:
              mode: \(isolation)
            \(SanitizedRun.isolationTimeouts)
            scenes:
              - name: controls
                plugin: FixtureManyViews
                options: {views: "100", controls: "yes"}
                frame: [0, 0, 390, 600]
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let desktop = try await DesktopHost(arguments: ["--config", config], windows: 1, named: "^controls ")
        defer { desktop.close() }
        // A drag to and fro along the slider, one pixel per move, in one xdotool script.
        var lines = ["mousemove 67 25", "mousedown 1"]
        var x = 67, step = -1
        for _ in 0..<3000 {
            if x >= 200 || x <= 20 { step = -step }
            x += step
            lines.append("mousemove \(x) 25")
        }
        lines.append("mouseup 1")
        let script = try temporaryFile("drag.xdo", lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: script) }
        let before = try await desktop.client.displayStatistics()
        let outcome = try await desktop.x.run(XServer.xdotool, [script])
        #expect(outcome.status == 0, "\(outcome)")
        // Polls the host's counters (a condition over the thousands of signals, checked at each one,
        // would keep this process's main actor busy).
        var after = try await desktop.client.displayStatistics()
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while after["queued"]?.uint32Value != 0 || after["frame-owed"] != .bool(false)
            || after["moves"] != after["moves-delivered"] || (after["moves"]?.uint64Value ?? 0) < (before["moves"]?.uint64Value ?? 0) + 2900,
            Date() < deadline
        {
            try await Task.sleep(for: .milliseconds(50))
            after = try await desktop.client.displayStatistics()
        }
        func delta(_ key: String) -> UInt64 { (after[key]?.uint64Value ?? 0) - (before[key]?.uint64Value ?? 0) }
        let moves = delta("moves"), delivered = delta("moves-delivered"), frames = delta("frames")
        #expect(moves >= 2900, "the display thread received \(moves) of 3,000 moves (X may merge a few)")
        #expect(delivered == moves, "every move received was delivered: \(delivered) of \(moves)")
        #expect(after["out-of-order"] == .uint64(0))
        let peak = after["queue-peak"]?.uint32Value ?? 0, capacity = after["queue-capacity"]?.uint32Value ?? 0
        #expect(capacity == 1024 && peak <= capacity && peak > 0, "queue peak \(peak) of \(capacity)")
        #expect(frames > 0 && frames < moves / 10, "frames coalesced: \(frames) frames for \(moves) moves")
        // The model saw one touch moving, in the order sent: x positions go to and fro one pixel at a time.
        // The touch's last signal has reached this client (a check of the newest signals only).
        try await desktop.client.waitForSignals("the drag's end") { signals in
            signals.suffix(8).contains { $0.member == "Touch" && $0.string(3) == "ended" }
        }
        let xs = desktop.client.signals(named: "Touch").filter { $0.string(3) == "moved" }.compactMap { $0.arguments[4].doubleValue }
        #expect(UInt64(xs.count) == delivered)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { abs($0.1 - $0.0) == 1 }, "each move one pixel from the previous one")
    }
}
