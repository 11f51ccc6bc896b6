import SceneLifecycle
import ScenePlugins

/// Plugin crash records as a service: from start, a crash in plugin code is recorded (a plugin that
/// crashes the host twice in a row is quarantined at the next start); a clean stop, after the scenes
/// have disconnected, marks the run as ended without a crash.
@MainActor
final class CrashGuardService: HostService {
    let name = "crash-guard"
    private let plugins: PluginRegistry

    init(plugins: PluginRegistry) {
        self.plugins = plugins
    }

    func start() async throws {
        plugins.guardAgainstCrashes()
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        if cleanly { plugins.runEndedCleanly() }
        done()
    }
}
