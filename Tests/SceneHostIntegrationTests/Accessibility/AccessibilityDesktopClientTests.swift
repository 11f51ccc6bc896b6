import Foundation
import Glibc
import Testing

/// What Accerciser's validator and Orca need besides the pyatspi tools: an X server (their GTK code
/// wants a display), Accerciser's validator plugin and Orca (CI installs them: `scripts/install-deps`).
enum DesktopClientTools {
    /// What is missing, as Debian package names; empty when everything is there.
    static let missing: [String] = {
        var missing = AtspiClientTools.missing
        for (path, package) in [
            ("/usr/bin/Xvfb", "xvfb"), ("/usr/share/accerciser/plugins/validate.py", "accerciser"), ("/usr/bin/orca", "orca"),
        ] where access(path, R_OK) != 0 {
            missing.append(package)
        }
        return missing
    }()

    static var available: Bool { missing.isEmpty }
}

/// Accerciser's own AT-SPI Validator and Orca against the real scene-host, headless: each in its own
/// X server (Tests/AccessibilityClients/with-xvfb.sh) and its own `dbus-run-session`.
@Suite(
    "Accerciser's validator and Orca against scene-host, headless",
    .serialized,
    .enabled(
        if: DesktopClientTools.available,
        "needs Xvfb, Accerciser and Orca besides the pyatspi tools; missing: \(DesktopClientTools.missing.joined(separator: " ")) (scripts/install-deps installs them)"
    ))
struct AccessibilityDesktopClientTests {
    private static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../AccessibilityClients")
        .standardizedFileURL

    /// Runs `command` (scripts in Tests/AccessibilityClients) with its own X display in a fresh session.
    private static func run(_ command: [String], timeout: Double = 120) throws -> (status: Int32, output: String) {
        try SpawnedSession.runInPrivateSession(
            command, wrapper: [clients.appendingPathComponent("with-xvfb.sh").path], timeout: timeout)
    }

    @Test("Accerciser's AT-SPI Validator (its Basic schema, plus ParentChildIndexMatch and RadioInSet with their intended conditions) reports 0 errors over the whole tree at start, after focus moved in two windows, and with the Gallery alert shown again")
    func validator() async throws {
        let (status, output) = try await offPool {
            try Self.run([
                Self.clients.appendingPathComponent("run-in-session.sh").path, buildFolder() + "/scene-host",
                Self.clients.appendingPathComponent("accerciser_validate.py").path,
            ])
        }
        #expect(status == 0, "\(output)")
        let states = output.components(separatedBy: "\n").filter { $0.hasPrefix("== state: ") }
        #expect(states.count == 3, "\(output)")
        #expect(output.components(separatedBy: "\n").filter { $0.hasSuffix("   0 errors") }.count == 3, "\(output)")
        #expect(output.contains("ParentChildIndexMatch examined 27 objects"), "\(output)")
        #expect(output.contains("focused: [\"push button 'Button' (button)\"]"), "one focused object, in the key window: \(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }
}
