import Logging
import SceneAccessibility
import SceneBusServing
import SceneLifecycle

/// The AT-SPI2 bridge as a service: it joins when the host goes live (after the name is claimed, so
/// assistive tools find the scenes) and leaves after the scenes have disconnected (it is listed
/// before them), so tools hear the key window go. Its connection is reported in `Host1.BusStatistics`
/// as `accessibility`.
@MainActor
final class AccessibilityService: HostService {
    let name = "accessibility"
    private let host: SceneHost
    private let busAPI: BusAPIService
    private let mode: AccessibilityMode
    private let flushTimeout: Duration
    private let logger: Logger
    private var bridge: AccessibilityBridge?
    /// The scene processes' objects, forwarded through the bridge (`isolation: process`).
    private var isolated: IsolatedAccessibility?

    init(host: SceneHost, busAPI: BusAPIService, mode: AccessibilityMode, flushTimeout: Duration, logger: Logger) {
        self.host = host
        self.busAPI = busAPI
        self.mode = mode
        self.flushTimeout = flushTimeout
        self.logger = logger
    }

    func goLive() async throws {
        bridge = AccessibilityBridge.start(
            application: host.application, inputPolicy: host.configuration.input,
            desktopOffset: { [weak host] scene in host?.desktop?.desktopOffset(of: scene) }, mode: mode, logger: logger,
            watches: host.watches)
        if let bridge, let isolation = host.isolation {
            isolated = IsolatedAccessibility(
                bridge: bridge, isolation: isolation, application: host.application, policy: host.configuration.input,
                desktopOffset: { [weak host] scene in host?.desktop?.desktopOffset(of: scene) }, logger: logger)
        }
        busAPI.bus?.outputReport.add("accessibility") { [weak self] in self?.bridge?.connection }
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        guard let bridge else { return done() }
        bridge.shutdown(flushTimeout: flushTimeout, then: done)
    }
}
