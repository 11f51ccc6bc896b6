import Foundation
public import Logging
public import SceneCore
public import SceneRender

/// The running host: one ``Application`` on the ``MonotonicClock``, the plugins it loaded, the scenes
/// it connected, and the ``TouchInjector`` scripted input goes through.
///
/// Everything runs on the main actor, driven by the main run loop (``MainLoop``). The host is passed
/// to whatever needs it (bus objects, accessibility bridge); there is no shared instance.
@MainActor
public final class SceneHost {
    public let configuration: HostConfiguration
    public let application: Application
    public let clock: MonotonicClock
    public let plugins: PluginRegistry
    public let injector: TouchInjector
    /// Device input (a desktop window's fingers, keys, text and focus, or their replay).
    public let deviceInput: DeviceInput
    /// The desktop display, when scenes are shown in desktop windows.
    public internal(set) var desktop: DesktopDisplay?
    public let logger: Logger
    /// Pixels of the windows, scenes and screen, drawn only when someone asks (snapshots).
    public let renderer = Renderer()
    private var nextSceneX = 0.0

    /// Default size of a scene's screen area when the configuration gives none.
    public static let defaultSceneSize = Size(width: 390, height: 844)
    /// Horizontal gap between scenes laid out by default.
    public static let sceneGap = 10.0

    /// - Parameter executable: the path of the running binary, used for `@executable_dir` and probes.
    public init(configuration: HostConfiguration, logger: Logger, executable: String) {
        self.configuration = configuration
        self.logger = logger
        clock = MonotonicClock()
        application = Application(clock: clock, settings: configuration.interaction)
        application.diagnostics = configuration.diagnostics
        application.addObserver(HostLogObserver(logger: logger))
        let folders = PluginRegistry.resolveFolders(
            configuration.pluginFolders, configurationPath: configuration.sourcePath, executable: executable)
        plugins = PluginRegistry(
            folders: folders, probeExecutable: executable, probeTimeout: configuration.probeTimeout, logger: logger)
        injector = TouchInjector(application: application, limits: configuration.bus.limits)
        deviceInput = DeviceInput(application: application)
    }

    /// Connects every configured scene, in order. A scene whose plugin is refused is logged and skipped;
    /// the others still connect. Returns the failures.
    @discardableResult
    public func start() -> [(scene: String, error: SceneLoadError)] {
        let started = DispatchTime.now().uptimeNanoseconds
        var failures: [(String, SceneLoadError)] = []
        for scene in configuration.scenes {
            do {
                try connectScene(scene)
            } catch {
                logger.error("\(error.description)", metadata: ["scene": "\(scene.name)"])
                failures.append((scene.name, error))
            }
        }
        logger.info(
            "host ready",
            metadata: [
                "scenes": "\(application.connectedScenes.map(\.name))",
                "start.ms": "\(PluginRegistry.milliseconds(DispatchTime.now().uptimeNanoseconds - started))",
            ])
        return failures
    }

    /// Probes and loads the scene's plugin (once per plugin), then connects the scene and activates it.
    @discardableResult
    public func connectScene(_ scene: SceneConfiguration) throws(SceneLoadError) -> WindowScene {
        if application.scene(named: scene.name) != nil {
            throw .scene(ApplicationError(
                code: .duplicateSceneName,
                message: "a scene named '\(scene.name)' is already connected: choose another name or disconnect it first"))
        }
        let loaded: LoadedPlugin
        do {
            loaded = try plugins.plugin(scene.plugin, sceneName: scene.name, options: scene.options)
        } catch {
            throw .plugin(error)
        }
        let frame = scene.frame ?? nextDefaultFrame()
        let connected: WindowScene
        do {
            connected = try application.connectScene(
                named: scene.name, pluginName: loaded.name, delegate: loaded.descriptor.makeSceneDelegate(),
                options: scene.options, screenFrame: frame)
        } catch {
            throw .scene(error)
        }
        if scene.frame == nil { nextSceneX = frame.maxX + SceneHost.sceneGap }
        if scene.active { connected.activate() }
        logger.info(
            "scene connected",
            metadata: ["scene": "\(scene.name)", "plugin": "\(loaded.name)", "frame": "\(frame)", "windows": "\(connected.windows.count)"])
        return connected
    }

    /// Like ``connectScene(_:)``, but probes the plugin on a background thread so the main thread
    /// keeps serving touches and bus clients meanwhile; `completion` runs on the main actor.
    public func connectSceneInBackground(
        _ scene: SceneConfiguration, completion: @escaping @MainActor (Result<WindowScene, SceneLoadError>) -> Void
    ) {
        if application.scene(named: scene.name) != nil {
            return completion(.failure(.scene(ApplicationError(
                code: .duplicateSceneName,
                message: "a scene named '\(scene.name)' is already connected: choose another name or disconnect it first"))))
        }
        plugins.prepare(scene.plugin, sceneName: scene.name, options: scene.options) { [self] result in
            switch result {
            case .failure(let error):
                completion(.failure(.plugin(error)))
            case .success:
                do throws(SceneLoadError) {
                    completion(.success(try connectScene(scene)))
                } catch {
                    completion(.failure(error))
                }
            }
        }
    }

    private func nextDefaultFrame() -> Rect {
        Rect(origin: Point(x: nextSceneX, y: 0), size: SceneHost.defaultSceneSize)
    }

    /// Graceful shutdown: cancels live touches (views get `touchesCancelled`), then disconnects every
    /// scene. Idempotent.
    public func shutdown() {
        injector.cancelAllSlots()
        deviceInput.cancelAllFingers()
        application.cancelAllTouches()
        for scene in application.connectedScenes.reversed() {
            application.disconnect(scene)
        }
        logger.info("host stopped")
    }
}
