public import DBusKit
public import Foundation
import Glibc
public import Logging
import SceneBusServing
import SceneCore
import SceneErrors

/// The host as an MPRIS 2.2 media player, so media keys, `playerctl` and desktop media widgets send
/// remote-control events to the first responder (docs/desktop.md, "Media keys and MPRIS"; [FR-9]).
///
/// Start-up (``start(host:mode:logger:environment:)``), all on the main actor:
///
///     choose the bus ──────────────► export /org/mpris/MediaPlayer2 ──► observe the model ──► claim a name
///     the session bus (the host         org.mpris.MediaPlayer2           first responder,       org.mpris.MediaPlayer2.scenehost,
///     API's connection when it is       org.mpris.MediaPlayer2.Player    key window, remote-    else ….scenehost.instance<pid>
///     there too, else a connection                                       control reception      (another host has it)
///     of its own); no session bus:
///     the host API's (private) bus
///
/// Each MPRIS command becomes remote-control events (``MediaCommand``) delivered through
/// ``MediaPlayerHost/sendRemoteControl(_:)``, the path of `Host1.SendRemoteControl`: the same
/// `RemoteControlDelivered` signals, plugin log lines and call budget (`bus.limits.calls-per-second`).
/// The player's properties follow the model: there is something to control exactly when the
/// application receives remote-control events and its key window has a first responder
/// (``PlayerSnapshot``); `PlaybackStatus` and `Position` are what the remote-control events that
/// responder handled imply, whoever sent them (MPRIS, `Host1.SendRemoteControl`, an input script)
/// (``PlaybackState``, remembered per track, so switching back to a player restores its status).
/// Changes are announced with `PropertiesChanged`, position jumps with `Seeked`.
///
/// Choices the specification leaves open: `CanQuit`, `CanRaise` and `HasTrackList` are false (a media
/// key never stops or raises the host; `Quit` and `Raise` do nothing); `CanControl` changes with the
/// first responder and is announced like the other `Can…` (MPRIS expects it constant, but here the
/// controllable thing comes and goes); with `CanControl` false every command does nothing, as MPRIS
/// says, so nothing is delivered; `Rate`, `MinimumRate`, `MaximumRate` and `Volume` are 1.0 and
/// writes to `Rate` and `Volume` are ignored (UIKit remote control has no rate or volume);
/// `OpenUri` fails with `NotSupported`.
@MainActor
public final class MediaPlayerService {
    /// The playback state of one responder that handled a command, by its track.
    struct RememberedPlayback {
        var track: ObjectPath
        var state: PlaybackState
    }

    /// What the player uses of the host.
    let host: any MediaPlayerHost
    /// The connection the player is served on: the host API's, or one of its own to the session bus.
    public let connection: BusConnection
    /// Whether ``connection`` is the player's own (closed at shutdown) rather than the host API's.
    public let ownsConnection: Bool
    let logger: Logger
    /// The input policy for the player's commands (asked of the player's own bus).
    let gate: InputGate
    let mode: MediaPlayerMode
    /// The address of the bus the player is on.
    public let busAddress: String
    /// The well-known name owned, once claimed: `org.mpris.MediaPlayer2.scenehost` or its
    /// `.instance<pid>` form.
    public private(set) var busName: BusName?
    /// What clients were last told (``refresh()`` compares with it).
    var published = PlayerSnapshot.idle
    /// Playback states of recent responders, oldest first (at most ``rememberedLimit``).
    var remembered: [RememberedPlayback] = []
    var emitFailureLogged = false
    private(set) var isShutDown = false
    private var registration: ObjectRegistration?
    private var departures: MatchSubscription?

    /// How many responders' playback states are remembered.
    static let rememberedLimit = 32

    private init(
        host: any MediaPlayerHost, connection: BusConnection, address: String, ownsConnection: Bool, mode: MediaPlayerMode, logger: Logger
    ) {
        self.host = host
        self.connection = connection
        self.busAddress = address
        self.ownsConnection = ownsConnection
        self.mode = mode
        self.logger = logger
        gate = InputGate(policy: host.inputPolicy, logger: logger)
    }

