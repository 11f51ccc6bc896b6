import DBusKit
import Logging
import SceneBusContract
import SceneChannel
import SceneCore
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
        if let isolation = bus.host.isolation {
            isolation.observe { [weak self, weak isolation] scene, event in
                guard let player = self?.player, let isolation else { return }
                Self.tell(player, of: event, from: scene, keyScene: isolation.keyScene)
            }
        }
    }

    /// What of a scene process's report the player hears (the board's model, which the player
    /// observes itself, does not hold a scene process's responders or its remote-control reception):
    /// a change of its windows, first responders, reception or life may change the target; a
    /// remote-control event a responder of the key scene handled moves the target's playback state.
    static func tell(_ player: MediaPlayerService, of event: SceneProcessEvent, from scene: IsolatedScene, keyScene: IsolatedScene?) {
        switch event {
        case .windows, .started, .crashed, .notResponding, .responding:
            player.targetMayHaveChanged()
        case .signal(let signal) where signal.member == HostSignals.firstResponderChanged.rawValue:
            player.targetMayHaveChanged()
        case .signal(let signal) where signal.member == HostSignals.remoteControlDelivered.rawValue:
            guard scene === keyScene, signal.values.count >= 2, case .string(let name) = signal.values[0], case .string(let handler) = signal.values[1]
            else { return }
            guard !handler.isEmpty, let subtype = Event.EventSubtype(wireName: name) else { return }
            player.remoteControlWasHandled(subtype)
        case .signal, .placeholder, .frame, .busy, .clock, .output, .accessibility:
            break
        }
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        guard let player else { return done() }
        player.shutdown(flushTimeout: flushTimeout, then: done)
    }
}
