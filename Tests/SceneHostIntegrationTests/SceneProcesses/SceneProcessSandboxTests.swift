import Foundation
import Glibc
import SceneChannel
import SceneHostKit
import SceneProcesses
import TestProcesses
import Testing

/// A sandboxed scene process (`--scene-sandbox on`): what its plugin tries against the rules is
/// refused, each time, and the scene goes on. The fixture shows each attempt's result in a label.
@Suite("Scene process sandbox", .enabled(if: SceneSandbox.landlockABI > 0, "the kernel offers no Landlock"))
struct SceneProcessSandboxTests {
    struct Attempts: Sendable {
        var first: [String: String] = [:]
        var second: [String: String] = [:]
        var standardError = ""
        /// The folder holding the secret file and the home folder.
        var root = ""
        var descriptors: [String] = []
        var exit: SceneExit?
    }

    /// Runs FixtureSandboxProbe with or without the sandbox; reads its label, taps "Try again",
    /// reads it again.
    static func probe(sandboxed: Bool) async throws -> Attempts {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-sandbox-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let home = root + "/home", data = root + "/data", secret = root + "/secret.key"
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        try Data("not for plugins".utf8).write(to: URL(fileURLWithPath: secret))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let peer = getpid()
        let timeout = SanitizedRun.seconds(30)
        return try await offPool { () throws -> Attempts in
            let harness = try SceneProcessHarness(
                plugin: "FixtureSandboxProbe", scene: "sandboxed",
                arguments: [
                    "--scene-sandbox", sandboxed ? "on" : "off", "--scene-data", data,
                    "--scene-option", "secret=\(secret)", "--scene-option", "peer=\(peer)", "--scene-option", "data=\(data)",
                    // Only sandboxed: an unsandboxed process's leak check at exit can race the idle
                    // workers ending ("Running thread … was not suspended", an AddressSanitizer report).
                    "--scene-option", "workers=\(sandboxed ? "yes" : "no")",
                ],
                environment: ["HOME": home])
            var attempts = Attempts()
            attempts.root = root
            guard try harness.receive(timeout: timeout, until: { _ in !harness.frames.isEmpty }) else {
                attempts.standardError = harness.standardError
                return attempts
            }
            attempts.descriptors = Self.descriptorTargets(of: harness.process.processID)
            attempts.first = try Self.readAttempts(harness, id: 1, timeout: timeout)
            _ = try harness.touch(SceneTouchRecord(slot: 1, phase: .down, x: 100, y: 62), id: 2, timeout: timeout)
            _ = try harness.touch(SceneTouchRecord(slot: 1, phase: .up), id: 3, timeout: timeout)
            attempts.second = try Self.readAttempts(harness, id: 4, timeout: timeout)
            harness.closeChannel()
            attempts.exit = harness.waitForEnd(timeout: timeout)
            attempts.standardError = harness.standardError
            return attempts
        }
    }

