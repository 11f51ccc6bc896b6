import Foundation
import Glibc
import Logging
import SceneCore
import SceneDisplay
import SceneErrors
import SceneLifecycle
import SceneLoop
import SceneWebDriver

/// One run of `scene-host` from start-up to shutdown: the host and its services, the service-manager
/// notifications and the main loop.
///
/// The services, in start order (each may use the ones before it; they stop in the reverse order):
///
/// | service | start | go live | stop |
/// |---|---|---|---|
/// | bus (``BusAPIService``) | connect, export; refuse a second host | claim `org.scenehost.SceneHost` | leave the bus once the last signals are written |
/// | accessibility (``AccessibilityService``) | — | join the accessibility bus | leave it the same way |
/// | crash-guard (``CrashGuardService``) | record crashes in plugin code | — | a clean stop marks the run as ended cleanly |
/// | scenes (``SceneService``) | the desktop display, then the configured scenes (plugins probed off the main thread) | — | the display closes; live touches are cancelled and the scenes disconnect |
/// | mpris (``MediaService``) | — | start the MPRIS player | leave MPRIS |
/// | webdriver (``WebDriverService``) | — | listen, when configured | stop listening |
///
/// Once every service is live the host says it is ready (`READY=1`) and runs the input script.
///
/// ``run(script:verify:)`` returns — and `main` with it — once the host has stopped: on SIGTERM or
/// SIGINT, an input script's `quit`, another host replacing this one, or a start-up failure. Stopping
/// happens once: `STOPPING=1` to the service manager; scene processes cancel their live touches and
/// disconnect their scenes (at most ``SceneHost/stopAllowance`` is waited for them); then every started service's stop, begun in one
/// turn of the main loop in the reverse order: the WebDriver endpoint stops listening; the MPRIS player leaves; the display closes, live
/// touches are cancelled (views get `touchesCancelled`) and the scenes disconnect, which publishes the
/// last `Touch` and activation signals; the accessibility bridge and the host API's connection close
/// once what they sent is written (or after ``flushTimeout``: a bus that takes nothing cannot hold the
/// host), without blocking the main loop meanwhile. A service that never finishes stopping is given
/// up on after ``stopTimeout``. Standard output is flushed (log lines are written unbuffered); then
/// the main loop returns.
@MainActor
final class HostSession {
    private let logger: Logger
    private let notifier = ServiceNotifier()
    private let host: SceneHost
    private let busAPI: BusAPIService
    private let scenes: SceneService
    private let webDriver: WebDriverService
    /// Every service of the run, in start order.
    private let services: ServiceGroup
    private let loop: EventLoop
    /// The exit status, once stopping.
    private var exitStatus: Int32?
    /// Whether every service has stopped (or was given up on); the main loop then returns.
    private var servicesStopped = false
    /// How long a connection may take to write what it sent before it closes at shutdown.
    static let flushTimeout: Duration = .seconds(2)
    /// How long a service may take to stop before the host exits without it: beyond every flush
    /// limit, so only a service that never reports back reaches it.
    static let stopTimeout: Duration = .seconds(5)

    /// - Parameters:
    ///   - executable: the running binary, which plugin probes run as (`scene-host --probe`).
    ///   - replace: take the bus name over from a running host.
    ///   - loop: the main loop ``run(script:verify:)`` runs; it reads the scene channels.
    init(configuration: HostConfiguration, logger: Logger, executable: String, replace: Bool, loop: EventLoop) {
        self.logger = logger
        self.loop = loop
        host = SceneHost(configuration: configuration, logger: logger, executable: executable, watches: loop)
        busAPI = BusAPIService(host: host, mode: configuration.bus.mode, replace: replace, flushTimeout: Self.flushTimeout, logger: logger)
        scenes = SceneService(host: host, settings: configuration.display, logger: logger)
        webDriver = WebDriverService(host: host, address: configuration.webDriver, logger: logger)
        services = ServiceGroup(
            [
                busAPI,
                AccessibilityService(host: host, busAPI: busAPI, mode: configuration.accessibility, flushTimeout: Self.flushTimeout, logger: logger),
                CrashGuardService(plugins: host.plugins),
                scenes,
                MediaService(busAPI: busAPI, mode: configuration.mpris, flushTimeout: Self.flushTimeout, logger: logger),
                webDriver,
            ], stopTimeout: Self.stopTimeout)
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
        do throws(EventLoopError) {
            try MainLoop.installSignalHandlers(on: loop) { [weak self] signal in
                self?.logger.info("signal \(signal) received: shutting down")
                self?.stop(status: 0)
            }
        } catch {
            logger.error("cannot handle SIGTERM and SIGINT: \(error.message)")
            return 1
        }
        busAPI.onReplaced = { [weak self] in self?.stop(status: 0) }
        scenes.onFatalError = { [weak self] status in self?.stop(status: status) }
        Task { await self.start(script: script, verify: verify) }
        let application = host.application
        loop.run(endOfTurn: { application.layoutIfNeeded() }) { [weak self] in
            self.map { $0.exitStatus != nil && $0.servicesStopped } ?? true
        }
        // The loop is over: let SDL close its windows and its display connection before the
        // process ends (a moment; bounded).
        if let server = scenes.displayServer, !server.waitUntilStopped(timeout: 2) {
            logger.warning("display: the display thread did not stop within 2 s")
        }
        let status = exitStatus ?? 0
        logger.info("main loop stopped; exiting with status \(status)")
        return status
    }

    /// Starts the services and makes them live in order (the name is claimed once the configured
    /// scenes are in), says the host is ready, then runs the script (verifying its replay when asked).
    private func start(script: InputScript?, verify: Bool) async {
        do {
            try await services.start()
            try await services.goLive()
        } catch is CancellationError {
            return  // stopped meanwhile
        } catch {
            let startError = error as? any RunEndingError
            FileHandle.standardError.write(Data("scene-host: \(startError?.description ?? "\(error)")\n".utf8))
            stop(status: startError?.exitStatus ?? 1)
            return
        }
        guard let service = busAPI.bus else { return }
        logger.info("host ready", metadata: ["scenes": "\(host.application.connectedScenes.map(\.name))"])
        notifier.ready(status: Self.readyStatus(host: host, failures: scenes.failures.count))
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

    /// Stops the host (see the type's description) and ends the main loop; later calls do nothing.
    func stop(status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        notifier.stopping()
        // Scene processes cancel their touches first, while every service (the bus) still runs.
        host.stopScenes { [weak self] in
            guard let self else { return }
            services.stop(cleanly: status == 0) { [weak self] report in
                guard let self else { return }
                for service in report.timedOut {
                    logger.warning("\(service) did not finish stopping within \(Self.stopTimeout); exiting without it")
                }
                servicesStopped = true
                fflush(nil)
                MainLoop.stop()
            }
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
