import Foundation
import SceneChannel
import SceneProcesses
public import Logging
public import SceneCore
public import ScenePlugins
public import SceneRender
public import SceneLoop

/// The running host: one ``Application`` on the configured clock (``MonotonicClock`` or
/// ``VirtualClock``), the plugins it loaded, the scenes it connected, the ``TouchInjector`` scripted
/// input goes through, and the pending-work list that says when it is idle.
///
/// Everything runs on the main actor, driven by the main run loop (``MainLoop``). The host is passed
/// to whatever needs it (bus objects, accessibility bridge); there is no shared instance.
@MainActor
public final class SceneHost {
    public let configuration: HostConfiguration
    public let application: Application
    public let clock: any HostClock
    public let plugins: PluginRegistry
    public let injector: TouchInjector
    /// Device input (a desktop window's fingers, keys, text and focus, or their replay).
    public let deviceInput: DeviceInput
    /// The desktop display, when scenes are shown in desktop windows. Weak: whoever starts the display
    /// owns it (the session); the display holds the application, the device input and the pending-work
    /// list, never the host.
    public internal(set) weak var desktop: DesktopDisplay?
    /// Scripted input runs in flight, of every injector (the host's and each bus client's).
    public let scripts = ScriptRunList()
    /// What the host still has to do: SceneCore's pending work, clock timers, scripted input and
    /// owed redraws; other parts of the host register their own sources (a display's queue).
    public let pendingWork: PendingWorkRegistry
    /// Matches selectors against the live trees (`Host1.Find`, `Host1.TapMatching`).
    public let selectors = SelectorMatcher()
    public let logger: Logger
    /// Pixels of the windows, scenes and screen, drawn only when someone asks (snapshots).
    public let renderer = Renderer()
    /// The scenes in processes of their own, with `isolation: process`; nil with `isolation: none`.
    let isolation: SceneIsolation?
    /// The running binary: what scene processes and plugin probes run as.
    let executable: String

    /// Serves the descriptors of the host's bus connections and scene channels on the main thread
    /// (the main loop in `scene-host`).
    public let watches: any DescriptorWatching

    /// Horizontal gap between scenes laid out by default.
    public static let sceneGap = 10.0

    /// - Parameters:
    ///   - executable: the path of the running binary, used for `@executable_dir` and probes.
    ///   - watches: reads the scene processes' channels: the main loop that runs the host
    ///     (`scene-host`'s ``EventLoop``), or a libdispatch source per channel where another loop runs
    ///     the main thread (a test's).
    public init(
        configuration: HostConfiguration, logger: Logger, executable: String,
        watches: any DescriptorWatching = DispatchDescriptorWatches()
    ) {
        self.configuration = configuration
        self.logger = logger
        self.watches = watches
        let clock: any HostClock =
            switch configuration.clock {
            case .real: MonotonicClock()
            case .virtual: VirtualClock()
            }
        self.clock = clock
        self.executable = executable
        application = Application(clock: clock, settings: configuration.interaction)
        application.textMeasurer = TextMeasurer()  // labels' intrinsic sizes as the renderer lays text out [LY-6]
        application.diagnostics = configuration.diagnostics
        application.addObserver(HostLogObserver(logger: logger))
        let folders = PluginSearchPath.folders(
            configured: configuration.pluginFolders, configurationPath: configuration.sourcePath, executable: executable,
            environment: ProcessInfo.processInfo.environment)
        plugins = PluginRegistry(
            folders: folders, probeExecutable: executable, probeTimeout: configuration.probeTimeout,
            allowInsecure: configuration.allowInsecurePlugins, diagnoseCrashes: configuration.diagnostics.contains(.plugins),
            cachePath: XDGFolders.cache(environment: ProcessInfo.processInfo.environment) + "/scenehost/plugin-probes.json",
            stateFolder: XDGFolders.state(environment: ProcessInfo.processInfo.environment) + "/scenehost", logger: logger)
        plugins.absorbCrashRecord()
        injector = TouchInjector(application: application, limits: configuration.bus.limits, scripts: scripts)
        deviceInput = DeviceInput(application: application)
        pendingWork = PendingWorkRegistry(application: application, clock: clock)
        pendingWork.register(ModelWorkSource(application: application))
        pendingWork.register(ClockTimerSource(clock: clock))
        pendingWork.register(scripts)
        pendingWork.register(RedrawSource(renderer: renderer))
        isolation =
            configuration.isolation.mode == .process
            ? SceneIsolation(settings: configuration.isolation, application: application, pendingWork: pendingWork, diagnostics: configuration.diagnostics,
                watches: watches, logger: logger) : nil
        deviceInput.isolation = isolation
        logger.info(
            "configuration read",
            metadata: [
                "config": "\(configuration.sourcePath.isEmpty ? "<embedded default>" : configuration.sourcePath)",
                "plugins.search-path": "\(folders.joined(separator: ":"))",
            ])
    }

