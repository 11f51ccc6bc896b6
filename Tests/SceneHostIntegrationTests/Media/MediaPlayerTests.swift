import DBusKit
import Foundation
import Glibc
import SceneBusContract
import SceneMedia
import SceneProcesses
import TestProcesses
import Testing

/// The real scene-host as an MPRIS player on a private `dbus-daemon` standing in for the session bus,
/// driven by real `playerctl` and by DBusKit calls, with the host's `RemoteControlDelivered` signals,
/// the player's `PropertiesChanged` and `Seeked` recorded. At start the application's key window is
/// the Gallery alert, which has no first responder; tapping the GestureLab player makes GestureLab's
/// window key with the player as its first responder. The player's tests run twice: with every
/// scene in the host, and with each in a process of its own (`isolation: process`), where the board
/// knows the key scene's first responder and remote-control reception from its process.
@MainActor
@Suite("MPRIS player of the real scene-host, driven by playerctl", .serialized)
struct MediaPlayerTests {
    private static let capabilities = ["CanControl", "CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"]

    @Test("Before the player is first responder nothing can be controlled: every Can… is false, playerctl finds no player to handle play-pause, and nothing is delivered; tapping the player turns them on with PropertiesChanged", arguments: ["none", "process"])
    func controlFollowsTheFirstResponder(isolation: String) async throws {
        let session = try await MprisSession(arguments: MprisSession.isolation(isolation))
        defer { session.close() }
        try await session.listen()
        for name in Self.capabilities {
            #expect(try await session.property(name) == .bool(false), "\(name)")
        }
        #expect(try await session.property("PlaybackStatus") == .string("Stopped"))
        #expect(try await session.property("Metadata").dictionaryEntries?.isEmpty == true)
        let refused = try await session.playerctl("-p", "scenehost", "play-pause")
        #expect(refused.status != 0 && refused.stderr.contains("No player could handle this command"), "\(refused)")
        // MPRIS: with CanControl false a command does nothing (and is no error).
        _ = try await session.call(Mpris.busName, Mpris.path, Mpris.player, "Next")
        #expect(try await session.playerctl("-p", "scenehost", "status").output == "Stopped")

        try await session.tapPlayer()
        try await eventually("CanControl true in PropertiesChanged") { session.changes(of: "CanControl") == [.bool(true)] }
        let announced = try #require(session.propertyChanges.last)
        #expect(Set(announced.keys) == Set(Self.capabilities + ["Metadata"]))
        #expect(Self.capabilities.allSatisfy { announced[$0] == .bool(true) })
        #expect(announced["Metadata"]?["mpris:trackid"] == .objectPath(Mpris.playerTrack))
        #expect(announced["Metadata"]?["xesam:title"] == .string("player"))
        // Signals arrive in order: a delivery before the tap would have arrived before its PropertiesChanged.
        #expect(session.deliveries.isEmpty)
        for name in Self.capabilities {
            #expect(try await session.property(name) == .bool(true), "\(name)")
        }
        let trackID = try await session.playerctl("-p", "scenehost", "metadata", "mpris:trackid")
        #expect(trackID.output == "'\(Mpris.playerTrack.rawValue)'", "\(trackID)")
    }

