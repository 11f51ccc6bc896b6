import Foundation
import Glibc
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
            arguments: ["/usr/bin/python3", "-c", "import \(module)"], environment: ["NO_AT_BRIDGE=1", "PATH=/usr/bin:/bin"],
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
    /// session; returns its exit status and everything it printed. It blocks: call it through
    /// ``offPool(_:)``.
    ///
    /// The session runs in a process group of its own with no signal blocked (so `dbus-run-session`
    /// can stop what it started), writes to a file (processes it leaves behind cannot hold the test
    /// waiting for the end of a pipe), and whatever is left of the group afterwards is killed.
    private static func run(client: String, timeout: Double = 120) throws -> (status: Int32, output: String) {
        let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../AccessibilityClients")
            .standardizedFileURL
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-atspi-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let outputFile = runtime.appendingPathComponent("output.txt").path
        var environment = ProcessInfo.processInfo.environment
        // A session of its own: the accessibility bus socket goes to this runtime folder.
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let session = try SpawnedSession(
            arguments: [
                "/usr/bin/dbus-run-session", "--", clients.appendingPathComponent("run-in-session.sh").path,
                buildFolder() + "/scene-host", clients.appendingPathComponent(client).path,
            ],
            environment: environment.map { "\($0.key)=\($0.value)" }, outputFile: outputFile)
        let status = session.wait(timeout: timeout)
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        return (status, status == -1 ? output + "\n(timed out after \(timeout) s)" : output)
    }

    @Test("pyatspi finds scene-host, reads the FindView window as the model describes it, gets blue at blue's centre and sees the Gallery field take focus")
    func pyatspi() async throws {
        let (status, output) = try await offPool { try Self.run(client: "pyatspi_findview.py") }
        #expect(status == 0, "\(output)")
        #expect(output.contains("getAccessibleAtPoint(240, 250, screen) on the frame -> 'blue'"), "\(output)")
        #expect(output.contains("EVENT object:state-changed:focused source='Field' detail1=1"), "\(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }

    @Test("dogtail finds the GestureLab button by name and role, and doActionNamed('click') fires its action (ActionSent)")
    func dogtail() async throws {
        let (status, output) = try await offPool { try Self.run(client: "dogtail_gesturelab.py") }
        #expect(status == 0, "\(output)")
        #expect(output.contains("action=buttonTapped sender=button"), "\(output)")
        #expect(output.contains("RESULT: PASS"), "\(output)")
    }
}

/// A process started in a process group of its own, with every signal unblocked and at its default
/// action, its output (standard output and error) going to a file. (Foundation's `Process` passes on
/// the test runner's blocked signals, so a shell script it starts cannot stop its own children.)
/// Also used by the MPRIS session test.
struct SpawnedSession {
    let pid: pid_t

    init(arguments: [String], environment: [String], outputFile: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw TimedOut(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        pid = child
    }

    /// Waits for the exit status (-1 after `timeout` seconds or on a signal), then kills whatever is
    /// left of the process group.
    func wait(timeout: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        var exitStatus: Int32 = -1
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
                break
            }
            if result == -1 && errno != EINTR { break }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        return exitStatus
    }
}
