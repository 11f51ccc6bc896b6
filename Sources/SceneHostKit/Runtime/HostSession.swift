import Foundation
import Glibc
import Logging
import SceneCore
import SceneDisplay
import SceneWebDriver

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
    let configuration: HostConfiguration
    let logger: Logger
    private let replace: Bool
    private let notifier = ServiceNotifier()
    let host: SceneHost
    private var service: HostBusService?
    private var accessibility: AccessibilityBridge?
    private var mediaPlayer: MediaPlayerService?
    /// The W3C WebDriver endpoint, when the configuration asks for one (HostSession+WebDriver.swift).
    var webDriver: WebDriverServer?
    /// The display thread, to let it finish at exit.
    private var displayServer: DisplayServer?
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
    /// - Parameters:
    ///   - script: input commands to run once the host is ready; `quit` stops the host.
    ///   - verify: compare the signals of the script's replay with the ones it recorded, report, and
    ///     stop (status 0 when they match, 65 at the first difference).
    func run(script: InputScript?, verify: Bool = false) -> Int32 {
        MainLoop.installSignalHandlers { [weak self] signal in
            self?.logger.info("signal \(signal) received: shutting down")
            self?.stop(status: 0)
        }
        Task { await self.start(script: script, verify: verify) }
        MainLoop.run { [weak self] in self.map { $0.exitStatus != nil && $0.closing == 0 } ?? true }
        // The loop is over: let SDL close its windows and its display connection before the
        // process ends (a moment; bounded).
        if let server = displayServer, !server.waitUntilStopped(timeout: 2) {
            logger.warning("display: the display thread did not stop within 2 s")
        }
        let status = exitStatus ?? 0
        logger.info("main loop stopped; exiting with status \(status)")
        return status
    }

    private func start(script: InputScript?, verify: Bool) async {
        do throws(HostBusService.StartError) {
            service = try await HostBusService.start(host: host, mode: configuration.bus.mode, replace: replace, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("scene-host: \(error.description)\n".utf8))
            stop(status: error.exitStatus)
            return
        }
        service?.onReplaced = { [weak self] in self?.stop(status: 0) }
        // A crash in plugin code is recorded, so that a plugin that crashes the host twice in a row is
        // quarantined at the next start (the service manager restarts the host).
        host.plugins.guardAgainstCrashes()
        // The desktop windows follow the scenes as they connect.
        startDisplay()
        // Plugins are probed off the main thread; the name is claimed (and the accessibility bridge
        // and MPRIS player start) once the configured scenes are in.
        host.start { [weak self] failures in
            Task { @MainActor [weak self] in await self?.goLive(failures: failures, script: script, verify: verify) }
        }
    }

    /// Claims the name once the configured scenes are in, then starts the accessibility bridge and the
    /// MPRIS player and says the host is ready; then runs the script (verifying its replay when asked).
    private func goLive(failures: [(scene: String, error: SceneLoadError)], script: InputScript?, verify: Bool) async {
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
        service.outputReport.add("accessibility") { [weak self] in self?.accessibility?.connection }
        service.outputReport.add("mpris") { [weak self] in self?.mediaPlayer.flatMap { $0.ownsConnection ? $0.connection : nil } }
        startWebDriver()
        logger.info("host ready", metadata: ["scenes": "\(host.application.connectedScenes.map(\.name))"])
        notifier.ready(status: Self.readyStatus(host: host, failures: failures.count))
        guard let script else { return }
        guard verify else {
            script.run(on: host) { [weak self] in self?.stop(status: 0) }
            return
        }
        let verifier = ReplayVerifier(script: script)
        do {
            try await verifier.subscribe(service.connection)
        } catch {
            FileHandle.standardError.write(Data("scene-host: --verify: cannot listen to the host's own signals: \(error)\n".utf8))
            stop(status: 1)
            return
        }
        let finish: @MainActor () -> Void = { [weak self] in
            verifier.scriptEnded(connection: service.connection) { divergence in
                guard let self else { return }
                if let divergence {
                    FileHandle.standardError.write(Data("scene-host: --verify: \(script.file): the replay differs from the recording at \(divergence)\n".utf8))
                    self.stop(status: 65)
                } else {
                    self.logger.info("verify: the replay of \(script.file) emitted the \(verifier.expectedCount) recorded signals")
                    self.stop(status: 0)
                }
            }
        }
        script.run(on: host, onQuit: finish, onEnd: finish)
    }

    /// Shows the scenes in desktop windows when the configuration asks for it and a display exists
    /// (`display: on` without one was refused before start-up). With `on`, a display SDL cannot open
    /// stops the host with status 78; with `auto` the host carries on headless.
    private func startDisplay() {
        let settings = configuration.display
        let environment = ProcessInfo.processInfo.environment
        switch settings.mode {
        case .off: return
        case .auto where !DisplayEnvironment.hasDesktop(environment): return
        case .auto, .on: break
        }
        let options = DisplayOptions(twoFingerModifier: settings.twoFingerModifier, drawsFingers: settings.fingerDots)
        let display = DesktopDisplay(host: host, options: options, logger: logger)
        display.onFailure = { [weak self, weak display] error in
            guard let self else { return }
            display?.stop()
            self.host.desktop = nil
            if settings.mode == .on {
                FileHandle.standardError.write(Data("scene-host: display: on, but \(error.message)\n".utf8))
                self.stop(status: 78)
            } else {
                self.logger.info("display: auto: no desktop windows (\(error.message)); running headless")
            }
        }
        host.desktop = display
        displayServer = display.server
        display.start()
    }

    /// Stops the host (see the type's description) and ends the main loop; later calls do nothing.
    func stop(status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        notifier.stopping()
        mediaPlayer?.shutdown(flushTimeout: Self.flushTimeout, then: closed())
        webDriver?.stop()
        host.desktop?.stop()
        host.shutdown()
        if status == 0 { host.plugins.runEndedCleanly() }
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
