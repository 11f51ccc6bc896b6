import DBusKit
import Glibc
import SceneProcesses
import TestProcesses
import Testing

/// A private `dbus-daemon`: how it fails, what it inherits, what it leaves behind.
@Suite("Private bus daemons")
struct BusDaemonTests {
    @Test("A missing dbus-daemon binary is reported with the fix")
    func missingDaemon() {
        #expect {
            try BusDaemon(executable: "/nonexistent/dbus-daemon")
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .daemonUnavailable && busError.message.contains("/nonexistent/dbus-daemon")
                && busError.message.contains("apt-get install dbus-daemon")
        }
    }

    @Test("The daemon inherits none of this process's descriptors besides the ones it is given")
    func daemonInheritsNothing() async throws {
        // A file held without close-on-exec, as a library's socket might be.
        let path = "/tmp/dbuskit-inherit-\(getpid())"
        let held = open(path, O_RDWR | O_CREAT, 0o600)
        try #require(held > 2)
        defer { Glibc.close(held); unlink(path) }
        let daemon = try await offPool { try BusDaemon() }
        defer { daemon.stop() }
        let targets = Self.descriptorTargets(of: daemon.processID)
        #expect(!targets.isEmpty, "the daemon's descriptors are readable")
        #expect(!targets.contains(path), "\(targets)")
    }

    /// What each open descriptor of process `pid` refers to (`/proc/PID/fd/N` links).
    static func descriptorTargets(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/fd"
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var targets: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink(folder + "/" + name, &buffer, buffer.count - 1)
            if length > 0 { targets.append(String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return targets
    }

    @Test("A stopped daemon leaves no process and no directory behind, and stopping again does nothing")
    func daemonCleanup() async throws {
        let daemon = try await offPool { try BusDaemon() }
        let directory = daemon.directory
        let pid = daemon.processID
        daemon.stop()
        await daemon.waitUntilStopped()
        #expect(kill(pid, 0) != 0)
        #expect(access(directory, F_OK) != 0)
        daemon.stop()
        await daemon.waitUntilStopped()
    }
}