    /// Starts the player unless `mode` is ``MediaPlayerMode/off``, and returns once the object is
    /// exported; the name is claimed as the main loop runs (logged `on MPRIS as <name>`).
    ///
    /// - Parameters:
    ///   - host: the host API's side: its connection is used when it is on the session bus (or when
    ///     there is no session bus), its delivery path and call budget always.
    ///   - mode: `auto` and `on` start the player (a failure is logged at info for `auto`, as a
    ///     warning for `on`); `off` returns nil.
    ///   - environment: where `DBUS_SESSION_BUS_ADDRESS` is read.
    /// - Returns: The player (keep it to ``shutdown(flushTimeout:then:)``), or nil for `off` or when it could not be exported.
    public static func start(
        host: any MediaPlayerHost, mode: MediaPlayerMode, logger: Logger,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> MediaPlayerService? {
        var logger = logger
        logger[metadataKey: "topic"] = "mpris"
        guard mode != .off else {
            logger.debug("MPRIS is off (configuration)")
            return nil
        }
        let (connection, address, owned) = chooseConnection(host: host, mode: mode, logger: logger, environment: environment)
        let service = MediaPlayerService(host: host, connection: connection, address: address, ownsConnection: owned, mode: mode, logger: logger)
        if owned { BusOutputReport.logBackpressure(of: connection, place: "the session bus at \(address) (MPRIS)", logger: logger) }
        do {
            service.registration = try connection.export([service.rootInterface(), service.playerInterface()], at: MediaPlayerNames.objectPath)
        } catch {
            service.report(
                MediaPlayerError(code: .exportFailed, message: "cannot export \(MediaPlayerNames.objectPath) on the bus at \(address): \(error)"))
            if owned { connection.close() }
            return nil
        }
        service.host.application.addObserver(service)
        service.published = service.snapshot()
        if owned {
            connection.disconnectHandler = { [weak service] _ in
                service?.logger.warning("the session bus went away; MPRIS is off until scene-host restarts")
                service?.shutdown()
            }
        }
        Task { @MainActor in
            if owned { await service.followDepartures() }
            await service.claimName()
        }
        return service
    }

    /// The session bus when there is one: the host API's connection when that is already on it,
    /// otherwise a connection of the player's own. Without a session bus (or when it cannot be
    /// reached), the host API's connection.
    private static func chooseConnection(
        host: any MediaPlayerHost, mode: MediaPlayerMode, logger: Logger, environment: [String: String]
    ) -> (BusConnection, String, Bool) {
        guard let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty, session != host.apiAddress else {
            return (host.apiConnection, host.apiAddress, false)
        }
        do {
            return (try BusConnection.connectBlocking(to: .address(session), watches: host.descriptorWatches), session, true)
        } catch {
            let problem = MediaPlayerError(
                code: .connectionFailed,
                message: "cannot reach the session bus at \(session) (DBUS_SESSION_BUS_ADDRESS): \(error); "
                    + "the MPRIS player goes on the host's bus at \(host.apiAddress), where desktop media keys do not look")
            if mode == .on { logger.warning("\(problem.message)") } else { logger.info("\(problem.message)") }
            return (host.apiConnection, host.apiAddress, false)
        }
    }

    /// Owns `org.mpris.MediaPlayer2.scenehost`, or `….instance<pid>` when another host owns that.
    private func claimName() async {
        let candidates = [MediaPlayerNames.busName, MediaPlayerNames.instanceName(processID: getpid())]
        for name in candidates {
            guard !isShutDown else { return }
            let reply: RequestNameReply
            do {
                reply = try await connection.requestName(name, options: [.doNotQueue])
            } catch {
                report(MediaPlayerError(code: .nameUnavailable, message: "cannot request \(name) on the bus at \(busAddress): \(error)"))
                return
            }
            switch reply {
            case .primaryOwner, .alreadyOwner:
                busName = name
                let player = name.rawValue.dropFirst(MediaPlayerNames.rootInterface.rawValue.count + 1)
                logger.info(
                    "on MPRIS as \(name) (playerctl -p \(player))",
                    metadata: ["bus.address": "\(busAddress)", "bus.unique": "\(connection.uniqueName.map(\.rawValue) ?? "?")"])
                return
            case .exists, .inQueue:
                logger.debug("\(name) is owned by another client (another scene-host?)")
            }
        }
        report(
            MediaPlayerError(
                code: .nameUnavailable,
                message: "\(candidates.map(\.rawValue).joined(separator: " and ")) are both owned by other clients on the bus at \(busAddress)"))
    }

    /// Forgets the call budget of clients that leave the player's own bus (the host API's bus is
    /// followed by the host API).
    private func followDepartures() async {
        let rule = MatchRule.signal(sender: .bus, interface: .bus, member: "NameOwnerChanged")
        departures = try? await connection.addMatch(rule) { [weak self] message in
            let arguments = message.arguments
            guard let self, arguments.count == 3, let name = arguments[0].stringValue, name.hasPrefix(":"),
                arguments[2].stringValue == ""
            else { return }
            self.host.clientLeft(budgetKey: self.budgetKey(for: name))
        }
    }

    /// Logs a start-up problem once: at info for `auto`, as a warning for `on`.
    private func report(_ error: MediaPlayerError) {
        if mode == .on {
            logger.warning("\(error.message); MPRIS stays off")
        } else {
            logger.info("\(error.message); MPRIS stays off")
        }
    }

    /// Leaves MPRIS: stops observing the model, unexports the object and gives the name back (closing
    /// its own connection, if it has one, once what it sent is written or `flushTimeout` passed,
    /// without blocking). `done` runs when that is finished. Calling it again does nothing but `done`.
    public func shutdown(flushTimeout: Duration = .seconds(2), then done: @escaping @MainActor () -> Void = {}) {
        guard !isShutDown else {
            done()
            return
        }
        isShutDown = true
        host.application.removeObserver(self)
        departures?.cancel()
        gate.stop()
        registration?.unexport()
        registration = nil
        if ownsConnection {
            connection.close(flushingWithin: flushTimeout, then: done)
            busName = nil
            return
        } else if let busName {
            // The host API keeps the connection: give the name back without waiting for the answer.
            let release = BusMessage.methodCall(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ReleaseName")
            release.noReplyExpected = true
            if (try? release.append([.string(busName.rawValue)])) != nil {
                _ = try? connection.send(release)
            }
        }
        busName = nil
        done()
    }

    // MARK: The target

    /// The track of the responder remote-control events would start at (``MediaPlayerHost/remoteControlTarget``).
    func currentTarget() -> MediaTrack? {
        host.remoteControlTarget.map { MediaTrack(windowNumber: $0.windowNumber, reference: $0.reference) }
    }

    /// What clients see now.
    func snapshot() -> PlayerSnapshot {
        guard let track = currentTarget() else { return .idle }
        return PlayerSnapshot(track: track, status: playbackState(of: track).status)
    }

    /// The playback state of `track`'s responder (a new, stopped one when it never handled a command).
    func playbackState(of track: MediaTrack) -> PlaybackState {
        remembered.last { $0.track == track.identifier }?.state ?? PlaybackState()
    }

    /// Remembers `state` for `track`'s responder, forgetting the oldest beyond ``rememberedLimit``.
    func store(_ state: PlaybackState, for track: MediaTrack) {
        remembered.removeAll { $0.track == track.identifier }
        remembered.append(RememberedPlayback(track: track.identifier, state: state))
        if remembered.count > Self.rememberedLimit {
            remembered.removeFirst(remembered.count - Self.rememberedLimit)
        }
    }

    /// The call-budget key of bus client `sender`: its unique name on the host API's bus, prefixed
    /// on the player's own bus (unique names of two buses can coincide).
    func budgetKey(for sender: String) -> String {
        ownsConnection ? "mpris-session:" + sender : sender
    }
}
