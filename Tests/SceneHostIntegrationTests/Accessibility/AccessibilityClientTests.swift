import Foundation
import Glibc
import TestProcesses
import Testing

/// The tools real assistive-technology clients need: `dbus-run-session`, at-spi2-core's launcher and
/// registry, and Debian's `/usr/bin/python3` with pyatspi, dogtail and dbus-python (CI installs them:
/// `scripts/install-deps`).
enum AtspiClientTools {
    /// What is missing, as Debian package names; empty when everything is there.
    static let missing: [String] = {
        var missing: [String] = []
        for (path, package) in [
            ("/usr/bin/dbus-run-session", "dbus-bin"), ("/usr/libexec/at-spi-bus-launcher", "at-spi2-core"),
            ("/usr/libexec/at-spi2-registryd", "at-spi2-core"), ("/usr/bin/python3", "python3"),
        ] where access(path, X_OK) != 0 {
            missing.append(package)
        }
        for (module, package) in [("pyatspi", "python3-pyatspi"), ("dogtail.config", "python3-dogtail"), ("dbus", "python3-dbus")]
        where !missing.contains("python3") && !canImport(module) {
            missing.append(package)
        }
        return missing
    }()

    static var available: Bool { missing.isEmpty }

    private static func canImport(_ module: String) -> Bool {
        let check = try? SpawnedSession(
            arguments: ["/usr/bin/python3", "-c", "import \(module)"], environment: ["NO_AT_BRIDGE": "1", "PATH": "/usr/bin:/bin"],
            outputFile: "/dev/null")
        return check?.wait(timeout: 30) == 0
    }
}

/// Real AT-SPI2 clients (pyatspi, dogtail) against the real scene-host, headless: each runs in its own
/// `dbus-run-session`, where at-spi2-core's bus launcher and registry are activated on demand
/// (Tests/AccessibilityClients/run-in-session.sh).
@Suite(
    "Real AT-SPI2 clients against scene-host under dbus-run-session",
    .serialized,
    .enabled(
        if: AtspiClientTools.available,
        "needs dbus-run-session, at-spi2-core and /usr/bin/python3 with pyatspi, dogtail and dbus-python; missing: \(AtspiClientTools.missing.joined(separator: " ")) (scripts/install-deps installs them)"
    ))
struct AccessibilityClientTests {
    /// Runs `client` (a script in Tests/AccessibilityClients) against a fresh scene-host in a fresh
    /// session (``SpawnedSession/runInPrivateSession(_:timeout:)``); returns its exit status and
    /// everything it printed. It blocks: call it through ``offPool(_:)``.
    private static func run(client: String, isolation: String, timeout: Double = 600) throws -> (status: Int32, output: String) {
        let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../AccessibilityClients")
            .standardizedFileURL
        return try SpawnedSession.runInPrivateSession(
            [clients.appendingPathComponent("run-in-session.sh").path, buildFolder() + "/scene-host", clients.appendingPathComponent(client).path],
            environment: ["SCENE_HOST_ISOLATION": isolation], timeout: timeout)
    }

    @Test("pyatspi finds scene-host, reads the FindView window as the model describes it, gets blue at blue's centre and sees the Gallery field take focus", arguments: ["none", "process"])
    func pyatspi(isolation: String) async throws {
        let (status, output) = try await offPool { try Self.run(client: "pyatspi_findview.py", isolation: isolation) }
        #expect(status == 0, "\(output)")
        #expect(output.contains("getAccessibleAtPoint(240, 250, screen) on the frame -> 'blue'"), "\(output)")
        #expect(output.contains("EVENT object:state-changed:focused source='Field' id='field' detail1=1"), "\(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }

    @Test("pyatspi edits the Gallery field through EditableText and reads it back through Text and the model; Text, Table and Image answer from the model; bad input is refused and changes nothing; text events arrive", arguments: ["none", "process"])
    func pyatspiText(isolation: String) async throws {
        let (status, output) = try await offPool { try Self.run(client: "pyatspi_text.py", isolation: isolation) }
        #expect(status == 0, "\(output)")
        #expect(output.contains("refused insertText length -5"), "\(output)")
        #expect(output.contains("refused setTextContents with U+FFFE: atspi_error: text has U+FFFE at offset 2"), "\(output)")
        #expect(output.contains("refused deleteText(0, 99): atspi_error: end offset 99 is outside the text of field (0…5)"), "\(output)")
        #expect(output.contains("EVENT object:text-changed:insert source='Field' id='field' detail1=5 detail2=1 data='!'"), "\(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }

    @Test("dogtail finds the GestureLab button by name and role, and doActionNamed('click') fires its action (ActionSent)", arguments: ["none", "process"])
    func dogtail(isolation: String) async throws {
        let (status, output) = try await offPool { try Self.run(client: "dogtail_gesturelab.py", isolation: isolation) }
        #expect(status == 0, "\(output)")
        #expect(output.contains("action=buttonTapped sender=button"), "\(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }
}
