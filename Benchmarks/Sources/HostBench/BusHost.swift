import BenchSupport
import Foundation
import SceneProcesses

/// A `scene-host` on a bus daemon of its own with a fresh runtime folder, started and ready: what
/// most sections start once per run. ``stop()`` ends the host and the daemon and removes the folder
/// (call it with `defer`).
final class BusHost {
    let daemon: BusDaemon
    let host: HostProcess
    private let runtime: String

    /// Starts `sceneHost --bus <daemon> ARGUMENTS` and waits up to `readyTimeout` seconds for its
    /// `READY=1`.
    init(sceneHost: String, arguments: [String], readyTimeout: Double) throws {
        daemon = try BusDaemon()
        do {
            runtime = try makeTemporaryDirectory()
        } catch {
            daemon.stop()
            throw error
        }
        do {
            host = try HostProcess(executable: sceneHost, arguments: ["--bus", daemon.address] + arguments, runtimeDirectory: runtime)
        } catch {
            daemon.stop()
            try? FileManager.default.removeItem(atPath: runtime)
            throw error
        }
        do {
            _ = try host.waitUntilReady(timeout: readyTimeout)
        } catch {
            stop()
            throw error
        }
    }

    var address: String { daemon.address }

    /// Ends the host, then the daemon; returns the host's standard error.
    @discardableResult
    func stop() -> String {
        let text = host.stop()
        daemon.stop()
        try? FileManager.default.removeItem(atPath: runtime)
        return text
    }
}