    /// Connects every configured scene, in configuration order, once their plugins are probed and
    /// loaded: the probes run in child processes on background queues (several at once), so the main
    /// thread keeps serving meanwhile. A scene whose plugin is refused is logged and skipped; the
    /// others still connect. `completion` runs on the main actor with the failures.
    public func start(completion: @escaping @MainActor ([(scene: String, error: SceneLoadError)]) -> Void = { _ in }) {
        if let isolation { return startIsolated(isolation, completion: completion) }
        let started = DispatchTime.now().uptimeNanoseconds
        let scenes = configuration.scenes
        var outcomes = [Result<LoadedPlugin, SceneLoadError>?](repeating: nil, count: scenes.count)
        var remaining = scenes.count
        let finish: @MainActor () -> Void = { [self] in
            var failures: [(scene: String, error: SceneLoadError)] = []
            for (scene, outcome) in zip(scenes, outcomes) {
                do throws(SceneLoadError) {
                    guard let outcome else { continue }
                    try connect(scene, plugin: outcome.get())
                } catch {
                    logger.error("\(error.description)", metadata: ["scene": "\(scene.name)"])
                    failures.append((scene.name, error))
                }
            }
            logger.info(
                "scenes connected",
                metadata: [
                    "scenes": "\(application.connectedScenes.map(\.name))",
                    "start.ms": "\(PluginRegistry.milliseconds(DispatchTime.now().uptimeNanoseconds - started))",
                ])
            completion(failures)
        }
        guard !scenes.isEmpty else { return finish() }
        for (index, scene) in scenes.enumerated() {
            plugins.prepare(scene.plugin, sceneName: scene.name, options: scene.options) { result in
                outcomes[index] = result.mapError { SceneLoadError.plugin($0) }
                remaining -= 1
                if remaining == 0 { finish() }
            }
        }
    }

    /// `isolation: process`: starts a scene process for every configured scene whose plugin file is
    /// found and passes its checks (the scene process is the probe: it runs the plugin confined,
    /// and its crash is its own). `completion` runs once every scene process has listed its windows
    /// or ended, with the scenes refused before a process started.
    private func startIsolated(_ isolation: SceneIsolation, completion: @escaping @MainActor ([(scene: String, error: SceneLoadError)]) -> Void) {
        let started = DispatchTime.now().uptimeNanoseconds
        let environment = ProcessInfo.processInfo.environment
        if SceneIsolation.sandboxes(configuration.isolation.sandbox) {
            logger.info("scene processes are confined (Landlock ABI \(SceneSandbox.landlockABI) and seccomp)")
        } else if configuration.isolation.sandbox != .off {
            logger.warning("this kernel has no Landlock: scene processes run unconfined (isolation.sandbox: \(configuration.isolation.sandbox.rawValue))")
        }
        var failures: [(scene: String, error: SceneLoadError)] = []
        var taken: [Rect] = []
        for scene in configuration.scenes {
            do throws(SceneLoadError) {
                try checkName(scene.name)
                if isolation.scene(named: scene.name) != nil {
                    throw .scene(ApplicationError(code: .duplicateSceneName, message: "a scene named '\(scene.name)' is configured twice: give each scene its own name"))
                }
                let file: PluginFile
                do throws(PluginLoadError) {
                    file = try plugins.locate(scene.plugin)
                } catch {
                    throw .plugin(error)
                }
                let frame = scene.frame ?? Self.defaultFrame(size: scene.startingSize, taken: taken)
                taken.append(frame)
                isolation.start(scene, pluginPath: file.path, frame: frame, executable: executable, environment: environment, desktop: desktop != nil)
            } catch {
                logger.error("\(error.description)", metadata: ["scene": "\(scene.name)"])
                failures.append((scene.name, error))
            }
        }
        isolation.whenStarted { [self] in
            // Scenes whose process could not load the plugin are refused as the host refuses one; a
            // scene whose process ended before it listed its windows (it crashed creating the scene:
            // the host's probe would have refused it) did not start either, and restarts meanwhile.
            for isolated in isolation.scenes {
                if let standIn = isolated.scene { Self.logConnected(isolated, standIn: standIn, logger: logger) }
            }
            for isolated in isolation.scenes where isolated.scene == nil {
                if let refusal = Self.refusal(of: isolated) {
                    failures.append((isolated.name, .plugin(refusal)))
                } else if case .crashed(let exit, _) = isolated.state {
                    failures.append((
                        isolated.name,
                        .plugin(PluginLoadError(
                            code: .probeCrashed, plugin: isolated.configuration.plugin,
                            message: "its scene process ended before it listed its windows (\(exit))"))
                    ))
                }
            }
            logger.info(
                "scenes connected",
                metadata: [
                    "scenes": "\(application.connectedScenes.map(\.name))", "isolation": "process",
                    "start.ms": "\(PluginRegistry.milliseconds(DispatchTime.now().uptimeNanoseconds - started))",
                ])
            completion(failures)
        }
    }