    @Test("playerctl play-pause and next reach the GestureLab player as remote-control events (RemoteControlDelivered, its log lines) and playerctl status reports the state, which follows the first responder", arguments: ["none", "process"])
    func playerctlDrivesThePlayer(isolation: String) async throws {
        let session = try await MprisSession(arguments: MprisSession.isolation(isolation))
        defer { session.close() }
        try await session.listen()
        try await session.tapPlayer()
        func status() async throws -> String { try await session.playerctl("-p", "scenehost", "status").output }

        let playPause = try await session.playerctl("-p", "scenehost", "play-pause")
        #expect(playPause.status == 0, "\(playPause)")
        #expect(try await status() == "Playing")
        let next = try await session.playerctl("-p", "scenehost", "next")
        #expect(next.status == 0, "\(next)")
        #expect(try await status() == "Playing")
        try await eventually("two remote-control deliveries") { session.deliveries.count == 2 }
        #expect(session.deliveries == [["toggle-play-pause", "player"], ["next-track", "player"]])
        #expect(session.changes(of: "PlaybackStatus") == [.string("Playing")])
        try await eventually("the player's log lines") {
            session.hostSignals.filter { $0.member == "Log" }.map { $0.string(2) }.suffix(2) == ["remote: toggle-play-pause", "remote: next-track"]
        }
        #expect(session.host.messages(tagged: "gesturelab").filter { $0.hasPrefix("remote:") } == ["remote: toggle-play-pause", "remote: next-track"])

        // The Gallery scene comes to the front: its key window (the alert) has no first responder. (The
        // tap is on the main window's background, below the alert: a tap on its field would make the
        // main window key with the field as first responder, TF-7.)
        _ = try await session.call(
            SceneBusContract.busName, SceneBusContract.windowPath(DemoWindow.galleryMain), SceneBusContract.windowInterface, "Tap",
            [.double(200), .double(700), .uint32(1)])
        try await eventually("CanControl false in PropertiesChanged") { session.changes(of: "CanControl") == [.bool(true), .bool(false)] }
        #expect(try await status() == "Stopped")
        #expect(try await session.property("Metadata").dictionaryEntries?.isEmpty == true)
        #expect(try await session.playerctl("-p", "scenehost", "pause").status != 0)

        // Back to the player: its status was remembered.
        try await session.tapPlayer()
        try await eventually("CanControl true again") { session.changes(of: "CanControl").count == 3 }
        #expect(try await status() == "Playing")
        #expect(try await session.playerctl("-p", "scenehost", "pause").status == 0)
        #expect(try await status() == "Paused")
        #expect(try await session.playerctl("-p", "scenehost", "previous").status == 0)
        #expect(try await session.playerctl("-p", "scenehost", "stop").status == 0)
        #expect(try await status() == "Stopped")
        try await eventually("five deliveries") { session.deliveries.count == 5 }
        #expect(session.deliveries.suffix(3) == [["pause", "player"], ["previous-track", "player"], ["stop", "player"]])
        #expect(
            session.changes(of: "PlaybackStatus").map { $0.stringValue ?? "" } == ["Playing", "Stopped", "Playing", "Paused", "Stopped"])