    /// The fixture's label, `key=value` pairs, from the scene process's DescribeTree.
    static func readAttempts(_ harness: SceneProcessHarness, id: UInt64, timeout: Double) throws -> [String: String] {
        var body = WireWriter()
        body.u32(0)
        body.string("/org/scenehost/Scene/sandboxed/Window0")
        guard case .success(let json) = try harness.ask(SceneQueryCode.describeTree, body.bytes, id: id, timeout: timeout) else { return [:] }
        guard let text = Self.text(ofIdentifier: "attempts", in: try JSONSerialization.jsonObject(with: Data(json))) else { return [:] }
        var pairs: [String: String] = [:]
        for pair in text.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { pairs[parts[0]] = parts[1] }
        }
        return pairs
    }

    static func text(ofIdentifier identifier: String, in node: Any) -> String? {
        if let object = node as? [String: Any] {
            if object["identifier"] as? String == identifier { return object["text"] as? String }
            for value in object.values { if let found = text(ofIdentifier: identifier, in: value) { return found } }
        } else if let array = node as? [Any] {
            for value in array { if let found = text(ofIdentifier: identifier, in: value) { return found } }
        }
        return nil
    }

    /// What each open descriptor of process `pid` refers to.
    static func descriptorTargets(of pid: Int32) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        } ?? []
    }

    @Test("A sandboxed scene is refused the secret file, ~/.ssh, every socket and another process's memory, each refusal said on its standard error, may write its data folder (not said), keeps running, and its work on a global dispatch queue does not end it")
    func refusedAndRunning() async throws {
        let attempts = try await Self.probe(sandboxed: true)
        #expect(attempts.first["round"] == "1", "the label was read: \(attempts.first) \(attempts.standardError)")
        for key in ["secret", "ssh", "status", "mem"] {
            #expect(attempts.first[key] == "EACCES", "\(key): \(attempts.first)")
        }
        #expect(attempts.first["inet"] == "EACCES" && attempts.first["unix"] == "EACCES", "no socket of any family: \(attempts.first)")
        #expect(attempts.first["vm"] == "EPERM", "process_vm_readv: \(attempts.first)")
        #expect(attempts.first["data"] == "ok", "its own data folder: \(attempts.first)")
        // Work waiting on a global queue while libdispatch's worker monitor reads its workers'
        // /proc files (through the process's own /proc entry: /proc/<tid> is not allowed) ended
        // the process with an illegal instruction before.
        #expect(attempts.first["workers"] == "ok", "global-queue work across the worker monitor's ticks: \(attempts.first) \(attempts.standardError)")
        #expect(!attempts.standardError.contains("worker monitor"), "\(attempts.standardError)")
        var second = attempts.second
        #expect(second.removeValue(forKey: "round") == "2", "the button ran the attempts again: \(attempts.second)")
        var first = attempts.first
        first["round"] = nil
        first["workers"] = nil
        #expect(second == first, "refused the same way the second time")
        #expect(attempts.standardError.contains("scene process sandboxed: sandboxed (Landlock ABI"), "\(attempts.standardError)")
        // The refusals are said, each time (twice: the button ran them again); the board logs these
        // lines under the scene's name: seccomp's from its trap, Landlock's (which tells only the
        // kernel's audit log) from the plugin's own open(2).
        let said = attempts.standardError.split(separator: "\n").filter { $0.hasPrefix("sandbox refused ") }
        for refusal in [
            "sandbox refused open(2) of \(attempts.root)/secret.key: EACCES", "sandbox refused open(2) of \(attempts.root)/home/.ssh: EACCES",
            "sandbox refused open(2) of /proc/\(getpid())/status: EACCES", "sandbox refused open(2) of /proc/\(getpid())/mem: EACCES",
            "sandbox refused socket(2) of family \(AF_INET): EACCES", "sandbox refused socket(2) of family \(AF_UNIX): EACCES",
            "sandbox refused process_vm_readv(2) of process \(getpid()): EPERM",
        ] {
            #expect(said.filter { $0 == refusal }.count == 2, "\(refusal): \(said)")
        }
        #expect(said.count == 14, "only those: \(said)")
        // Under AddressSanitizer too: its leak check at exit, which a sandboxed process cannot run
        // (it needs ptrace), is skipped there, not failed.
        #expect(attempts.exit == .exited(0), "a closed channel ends the sandboxed scene process cleanly: \(String(describing: attempts.exit)) \(attempts.standardError)")
        if SanitizedRun.sanitizer == nil {
            #expect(attempts.standardError.contains(", 1 thread before"), "no thread escaped the sandbox: \(attempts.standardError)")
        }
    }

    @Test("Without the sandbox the same attempts succeed: the refusals above are the sandbox's")
    func unsandboxedControl() async throws {
        let attempts = try await Self.probe(sandboxed: false)
        for key in ["secret", "ssh", "inet", "unix", "status", "data"] {
            #expect(attempts.first[key] == "ok", "\(key): \(attempts.first)")
        }
        // (Its scene is named "sandboxed": the line a confined process writes is "…: sandboxed (Landlock …".)
        #expect(!attempts.standardError.contains(": sandboxed (") && !attempts.standardError.contains("sandbox refused"), "\(attempts.standardError)")
        #expect(attempts.exit == .exited(0), "\(String(describing: attempts.exit)) \(attempts.standardError)")
    }

    @Test("A scene process holds its channel, its standard streams and its own files, and none of the board's")
    func inheritsOnlyItsChannel() async throws {
        // A file the board holds without close-on-exec, as a library's descriptor might be.
        let marker = "/tmp/scenehost-inherit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let held = open(marker, O_RDWR | O_CREAT, 0o600)
        try #require(held > 2)
        defer { close(held); unlink(marker) }
        let attempts = try await Self.probe(sandboxed: true)
        #expect(!attempts.descriptors.isEmpty, "the scene process's descriptors were read")
        #expect(!attempts.descriptors.contains(marker), "\(attempts.descriptors)")
        #expect(attempts.descriptors.filter { $0.hasPrefix("socket:") }.count == 1, "one socket, its channel: \(attempts.descriptors)")
    }
}
