import Foundation
import Glibc
import SceneHostKit
import Synchronization
import TestProcesses
import Testing

/// The folder with scene-host and the plugin libraries (the test binary sits next to them).
func buildFolder() -> String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (executable as NSString).deletingLastPathComponent
}

/// The test process's environment without a display (`DISPLAY`, `WAYLAND_DISPLAY`): the hosts and
/// clients the tests start stay headless under `display: auto` even when the tests run on a desktop.
/// Tests of the desktop display give `DISPLAY` (their own Xvfb) explicitly.
var headlessEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    return environment
}

/// A file of the ``scratchFolder`` holding `text` (it goes with the folder when the tests end).
func temporaryFile(_ name: String, _ text: String) throws -> String {
    let path = scratchPath(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// A running `scene-host` whose log (stderr) is collected line by line.
final class HostProcess: Sendable {
    let process: SpawnedProcess
    private let lines = Mutex<[String]>([])
    private let output = Mutex<String>("")
    private let changed = DispatchSemaphore(value: 0)
    private let logEnded = Mutex(false)
    /// The read end of the log pipe, kept for the life of the host (closing it would end the host
    /// with SIGPIPE at its next log line).
    private let logReader: FileHandle

    /// A private runtime folder (XDG_RUNTIME_DIR) so that hosts started by different tests never find
    /// each other's private bus.
    let runtimeFolder: String

    private let ownsRuntimeFolder: Bool

    /// - Parameters:
    ///   - sharing: another host whose runtime folder (and so whose published private bus) this one
    ///     uses, to test running twice.
    ///   - scenes: what the host runs when `arguments` name no `--config`. The hermetic user
    ///     configuration pins the three demo scenes for every suite but the tests of the default itself,
    ///     so that their window numbers, key window and frames do not move when the default grows.
    init(
        arguments: [String], environment: [String: String] = [:], executable: String = "scene-host", sharing: HostProcess? = nil,
        scenes: DefaultScenes = .demoTrio
    ) throws {
        let path = executable.hasPrefix("/") ? executable : buildFolder() + "/" + executable
        ownsRuntimeFolder = sharing == nil
        runtimeFolder = sharing?.runtimeFolder ?? scratchPath("runtime")
        try FileManager.default.createDirectory(atPath: runtimeFolder, withIntermediateDirectories: true)
        var env = headlessEnvironment
        env["SWIFT_BACKTRACE"] = "enable=no"
        env["XDG_RUNTIME_DIR"] = runtimeFolder
        env["DBUS_SESSION_BUS_ADDRESS"] = nil
        // Hermetic: no user configuration, user plugins or caches of whoever runs the tests.
        for (variable, folder) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"), ("XDG_STATE_HOME", "state")] {
            env[variable] = runtimeFolder + "/" + folder
        }
        env["SCENEHOST_PLUGIN_PATH"] = nil
        if scenes == .demoTrio, sharing == nil {
            let folder = runtimeFolder + "/config/scenehost"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(DefaultScenes.demoTrioYAML.utf8).write(to: URL(fileURLWithPath: folder + "/scene-host.yaml"))
        }
        for (key, value) in environment { env[key] = value }
        // The log comes through a pipe that no other child can inherit (close-on-exec until the host's
        // own dup2); standard output is not read.
        let pipe = try closeOnExecPipe()
        logReader = FileHandle(fileDescriptor: pipe.read, closeOnDealloc: true)
        defer { close(pipe.write) }
        process = try SpawnedProcess(path, arguments, environment: env, standardError: .descriptor(pipe.write))
        logReader.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            if data.isEmpty {
                handle.readabilityHandler = nil
                self.logEnded.withLock { $0 = true }
                self.changed.signal()
                return
            }
            self.output.withLock { buffer in
                buffer += String(decoding: data, as: UTF8.self)
                var complete: [String] = []
                while let newline = buffer.firstIndex(of: "\n") {
                    complete.append(String(buffer[..<newline]))
                    buffer = String(buffer[buffer.index(after: newline)...])
                }
                self.lines.withLock { $0.append(contentsOf: complete) }
            }
            self.changed.signal()
        }
    }

    var log: [String] { lines.withLock { $0 } }

    /// The messages of log lines tagged `[tag]`, in order (timestamp and level stripped).
    func messages(tagged tag: String) -> [String] {
        log.compactMap { line in
            guard let range = line.range(of: " [\(tag)] ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// The messages of scene `scene`'s plugin: ``messages(tagged:)`` without the host's and the scene
    /// process's own lines about the scene (connected; with scene processes, sandboxed, started and
    /// the plugin loaded).
    func pluginMessages(of scene: String) -> [String] {
        messages(tagged: scene).filter { message in
            !message.hasPrefix("scene connected") && !message.hasPrefix("sandboxed (") && !message.hasPrefix("scene process started")
                && !message.hasPrefix("plugin loaded ")
        }
    }

    /// Waits until a log line contains `fragment`; false on timeout or exit. Waits on a thread of
    /// its own (``offPool(_:)``), so the main actor keeps serving D-Bus connections and the
    /// cooperative pool other tests meanwhile.
    func line(containing fragment: String, timeout: Double = 60) async -> Bool {
        await offPool {
            let deadline = Date().addingTimeInterval(SanitizedRun.seconds(timeout))
            while Date() < deadline {
                if self.log.contains(where: { $0.contains(fragment) }) { return true }
                if !self.process.isRunning { return self.log.contains(where: { $0.contains(fragment) }) }
                _ = self.changed.wait(timeout: .now() + 0.05)
            }
            return false
        }
    }

    /// Waits for the exit and returns its status (nil on timeout, after killing it): suspends without
    /// holding a thread (the exit is awaited, not polled), then lets the last output arrive on a
    /// thread of its own. `timeout` guards a hang, so it is scaled in sanitized runs.
    func exitStatus(timeout: Double = 60) async -> Int32? {
        guard let ended = await process.wait(timeout: SanitizedRun.seconds(timeout)) else {
            process.signal(SIGKILL)
            return nil
        }
        await offPool { self.drainLog() }
        return ended.status
    }

    /// After the exit: waits until the log pipe ends (every line read), at most 0.2 s (a process the
    /// host started may still hold the pipe).
    private func drainLog() {
        let deadline = Date().addingTimeInterval(0.2)
        while !logEnded.withLock({ $0 }) && Date() < deadline {
            _ = changed.wait(timeout: .now() + 0.02)
        }
    }

    func signal(_ number: Int32) {
        process.signal(number)
    }

    deinit {
        process.signal(SIGKILL)
        if ownsRuntimeFolder { try? FileManager.default.removeItem(atPath: runtimeFolder) }
    }
}