    /// Probes (in a child process, off the main thread) and loads the scene's plugin unless it is
    /// loaded already, then connects the scene and activates it; `completion` runs on the main actor.
    /// A malformed or taken scene name is refused before any probe starts.
    public func connectScene(
        _ scene: SceneConfiguration, completion: @escaping @MainActor (Result<WindowScene, SceneLoadError>) -> Void
    ) {
        do throws(SceneLoadError) {
            try checkName(scene.name)
        } catch {
            return completion(.failure(error))
        }
        if let isolation { return connectIsolated(scene, isolation: isolation, completion: completion) }
        plugins.prepare(scene.plugin, sceneName: scene.name, options: scene.options) { [self] result in
            completion(Result { () throws(SceneLoadError) -> WindowScene in
                try connect(scene, plugin: result.mapError { SceneLoadError.plugin($0) }.get())
            })
        }
    }

    /// `isolation: process`: starts a scene process for `scene` (its plugin located and checked as a
    /// configured scene's) and answers once its stand-in connected, or with the plugin refused when
    /// the process ended before it listed its windows (the scene is then removed: nothing is left of
    /// it, as of a plugin whose probe crashed).
    private func connectIsolated(
        _ scene: SceneConfiguration, isolation: SceneIsolation, completion: @escaping @MainActor (Result<WindowScene, SceneLoadError>) -> Void
    ) {
        guard isolation.scene(named: scene.name) == nil else {
            return completion(.failure(.scene(ApplicationError(
                code: .duplicateSceneName, message: "a scene named '\(scene.name)' is starting in a process of its own: choose another name or disconnect it first"))))
        }
        let file: PluginFile
        do throws(PluginLoadError) {
            file = try plugins.locate(scene.plugin)
        } catch {
            return completion(.failure(.plugin(error)))
        }
        let frame = scene.frame ?? nextDefaultFrame(size: scene.startingSize)
        let started = isolation.start(
            scene, pluginPath: file.path, frame: frame, executable: executable, environment: ProcessInfo.processInfo.environment, desktop: desktop != nil)
        isolation.whenStarted(started) { [logger] isolated in
            if let standIn = isolated.scene {
                Self.logConnected(isolated, standIn: standIn, logger: logger)
                return completion(.success(standIn))
            }
            let error: PluginLoadError
            if let refusal = Self.refusal(of: isolated) {
                error = refusal  // logged by the isolation as the scene process ended
            } else {
                let ending: String
                switch isolated.state {
                case .crashed(let exit, _): ending = "its scene process ended before it listed its windows (\(exit))"
                case .starting, .running, .notResponding: ending = "its scene was disconnected before it listed its windows"
                }
                error = PluginLoadError(code: .probeCrashed, plugin: scene.plugin, message: ending)
                logger.error("\(error.description)", metadata: ["scene": "\(scene.name)"])
            }
            isolation.remove(isolated)
            completion(.failure(.plugin(error)))
        }
    }

