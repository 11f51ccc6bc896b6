import Foundation
import Glibc
import Logging
import SceneCore

/// One run of `scene-host` from start-up to shutdown: the host, its D-Bus API, the AT-SPI bridge and
/// the MPRIS player, the service-manager notifications and the main loop.
///
/// ``run(script:)`` returns — and `main` with it — once the host has stopped: on SIGTERM or SIGINT,
/// an input script's `quit`, another host replacing this one, or a start-up failure. Stopping happens
/// once, in this order: `STOPPING=1` to the service manager; the MPRIS player leaves; live touches are
/// cancelled (views get `touchesCancelled`) and the scenes disconnect, which publishes the last
/// `Touch` and activation signals; the host API's connection is flushed, so those signals reach the
/// bus, and closed; the accessibility bridge leaves; standard output is flushed (log lines are
/// written unbuffered). Then the main loop returns.
@MainActor
final class HostSession {
    private let configuration: HostConfiguration
    private let logger: Logger
    private let replace: Bool
    private let notifier = ServiceNotifier()
    private let host: SceneHost
    private var service: HostBusService?
    private var accessibility: AccessibilityBridge?
    private var mediaPlayer: MediaPlayerService?
    /// The exit status, once stopping.
    private var exitStatus: Int32?

    /// - Parameters:
    ///   - executable: the running binary, which plugin probes run as (`scene-host --probe`).
    ///   - replace: take the bus name over from a running host.
    init(configuration: HostConfiguration, logger: Logger, executable: String, replace: Bool) {
        self.configuration = configuration
        self.logger = logger
        self.replace = replace
        host = SceneHost(configuration: configuration, logger: logger, executable: executable)
    }

    /// Starts everything, runs the main loop on this (the main) thread until the host stops, and
    /// returns the exit status: 0 after a normal stop, 1 when the bus cannot be used (another host
    /// owns the name, no bus can be reached).
    ///
    /// - Parameter script: input commands to run once the host is ready; `quit` stops the host.
    func run(script: InputScript?) -> Int32 {
        MainLoop.installSignalHandlers { [weak self] signal in
            self?.logger.info("signal \(signal) received: shutting down")
            self?.stop(status: 0)
        }
        Task { await self.start(script: script) }
        MainLoop.run { [weak self] in self?.exitStatus != nil }
        let status = exitStatus ?? 0
        logger.info("main loop stopped; exiting with status \(status)")
        return status
    }

    private func start(script: InputScript?) async {
        do throws(HostBusService.StartError) {
            service = try HostBusService.start(host: host, mode: configuration.bus.mode, replace: replace, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
            stop(status: error.exitStatus)
            return
        }
        service?.onReplaced = { [weak self] in self?.stop(status: 0) }
        // A crash in plugin code is recorded, so that a plugin that crashes the host twice in a row is
        // quarantined at the next start (the service manager restarts the host).
        host.plugins.guardAgainstCrashes()
        // Plugins are probed off the main thread; the name is claimed (and the accessibility bridge
        // and MPRIS player start) once the configured scenes are in.
        host.start { [weak self] failures in
            guard let self, exitStatus == nil, let service else { return }
            do throws(HostBusService.StartError) {
                try service.goLive(replace: replace)
            } catch {
                FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
                stop(status: error.exitStatus)
                return
            }
            accessibility = AccessibilityBridge.start(host: host, mode: configuration.accessibility, logger: logger)
            mediaPlayer = MediaPlayerService.start(bus: service, mode: configuration.mpris, logger: logger)
            logger.info("host ready", metadata: ["scenes": "\(host.application.connectedScenes.map(\.name))"])
            notifier.ready(status: Self.readyStatus(host: host, failures: failures.count))
            script?.run(on: host) { [weak self] in self?.stop(status: 0) }
        }
    }

    /// Stops the host (see the type's description) and ends the main loop; later calls do nothing.
    func stop(status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        notifier.stopping()
        mediaPlayer?.shutdown()
        host.shutdown()
        if status == 0 { host.plugins.runEndedCleanly() }
        service?.shutdown()
        accessibility?.shutdown()
        fflush(nil)
        MainLoop.stop()
    }

    /// What `systemctl status` shows once the host is up.
    static func readyStatus(host: SceneHost, failures: Int) -> String {
        let scenes = host.application.connectedScenes.map(\.name)
        var status = "\(scenes.count) scene\(scenes.count == 1 ? "" : "s") connected (\(scenes.joined(separator: ", ")))"
        if failures > 0 { status += ", \(failures) refused (see the log)" }
        return status
    }
}
