import Foundation
import Glibc
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
        let (status, output) = try await offPool { try Self.runSession(script: script, host: buildFolder() + "/scene-host", timeout: 180) }
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

    /// Runs `dbus-run-session -- script host` in a private runtime folder, in a process group of its
    /// own with no signal blocked (``SpawnedSession``), its output going to a file; after `timeout`
    /// seconds, or once it exits, whatever is left of the group is killed.
    private static func runSession(script: String, host: String, timeout: Double) throws -> (Int32, String) {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-mpris-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let outputFile = runtime.appendingPathComponent("output.txt").path
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let session = try SpawnedSession(
            arguments: ["/usr/bin/dbus-run-session", "--", script, host], environment: environment.map { "\($0.key)=\($0.value)" },
            outputFile: outputFile)
        let status = session.wait(timeout: timeout)
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        return (status, status == -1 ? output + "\n(timed out after \(timeout) s, or killed by a signal)" : output)
    }
}