    /// The line a scene in the host logs as it connects, for a scene process's stand-in.
    static func logConnected(_ isolated: IsolatedScene, standIn: WindowScene, logger: Logger) {
        logger.info(
            "scene connected",
            metadata: [
                "scene": "\(isolated.name)", "plugin": "\(isolated.pluginName)", "frame": "\(standIn.screenFrame)",
                "windows": "\(standIn.windows.count)", "pid": "\(isolated.process.processID.map(String.init) ?? "-")",
            ])
    }

    /// The loader's refusal a scene process reported before it ended, as the host's own loader would
    /// have refused the plugin (its code, plugin and message); nil for a scene that was not refused.
    static func refusal(of isolated: IsolatedScene) -> PluginLoadError? {
        guard case .crashed(.refused, _) = isolated.state, let refusal = isolated.process.refusal else { return nil }
        return PluginLoadError(code: PluginLoadError.Code(named: refusal.code) ?? .loadFailed, plugin: isolated.configuration.plugin, message: refusal.message)
    }

    private func checkName(_ name: String) throws(SceneLoadError) {
        do throws(ApplicationError) {
            try Application.validateSceneName(name)
        } catch {
            throw .scene(error)
        }
        if application.scene(named: name) != nil {
            throw .scene(ApplicationError(
                code: .duplicateSceneName,
                message: "a scene named '\(name)' is already connected: choose another name or disconnect it first"))
        }
    }

    /// Connects `scene` with its loaded plugin and activates it.
    @discardableResult
    private func connect(_ scene: SceneConfiguration, plugin loaded: LoadedPlugin) throws(SceneLoadError) -> WindowScene {
        try checkName(scene.name)
        let frame = scene.frame ?? nextDefaultFrame(size: scene.startingSize)
        let connected: WindowScene
        do {
            connected = try application.connectScene(
                named: scene.name, pluginName: loaded.name, delegate: loaded.descriptor.makeSceneDelegate(),
                options: scene.options, screenFrame: frame, sizeRestrictions: scene.sizeRestrictions ?? .none)
        } catch {
            throw .scene(error)
        }
        if scene.active { connected.activate() }
        logger.info(
            "scene connected",
            metadata: ["scene": "\(scene.name)", "plugin": "\(loaded.name)", "frame": "\(frame)", "windows": "\(connected.windows.count)"])
        return connected
    }

    /// The default screen area of a new scene of `size`: the leftmost place on the row at y = 0, at
    /// or after x = 0 and on the ``sceneGap`` grid of the scenes there, where it overlaps no connected
    /// scene. A disconnected scene's place is reused, so connecting and disconnecting never drifts right.
    func nextDefaultFrame(size: Size = SceneConfiguration.defaultSize) -> Rect {
        Self.defaultFrame(size: size, taken: application.connectedScenes.map(\.screenFrame))
    }

    /// ``nextDefaultFrame(size:)`` beside the screen areas `taken`.
    static func defaultFrame(size: Size, taken: [Rect]) -> Rect {
        let candidates = ([0] + taken.map { $0.maxX + SceneHost.sceneGap }).filter { $0 >= 0 }.sorted()
        for x in candidates {
            let frame = Rect(origin: Point(x: x, y: 0), size: size)
            let padded = Rect(x: x - SceneHost.sceneGap / 2, y: 0, width: size.width + SceneHost.sceneGap, height: size.height)
            if !taken.contains(where: { $0.intersects(padded) }) { return frame }
        }
        return Rect(origin: Point(x: candidates.last ?? 0, y: 0), size: size)
    }

    /// The first step of the host's stop, before any service stops: scene processes cancel their
    /// live touches and disconnect their scenes while the bus still publishes it, then `done` runs
    /// (at once without scene processes; after at most ``stopAllowance`` seconds of real time when a
    /// process does not answer).
    public func stopScenes(then done: @escaping @MainActor () -> Void) {
        guard let isolation else { return done() }
        isolation.stopScenes(within: Self.stopAllowance, then: done)
    }

    /// How long a stopping host waits for its scene processes to cancel their touches and disconnect.
    static let stopAllowance = 2.0

    /// Graceful shutdown: cancels live touches (views get `touchesCancelled`), then disconnects every
    /// scene; ends the scene processes. Idempotent.
    public func shutdown() {
        isolation?.stop()
        injector.cancelAllSlots()
        deviceInput.cancelAllFingers()
        application.cancelAllTouches()
        for scene in application.connectedScenes.reversed() {
            application.disconnect(scene)
        }
        logger.info("host stopped")
    }
}
