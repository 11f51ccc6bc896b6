import Logging
import SceneBusServing
import SceneLifecycle
import SceneMedia

/// The MPRIS player as a service: it starts when the host goes live and leaves first when the host
/// stops, before the scenes disconnect (listed after them), so media clients are not told of the
/// teardown. Its own session-bus connection, when it has one, is reported in `Host1.BusStatistics`
/// as `mpris`.
@MainActor
final class MediaService: HostService {
    let name = "mpris"
    private let busAPI: BusAPIService
    private let mode: MediaPlayerMode
    private let flushTimeout: Duration
    private let logger: Logger
    private var player: MediaPlayerService?

    init(busAPI: BusAPIService, mode: MediaPlayerMode, flushTimeout: Duration, logger: Logger) {
        self.busAPI = busAPI
        self.mode = mode
        self.flushTimeout = flushTimeout
        self.logger = logger
    }

    func goLive() async throws {
        guard let bus = busAPI.bus else { return }
        player = MediaPlayerService.start(host: bus, mode: mode, logger: logger)
        bus.outputReport.add("mpris") { [weak self] in self?.player.flatMap { $0.ownsConnection ? $0.connection : nil } }
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        guard let player else { return done() }
        player.shutdown(flushTimeout: flushTimeout, then: done)
    }
}
