import Logging
import SceneLifecycle

/// The host's D-Bus API as a service: starts by connecting and exporting the root object (refusing to
/// run as a second host), goes live by claiming `org.scenehost.SceneHost`, and stops by leaving the
/// bus once its last signals are written (or the flush limit passed). First in the session's group:
/// it is there before the scenes connect and still there while they disconnect, so their last
/// `Touch` and activation signals go out.
@MainActor
final class BusAPIService: HostService {
    let name = "bus"
    private let host: SceneHost
    private let mode: BusMode
    private let replace: Bool
    private let flushTimeout: Duration
    private let logger: Logger
    /// The host's D-Bus service, once started.
    private(set) var bus: HostBusService?
    /// Called when another host took the name over (`--replace`).
    var onReplaced: (@MainActor () -> Void)?

    /// - Parameter replace: take the name over from a running host.
    init(host: SceneHost, mode: BusMode, replace: Bool, flushTimeout: Duration, logger: Logger) {
        self.host = host
        self.mode = mode
        self.replace = replace
        self.flushTimeout = flushTimeout
        self.logger = logger
    }

    /// - Throws: ``HostBusService/StartError`` (no bus can be reached, another host owns the name).
    func start() async throws {
        let bus = try await HostBusService.start(host: host, mode: mode, replace: replace, logger: logger)
        bus.onReplaced = { [weak self] in self?.onReplaced?() }
        self.bus = bus
    }

    /// - Throws: ``HostBusService/StartError`` when another host owns the name.
    func goLive() async throws {
        try await bus?.goLive(replace: replace)
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        guard let bus else { return done() }
        bus.shutdown(flushTimeout: flushTimeout, then: done)
    }
}
