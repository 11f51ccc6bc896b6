import DBusKit
import Foundation
import SceneBusContract
import TestProcesses
import Testing

/// A scene-host showing its scenes in windows on a private X server, with a D-Bus client watching
/// its signals.
@MainActor
final class DesktopHost {
    let x: XServer
    let host: HostProcess
    let client: HostBusClient

    /// Starts Xvfb and `scene-host --display on` on it (the embedded demo configuration unless
    /// `arguments` say otherwise), and waits until the scenes' windows are mapped.
    init(
        arguments: [String] = [], environment: [String: String] = [:], windows: Int = 3,
        named pattern: String = "^(findview|gesturelab|gallery) "
    ) async throws {
        x = try await offPool { try XServer() }
        host = try HostProcess(
            arguments: ["--display", "on"] + arguments, environment: environment.merging(["DISPLAY": x.display]) { $1 })
        client = try await HostBusClient(host: host)
        #expect(await host.line(containing: "display: x11"), "the display started: \(host.log.suffix(5))")
        let mapped = try await x.waitForWindows(named: pattern, count: windows, onlyVisible: true)
        #expect(mapped.count == windows, "\(windows) windows mapped, found \(mapped.count)")
        if windows == 3 { try await settle() }
    }

    /// Waits until the desktop focus settled after start-up. Without a window manager SDL gives each
    /// window the focus as it is shown, so it ends on Gallery's and the two others lost it (their
    /// scenes are foreground-inactive); input sent before that could meet a late focus change.
    func settle() async throws {
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while Date() < deadline {
            var states: [String] = []
            for scene in ["findview", "gesturelab", "gallery"] {
                let value = try await client.property(SceneBusContract.scenePath(scene), SceneBusContract.sceneInterface, "ActivationState")
                states.append(value.stringValue ?? "")
            }
            if states == ["foreground-inactive", "foreground-inactive", "foreground-active"] { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TimedOut(description: "the desktop focus did not settle on Gallery's window")
    }

    /// The X window of `scene` (its title starts with the scene's name).
    func window(of scene: String) async throws -> String {
        let found = try await x.windows(named: "^\(scene) ")
        guard let first = found.first else { throw TimedOut(description: "no X window named '\(scene) …'") }
        return first
    }

    /// The `Log` lines of `scene` received so far.
    func logLines(of scene: String) -> [String] { client.logLines(of: scene) }

    func close() {
        client.close()
    }
}

/// Skip the desktop suites where the X tools are missing: CI installs them (scripts/install-deps);
/// the skip names what is missing.
let desktopToolsAvailable = XServer.missingTools.isEmpty
let desktopToolsNote = Comment(rawValue: "needs \(XServer.missingTools.joined(separator: ", ")) (scripts/install-deps installs them)")
