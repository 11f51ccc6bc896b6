import Foundation
import Glibc
import TestProcesses
import Testing

/// The demonstration as CI runs it: a real `dbus-run-session` (the system's session bus
/// configuration, headless), scene-host on it, and `playerctl`, `dbus-send` and `dbus-monitor` in
/// the session (Tests/MediaClients/playerctl-session.sh).
@Suite("playerctl against scene-host under dbus-run-session")
struct PlayerctlSessionTests {
    @Test("Under dbus-run-session, playerctl -p scenehost play-pause and next reach the GestureLab player (RemoteControlDelivered) and playerctl status reports Playing")
    func playPauseAndNext() async throws {
        try Playerctl.require()
        for tool in ["/usr/bin/dbus-run-session", "/usr/bin/dbus-monitor", "/usr/bin/dbus-send"] where access(tool, X_OK) != 0 {
            throw Playerctl.MissingTool(description: "\(tool) is missing: run scripts/install-deps (it installs the Debian package dbus-bin)")
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../MediaClients/playerctl-session.sh").standardizedFileURL.path
        // The embedded default's scenes, with the scene processes' timeouts sized for sanitized runs.
        let config = try temporaryFile("playerctl.yaml", DefaultScenes.allScenesYAML)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let (status, output) = try await offPool {
            try SpawnedSession.runInPrivateSession([script, buildFolder() + "/scene-host", "--config", config], timeout: 180)
        }
        #expect(status == 0, "\(output)")
        for line in [
            "players: scenehost", "before: Stopped", "tap: player", "play-pause: exit 0", "status: Playing", "next: exit 0",
            "title: player", "DELIVERED toggle-play-pause player", "DELIVERED next-track player",
            "LOG remote: toggle-play-pause", "LOG remote: next-track", "RESULT: DONE",
        ] {
            #expect(output.contains(line), "missing '\(line)' in:\n\(output)")
        }
        #expect(!output.contains("status: Stopped"), "\(output)")
    }
}
