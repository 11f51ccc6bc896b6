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
/// `Touch` and activation signals; the host API's connection closes once those signals are written
/// (or after ``flushTimeout``: a bus that takes nothing cannot hold the host), without blocking the
/// main loop meanwhile; the accessibility bridge leaves the same way; standard output is flushed (log
/// lines are written unbuffered). Then the main loop returns.
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
    /// Connections still writing their last messages while stopping; the main loop returns at 0.
    private var closing = 0
    /// How long a connection may take to write what it sent before it closes at shutdown.
    static let flushTimeout: Duration = .seconds(2)

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
        MainLoop.run { [weak self] in self.map { $0.exitStatus != nil && $0.closing == 0 } ?? true }
        let status = exitStatus ?? 0
        logger.info("main loop stopped; exiting with status \(status)")
        return status
    }

    private func start(script: InputScript?) async {
        do throws(HostBusService.StartError) {
            service = try await HostBusService.start(host: host, mode: configuration.bus.mode, replace: replace, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
            stop(status: error.exitStatus)
            return
        }
        service?.onReplaced = { [weak self] in self?.stop(status: 0) }
        // Plugins are probed off the main thread; the name is claimed (and the accessibility bridge
        // and MPRIS player start) once the configured scenes are in.
        host.start { [weak self] failures in
            Task { @MainActor [weak self] in await self?.goLive(failures: failures, script: script) }
        }
    }

    /// Claims the name once the configured scenes are in, then starts the accessibility bridge and the
    /// MPRIS player and says the host is ready.
    private func goLive(failures: [(scene: String, error: SceneLoadError)], script: InputScript?) async {
        guard exitStatus == nil, let service else { return }
        do throws(HostBusService.StartError) {
            try await service.goLive(replace: replace)
        } catch {
            FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
            stop(status: error.exitStatus)
            return
        }
        guard exitStatus == nil else { return }
        accessibility = AccessibilityBridge.start(host: host, mode: configuration.accessibility, logger: logger)
        mediaPlayer = MediaPlayerService.start(bus: service, mode: configuration.mpris, logger: logger)
        logger.info("host ready", metadata: ["scenes": "\(host.application.connectedScenes.map(\.name))"])
        notifier.ready(status: Self.readyStatus(host: host, failures: failures.count))
        script?.run(on: host) { [weak self] in self?.stop(status: 0) }
    }

    /// Stops the host (see the type's description) and ends the main loop; later calls do nothing.
    func stop(status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        notifier.stopping()
        mediaPlayer?.shutdown(flushTimeout: Self.flushTimeout, then: closed())
        host.shutdown()
        service?.shutdown(flushTimeout: Self.flushTimeout, then: closed())
        accessibility?.shutdown(flushTimeout: Self.flushTimeout, then: closed())
        fflush(nil)
        MainLoop.stop()
    }

    /// Counts one connection closing; the returned completion ends the main loop after the last.
    private func closed() -> @MainActor () -> Void {
        closing += 1
        return { [weak self] in
            self?.closing -= 1
            fflush(nil)
            MainLoop.stop()
        }
    }

    /// What `systemctl status` shows once the host is up.
    static func readyStatus(host: SceneHost, failures: Int) -> String {
        let scenes = host.application.connectedScenes.map(\.name)
        var status = "\(scenes.count) scene\(scenes.count == 1 ? "" : "s") connected (\(scenes.joined(separator: ", ")))"
        if failures > 0 { status += ", \(failures) refused (see the log)" }
        return status
    }
}
