import DBusKit
import Foundation
import Glibc
import SceneBusContract
import SceneProcesses
import TestProcesses
import Testing

/// MPRIS names the tests use.
enum Mpris {
    static let busName: BusName = "org.mpris.MediaPlayer2.scenehost"
    static let path: ObjectPath = "/org/mpris/MediaPlayer2"
    static let root: InterfaceName = "org.mpris.MediaPlayer2"
    static let player: InterfaceName = "org.mpris.MediaPlayer2.Player"
    /// The player's track id while the GestureLab player (window 2) is the first responder.
    static let playerTrack: ObjectPath = "/org/scenehost/SceneHost/track/2_player"
    /// The GestureLab player, in its window's points (the `player` view spans 200…370 × 380…500).
    static let playerPoint: [BusValue] = [.double(280), .double(440), .uint32(1)]
}

/// `playerctl`, the MPRIS command-line client (Debian package `playerctl`, which
/// `scripts/install-deps` installs).
enum Playerctl {
    static let path = "/usr/bin/playerctl"

    /// Fails the test with the fix when playerctl is missing (CI installs it, so this is a failure,
    /// not a skip).
    static func require() throws {
        guard access(path, X_OK) == 0 else {
            throw MissingTool(description: "\(path) is missing: run scripts/install-deps (it installs the Debian package playerctl)")
        }
    }

    struct MissingTool: Error, CustomStringConvertible {
        let description: String
    }

    /// One finished `playerctl` run.
    struct Outcome: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var output: String { stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        var description: String { "playerctl exited \(status); stdout: \(stdout.debugDescription); stderr: \(stderr.debugDescription)" }
    }

    /// Runs `playerctl arguments` with `DBUS_SESSION_BUS_ADDRESS=address` (an ``ExternalProcess``,
    /// waited for without blocking the main actor), and waits up to `timeout` seconds (then kills it).
    static func run(_ arguments: [String], bus address: String, timeout: Double = 30) async throws -> Outcome {
        try require()
        var environment = headlessEnvironment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["DISPLAY"] = nil
        let outcome = try await ExternalProcess([path] + arguments, environment: environment).finish(timeout: timeout)
        guard let status = outcome.status else {
            throw TimedOut(description: "playerctl \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
        }
        return Outcome(status: status, stdout: outcome.stdout, stderr: outcome.stderr)
    }
}

/// A bus (a private `dbus-daemon` standing in for the session bus) with a real scene-host on it, and
/// a DBusKit client recording the host's `Host1` signals and the MPRIS player's signals.
@MainActor
final class MprisSession {
    let daemon: BusDaemon
    let host: HostProcess
    let connection: BusConnection
    /// `Host1` signals, in order.
    private(set) var hostSignals: [HostSignal] = []
    /// `PropertiesChanged` of `org.mpris.MediaPlayer2.Player`: the changed properties, one dictionary per signal.
    private(set) var propertyChanges: [[String: BusValue]] = []
    /// `Seeked` positions.
    private(set) var seeks: [Int64] = []
    private var subscriptions: [MatchSubscription] = []

    /// Starts a daemon and scene-host (the embedded default, with `arguments`) on it as its session
    /// bus, and waits until the host owns an MPRIS name (`fragment` of its log line).
    init(arguments: [String] = [], daemon: BusDaemon? = nil, waitingFor fragment: String = "on MPRIS as \(Mpris.busName.rawValue) ") async throws {
        let started: BusDaemon
        if let daemon { started = daemon } else { started = try await offPool { try BusDaemon() } }
        let daemon = started
        self.daemon = daemon
        host = try HostProcess(arguments: arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        connection = try await BusConnection.connect(to: .address(daemon.address))
        guard await host.line(containing: fragment) else {
            throw TimedOut(description: "scene-host never logged '\(fragment)'; its log:\n\(host.log.joined(separator: "\n"))")
        }
    }

    /// The host's arguments for `isolation` (`none` or `process`), named even for `none`, so that the
    /// tests do not depend on the default.
    static func isolation(_ mode: String) -> [String] {
        ["--isolation", mode]
    }

    /// Records the host's `Host1` signals and the player's `PropertiesChanged` and `Seeked`.
    func listen() async throws {
        subscriptions.append(
            try await connection.addMatch(.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)) { [weak self] message in
                self?.hostSignals.append(HostSignal(member: message.member?.rawValue ?? "", arguments: message.arguments))
            })
        subscriptions.append(
            try await connection.addMatch(.signal(interface: .properties, member: "PropertiesChanged", path: Mpris.path)) { [weak self] message in
                let arguments = message.arguments
                guard arguments.first?.stringValue == Mpris.player.rawValue else { return }
                var changed: [String: BusValue] = [:]
                for entry in arguments[1].dictionaryEntries ?? [] {
                    if let key = entry.key.stringValue { changed[key] = entry.value.variantValue ?? entry.value }
                }
                self?.propertyChanges.append(changed)
            })
        subscriptions.append(
            try await connection.addMatch(.signal(interface: Mpris.player, member: "Seeked", path: Mpris.path)) { [weak self] message in
                if let position = message.arguments.first?.int64Value { self?.seeks.append(position) }
            })
    }

    /// `RemoteControlDelivered` signals as `subtype handledBy` pairs.
    var deliveries: [[String]] {
        hostSignals.filter { $0.member == "RemoteControlDelivered" }.map { [$0.string(1), $0.string(2)] }
    }

    /// The values `property` took in `PropertiesChanged`, in order.
    func changes(of property: String) -> [BusValue] {
        propertyChanges.compactMap { $0[property] }
    }

    /// Calls `member` on `destination`.
    func call(
        _ destination: BusName, _ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = []
    ) async throws -> [BusValue] {
        try await connection.call(
            destination: destination, path: path, interface: interface, member: member, arguments: arguments, timeout: .seconds(60)
        ).arguments
    }

    /// A property of the player object (`org.mpris.MediaPlayer2` or `.Player`).
    func property(_ name: String, of interface: InterfaceName = Mpris.player, on destination: BusName = Mpris.busName) async throws -> BusValue {
        let reply = try await call(destination, Mpris.path, .properties, "Get", [.string(interface.rawValue), .string(name)])
        return reply[0].variantValue ?? reply[0]
    }

    /// The D-Bus error name of a call to the player, or nil when it succeeds.
    func errorName(_ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = []) async -> String? {
        do {
            _ = try await call(Mpris.busName, Mpris.path, interface, member, arguments)
            return nil
        } catch let error as BusError {
            return error.name.rawValue
        } catch {
            return "\(error)"
        }
    }

    /// Taps the GestureLab player through `Window1.Tap` (which answers once the tap was delivered):
    /// its scene comes to the front, so its window becomes the application's key window with the
    /// player as first responder.
    func tapPlayer() async throws {
        let hit = try await call(SceneBusContract.busName, SceneBusContract.windowPath(DemoWindow.gesturelab), SceneBusContract.windowInterface, "Tap", Mpris.playerPoint)
        #expect(hit == [.string("player")])
    }

    /// `playerctl arguments` against this bus.
    func playerctl(_ arguments: String...) async throws -> Playerctl.Outcome {
        try await Playerctl.run(arguments, bus: daemon.address)
    }

    /// The well-known names on the bus that start with `prefix`.
    func names(startingWith prefix: String) async throws -> [String] {
        let reply = try await connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames", timeout: .seconds(60))
        return (reply.arguments.first?.arrayElements ?? []).compactMap(\.stringValue).filter { $0.hasPrefix(prefix) }.sorted()
    }

    func close() {
        for subscription in subscriptions { subscription.cancel() }
        connection.close()
    }
}