        // Remote control from the host's own API (scenectl remote play) moves the player's state too.
        let handledBy = try await session.call(
            SceneBusContract.busName, SceneBusContract.rootPath, SceneBusContract.hostInterface, "SendRemoteControl", [.string("play")])
        #expect(handledBy == [.string("player")])
        #expect(try await status() == "Playing")
    }

    @Test("playerctl position: SetPosition and Seek become begin/end seeking pairs, Position moves and Seeked reports it", arguments: ["none", "process"])
    func seeking(isolation: String) async throws {
        let session = try await MprisSession(arguments: MprisSession.isolation(isolation))
        defer { session.close() }
        try await session.listen()
        try await session.tapPlayer()
        // Paused, so the position does not advance between the calls (and playerctl shows a stopped
        // player's position as 0).
        #expect(try await session.playerctl("-p", "scenehost", "play-pause").status == 0)
        #expect(try await session.playerctl("-p", "scenehost", "play-pause").status == 0)
        #expect(try await session.property("PlaybackStatus") == .string("Paused"))
        #expect(try await session.playerctl("-p", "scenehost", "position", "10").status == 0)
        #expect(try await session.property("Position") == .int64(10_000_000))
        #expect(try await session.playerctl("-p", "scenehost", "position", "4-").status == 0)
        #expect(try await session.property("Position") == .int64(6_000_000))
        let position = try await session.playerctl("-p", "scenehost", "position")
        #expect(Double(position.output) == 6, "\(position)")
        try await eventually("two Seeked signals") { session.seeks.count == 2 }
        #expect(session.seeks == [10_000_000, 6_000_000])
        #expect(
            session.deliveries == [
                ["toggle-play-pause", "player"], ["toggle-play-pause", "player"],
                ["begin-seeking-forward", "player"], ["end-seeking-forward", "player"],
                ["begin-seeking-backward", "player"], ["end-seeking-backward", "player"],
            ])
        #expect(session.host.messages(tagged: "gesturelab").filter { $0.hasPrefix("remote:") }.count == 6)
        #expect(try await session.property("PlaybackStatus") == .string("Paused"))
    }

    @Test("Bad input gets D-Bus errors or is ignored as MPRIS 2.2 says, and the host keeps serving")
    func badInput() async throws {
        let session = try await MprisSession()
        defer { session.close() }
        try await session.listen()
        try await session.tapPlayer()
        let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        #expect(await session.errorName(Mpris.player, "Seek", [.string("10")]) == invalidArgs)
        #expect(await session.errorName(Mpris.player, "Seek") == invalidArgs)
        #expect(await session.errorName(Mpris.player, "SetPosition", [.int64(5)]) == invalidArgs)
        #expect(await session.errorName(Mpris.player, "OpenUri", [.string("file:///song.ogg")]) == "org.freedesktop.DBus.Error.NotSupported")
        #expect(await session.errorName(Mpris.player, "Rewind") == "org.freedesktop.DBus.Error.UnknownMethod")
        // Ignored: a stale track id, a negative position, a zero seek.
        #expect(await session.errorName(Mpris.player, "SetPosition", [.objectPath("/org/scenehost/SceneHost/track/9_other"), .int64(5)]) == nil)
        #expect(await session.errorName(Mpris.player, "SetPosition", [.objectPath(Mpris.playerTrack), .int64(-5)]) == nil)
        #expect(await session.errorName(Mpris.player, "Seek", [.int64(0)]) == nil)
        // Extremes saturate.
        #expect(await session.errorName(Mpris.player, "Seek", [.int64(.max)]) == nil)
        #expect(try await session.property("Position") == .int64(.max))
        #expect(await session.errorName(Mpris.player, "Seek", [.int64(.max)]) == nil)
        #expect(await session.errorName(Mpris.player, "Seek", [.int64(.min)]) == nil)
        #expect(try await session.property("Position") == .int64(0))
        // Rate and Volume stay 1.0; Can… are read-only.
        let set: MemberName = "Set"
        _ = try await session.call(Mpris.busName, Mpris.path, .properties, set, [.string(Mpris.player.rawValue), .string("Rate"), .variant(.double(0))])
        _ = try await session.call(Mpris.busName, Mpris.path, .properties, set, [.string(Mpris.player.rawValue), .string("Volume"), .variant(.double(-3))])
        #expect(try await session.property("Rate") == .double(1))
        #expect(try await session.property("Volume") == .double(1))
        #expect(
            await session.errorName(.properties, set, [.string(Mpris.player.rawValue), .string("CanControl"), .variant(.bool(false))])
                == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect(
            await session.errorName(.properties, set, [.string(Mpris.player.rawValue), .string("Rate"), .variant(.string("fast"))]) == invalidArgs)
        // Raise and Quit do nothing (CanRaise and CanQuit are false).
        #expect(await session.errorName(Mpris.root, "Raise") == nil)
        #expect(await session.errorName(Mpris.root, "Quit") == nil)

        #expect(try await session.playerctl("-p", "scenehost", "play").status == 0)
        try await eventually("the play delivery") { session.deliveries.last == ["play", "player"] }
        #expect(session.deliveries.map(\.[0]) == ["begin-seeking-forward", "end-seeking-forward", "begin-seeking-forward", "end-seeking-forward",
            "begin-seeking-backward", "end-seeking-backward", "play"])
        #expect(session.seeks == [.max, .max, 0])
        #expect(session.host.process.isRunning)
        #expect(!session.host.log.contains { $0.contains("Fatal error") })
    }

    @Test("org.mpris.MediaPlayer2 names SceneHost and what it cannot do; GetAll answers every property of both interfaces")
    func identityAndProperties() async throws {
        let session = try await MprisSession()
        defer { session.close() }
        #expect(try await session.property("Identity", of: Mpris.root) == .string("SceneHost"))
        for name in ["CanQuit", "CanRaise", "HasTrackList"] {
            #expect(try await session.property(name, of: Mpris.root) == .bool(false), "\(name)")
        }
        #expect(try await session.property("SupportedUriSchemes", of: Mpris.root) == .stringArray([]))
        #expect(try await session.property("SupportedMimeTypes", of: Mpris.root) == .stringArray([]))
        func keys(_ interface: InterfaceName) async throws -> Set<String> {
            let reply = try await session.call(Mpris.busName, Mpris.path, .properties, "GetAll", [.string(interface.rawValue)])
            return Set(reply[0].dictionaryEntries?.compactMap(\.key.stringValue) ?? [])
        }
        #expect(
            try await keys(Mpris.root) == ["CanQuit", "CanRaise", "HasTrackList", "Identity", "SupportedUriSchemes", "SupportedMimeTypes"])
        #expect(
            try await keys(Mpris.player)
                == Set(
                    ["PlaybackStatus", "Rate", "Metadata", "Volume", "Position", "MinimumRate", "MaximumRate"] + Self.capabilities))
        let xml = try await session.call(Mpris.busName, Mpris.path, .introspectable, "Introspect")[0].stringValue ?? ""
        for interface in [Mpris.root, Mpris.player] {
            #expect(xml.contains("<interface name=\"\(interface.rawValue)\">"))
        }
        #expect(xml.contains("<signal name=\"Seeked\">"))
        // On the session bus the player shares the host API's connection.
        let owner = try await session.connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner", arguments: [.string(Mpris.busName.rawValue)],
            timeout: .seconds(60))
        let hostOwner = try await session.connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner",
            arguments: [.string(SceneBusContract.busName.rawValue)], timeout: .seconds(60))
        #expect(owner.arguments == hostOwner.arguments)
    }

    @Test("A second host (its API on a private bus) gets org.mpris.MediaPlayer2.scenehost.instance<pid> on the session bus, playerctl lists both, and the name goes with the host")
    func secondHostGetsAnInstanceName() async throws {
        let session = try await MprisSession()
        defer { session.close() }
        let second = try HostProcess(arguments: ["--bus", "private"], environment: ["DBUS_SESSION_BUS_ADDRESS": session.daemon.address])
        let instance = "org.mpris.MediaPlayer2.scenehost.instance\(second.process.processIdentifier)"
        #expect(await second.line(containing: "on MPRIS as \(instance) "), "\(second.log.joined(separator: "\n"))")
        #expect(try await session.names(startingWith: "org.mpris.MediaPlayer2.") == [Mpris.busName.rawValue, instance])
        let listed = try await session.playerctl("-l")
        #expect(listed.output.split(separator: "\n").map(String.init).sorted() == ["scenehost", "scenehost.instance\(second.process.processIdentifier)"])
        #expect(try await session.property("Identity", of: Mpris.root, on: BusName(instance)) == .string("SceneHost"))
        #expect(try await session.playerctl("-p", "scenehost.instance\(second.process.processIdentifier)", "status").output == "Stopped")

        second.signal(SIGTERM)
        #expect(await second.exitStatus() == 0)
        try await eventually("the instance name to go") {
            // Polled through a blocking call: the name leaves with the host's connection.
            (try? session.connection.callBlocking(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameHasOwner",
                arguments: [.string(instance)], timeout: .seconds(60)
            ).arguments) == [.bool(false)]
        }
        #expect(try await session.names(startingWith: "org.mpris.MediaPlayer2.") == [Mpris.busName.rawValue])
    }

    @Test("mpris: off leaves MPRIS alone")
    func off() async throws {
        let daemon = try await offPool { try BusDaemon() }
        let configuration = try temporaryFile(
            "mpris-off.yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
              probe-timeout: 60
            \(SanitizedRun.isolationSection)
            scenes:
              - name: gesturelab
                plugin: GestureLab
            mpris: off
            """)
        defer { try? FileManager.default.removeItem(atPath: configuration) }
        let host = try HostProcess(arguments: ["--config", configuration], environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address])
        #expect(await host.line(containing: "host ready"))
        let connection = try await BusConnection.connect(to: .address(daemon.address))
        defer { connection.close() }
        let reply = try await connection.call(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames", timeout: .seconds(60))
        let names = (reply.arguments.first?.arrayElements ?? []).compactMap(\.stringValue)
        #expect(names.contains(SceneBusContract.busName.rawValue))
        #expect(!names.contains { $0.hasPrefix("org.mpris.") })
        #expect(!host.log.contains { $0.contains("on MPRIS as") })
    }
}
