import Foundation
import Glibc
import TestProcesses
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
    static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../AccessibilityClients")
        .standardizedFileURL

    /// Runs `command` (scripts in Tests/AccessibilityClients) with its own X display in a fresh session.
    /// `timeout` only guards against a hang: at load 35 the validator took over 120 s.
    /// With scene processes the host reads the embedded default with the timeouts sized for a sanitized
    /// run on a busy machine (``DefaultScenes/allScenesYAML``).
    static func run(_ command: [String], isolation: String, environment extra: [String: String] = [:], timeout: Double = 600) throws
        -> (status: Int32, output: String)
    {
        var environment = extra.merging(["SCENE_HOST_ISOLATION": isolation]) { _, new in new }
        if isolation != "none" { environment["SCENE_HOST_CONFIG"] = try temporaryFile("desktop-clients-\(isolation).yaml", DefaultScenes.allScenesYAML) }
        return try SpawnedSession.runInPrivateSession(
            command, wrapper: [clients.appendingPathComponent("with-xvfb.sh").path], environment: environment, timeout: timeout)
    }

    @Test("Accerciser's AT-SPI Validator (its Basic schema, plus ParentChildIndexMatch and RadioInSet with their intended conditions) reports 0 errors over the whole tree at start, after focus moved in two windows, and with the Gallery alert shown again")
    func validator() async throws {
        try await Self.validate(isolation: "none")
    }

    /// Which of the validator's three states it walks the whole tree in.
    enum ValidatedStates: String {
        case all, first
    }

    /// Accerciser's validator over the demo scenes with `isolation`: the whole tree in `validated`
    /// states, and in every state the focused object and the active window.
    static func validate(isolation: String, validated: ValidatedStates = .all) async throws {
        let (status, output) = try await offPool {
            try Self.run([
                Self.clients.appendingPathComponent("run-in-session.sh").path, buildFolder() + "/scene-host",
                Self.clients.appendingPathComponent("accerciser_validate.py").path,
            ], isolation: isolation, environment: ["VALIDATE_STATES": validated.rawValue])
        }
        #expect(status == 0, "\(output)")
        let states = output.components(separatedBy: "\n").filter { $0.hasPrefix("== state: ") }
        #expect(states.count == 3, "\(output)")
        #expect(
            output.components(separatedBy: "\n").filter { $0.hasSuffix("   0 errors") }.count == (validated == .all ? 3 : 1), "\(output)")
        // 37 in the three demo scenes of seeds 000 and 002 and Gallery (its photo's scroll pane and
        // image included), 30 in the Settings app, and the 995 rows of GestureLab's table out of
        // view, each made as the validator asks for it (TV-12).
        #expect(output.contains("ParentChildIndexMatch examined 1062 objects"), "\(output)")
        #expect(
            output.contains("focused: [\"list item 'Row 1' (row-1)\"]"),
            "one focused object, in the key window: GestureLab's table, Tab's second stop there (TV-11): \(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }

    @Test("Orca 43, headless: the host joins when Orca starts; Orca reads the alert, counts it as an unfocused dialog in Gallery's frame only (WS-12), names the window and its focused control on every key-window switch and each view Tab reaches, reads a row of GestureLab's table out of view with its position once AT-SPI focuses it (TV-12), announces the Gallery field as an editable entry with its text, echoes typed characters, and reads the alert a click through AT-SPI brings up")
    func orca() async throws {
        try await Self.speak(isolation: "none")
    }

    /// Orca's session over the demo scenes with `isolation`.
    static func speak(isolation: String) async throws {
        let (status, output) = try await offPool {
            try Self.run([Self.clients.appendingPathComponent("orca-session.sh").path, buildFolder() + "/scene-host"], isolation: isolation)
        }
        #expect(status == 0, "\(output)")
        for line in [
            "== GestureLab made key under the Gallery alert: Orca said ['GestureLab frame.', 'Player panel.']",
            "== GestureLab made key: Orca said ['GestureLab frame.', 'Player panel.']",
            "== Tab 2 in GestureLab: Orca said ['Table.', 'List with 1000 items.', 'Row 1.', 'not selected.', '1 of 1000.']",
            "== GrabFocus on Row 40: Orca said ['Table.', 'List with 1000 items.', 'Row 40.', 'not selected.', '40 of 1000.']",
            "== Tab 3 in GestureLab: Orca said ['Button push button.']",
            "== tap the Gallery field: Orca said ['Field entry Type here.']",
            "== type 'h' into the field: Orca said ['h']",
            "== Tab back to the field: Orca said ['Field entry hi.']",
            "== click Show alert through AT-SPI: Orca said ['alert Alert.', 'Enter the code, then press OK.']",
        ] {
            #expect(output.contains(line), "missing \(line) in:\n\(output)")
        }
        #expect(!output.contains("read only"), "\(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }
}
