import Foundation
import Logging
import SceneDisplay
import SceneLifecycle

/// The configured scenes and their desktop windows as a service. Start: the desktop display (when
/// the configuration asks for it and a desktop exists), so windows follow the scenes as they connect;
/// then every configured scene, once its plugin is probed (off the main thread) and loaded. Stop: the
/// display closes, then live touches are cancelled (views get `touchesCancelled`) and the scenes
/// disconnect, while the bus API and the accessibility bridge (listed before) still publish it.
@MainActor
final class SceneService: HostService {
    let name = "scenes"
    private let host: SceneHost
    private let settings: DisplayConfiguration
    private let logger: Logger
    /// The desktop display while it runs (the host refers to it weakly).
    private var display: DesktopDisplay?
    /// The display thread, to let it finish at exit.
    private(set) var displayServer: DisplayServer?
    /// The configured scenes whose plugin was refused at start.
    private(set) var failures: [(scene: String, error: SceneLoadError)] = []
    /// Called with the exit status when the host must stop: `display: on` and SDL cannot open a display.
    var onFatalError: (@MainActor (Int32) -> Void)?

    init(host: SceneHost, settings: DisplayConfiguration, logger: Logger) {
        self.host = host
        self.settings = settings
        self.logger = logger
    }

    func start() async throws {
        startDisplay()
        failures = await withCheckedContinuation { continuation in
            host.start { failures in continuation.resume(returning: failures) }
        }
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        display?.stop()
        host.shutdown()
        done()
    }

    /// Shows the scenes in desktop windows when the configuration asks for it and a display exists
    /// (`display: on` without one was refused before start-up). With `on`, a display SDL cannot open
    /// stops the host with status 78; with `auto` the host carries on headless.
    private func startDisplay() {
        let settings = settings
        let environment = ProcessInfo.processInfo.environment
        switch settings.mode {
        case .off: return
        case .auto where !DisplayEnvironment.hasDesktop(environment): return
        case .auto, .on: break
        }
        let options = DisplayOptions(twoFingerModifier: settings.twoFingerModifier, drawsFingers: settings.fingerDots, inputWaitLimit: settings.inputWait)
        let display = DesktopDisplay(
            application: host.application, deviceInput: host.deviceInput, pendingWork: host.pendingWork, clockMode: host.clock.mode,
            options: options, logger: logger)
        display.onFailure = { [weak self, weak display] error in
            guard let self else { return }
            display?.stop()
            self.host.desktop = nil
            self.display = nil
            if settings.mode == .on {
                FileHandle.standardError.write(Data("scene-host: display: on, but \(error.message)\n".utf8))
                self.onFatalError?(78)
            } else {
                self.logger.info("display: auto: no desktop windows (\(error.message)); running headless")
            }
        }
        host.desktop = display
        self.display = display
        displayServer = display.server
        display.start()
    }
}
