import DBusKit
import Foundation
import SceneBusContract
import SceneHostKit
import TestProcesses
import Testing

/// scene-host driven from the shell, as an administrator would: systemd's `busctl` and dbus-bin's
/// `dbus-send`, each run as a fresh process on the host's private bus (`--address`, `--bus`), while
/// a DBusKit client watches the signals.
@MainActor
@Suite(
    "busctl and dbus-send drive scene-host",
    .serialized,
    .enabled(
        if: ExternalClientTools.missingCommandLine.isEmpty,
        "needs busctl and dbus-send; missing: \(ExternalClientTools.missingCommandLine.joined(separator: " "))"))
struct ExternalClientCommandLineTests {
    private static let bus = "org.scenehost.SceneHost"
    private static let root = "/org/scenehost/SceneHost"

    @Test("busctl introspect shows every member of Host1, Scene1 and Window1 with the committed signatures; busctl tree lists every scene and window")
    func busctlIntrospection() async throws {
        let session = try await ExternalClientHost.start()
        for (path, interface) in [
            (Self.root, "org.scenehost.Host1"), ("\(Self.root)/scene/gallery", "org.scenehost.Scene1"), ("\(Self.root)/window/4", "org.scenehost.Window1"),
        ] {
            let outcome = try await session.busctl("introspect", Self.bus, path, interface)
            #expect(outcome.status == 0, "\(outcome)")
            // `.TouchDown  method  udd  tos  -`: name, kind, signature, result (methods) or value (properties).
            var served: [String: [String]] = [:]
            for line in outcome.lines where line.hasPrefix(".") {
                let columns = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                served[String(columns[0].dropFirst())] = Array(columns[1...(columns[1] == "property" ? 2 : 3)])
            }
            var committed: [String: [String]] = [:]
            for member in try ContractInterface(interface).members {
                switch member.kind {
                case "method": committed[member.name] = ["method", member.inputSignature.orDash, member.outputSignature.orDash]
                case "signal": committed[member.name] = ["signal", member.inputSignature.orDash, "-"]
                default: committed[member.name] = ["property", member.type]
                }
            }
            #expect(served == committed, "\(interface) at \(path)")
        }
        let tree = try await session.busctl("tree", Self.bus)
        #expect(tree.status == 0, "\(tree)")
        for object in ["scene/findview", "scene/gesturelab", "scene/gallery", "window/1", "window/2", "window/3", "window/4"] {
            #expect(tree.stdout.contains("\(Self.root)/\(object)\n"), "busctl tree lists \(object)")
        }
    }

    @Test("busctl get-property prints typed values; busctl call answers TouchDown (tos), InjectTouches as JSON, Tap and SendRemoteControl; a busctl that exits with a finger down has it cancelled [TD-11]")
    func busctlPropertiesAndCalls() async throws {
        let session = try await ExternalClientHost.start()
        let observer = try await HostBusClient(host: session.host)
        defer { observer.close() }
        let alert = try await session.busctl("get-property", Self.bus, "\(Self.root)/window/4", "org.scenehost.Window1", "Frame", "Level", "Hidden", "Title")
        #expect(alert.lines == ["(dddd) 845 300 300 200", "d 2000", "b false", "s \"Alert\""], "\(alert)")
        let version = try await session.busctl("get-property", Self.bus, Self.root, "org.scenehost.Host1", "Version", "Scenes")
        #expect(
            version.lines == [
                "s \"\(HostVersion.busVersion)\"",
                "ao 3 \"\(Self.root)/scene/findview\" \"\(Self.root)/scene/gesturelab\" \"\(Self.root)/scene/gallery\"",
            ], "\(version)")

        let down = try await session.busctl("call", Self.bus, Self.root, "org.scenehost.Host1", "TouchDown", "udd", "0", "240", "250")
        let fields = down.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        #expect(fields.count == 4 && fields[0] == "tos" && fields[2] == "\"\(Self.root)/window/1\"" && fields[3] == "\"blue\"", "\(down)")
        let touch = UInt64(fields.count > 1 ? fields[1] : "") ?? 0
        try await observer.waitForSignals("the finger busctl left down cancelled") { signals in
            signals.contains { $0.member == "Touch" && $0.arguments[2].uint64Value == touch && $0.string(3) == "cancelled" }
        }

        let injected = try await session.busctl(
            "--json=short", "call", Self.bus, Self.root, "org.scenehost.Host1", "InjectTouches", "a(usddd)", "2",
            "0", "down", "240", "250", "0", "0", "up", "240", "250", "0.01")
        let json = try JSON(parsing: injected.stdout)
        #expect(json["type"] == .string("a(tos)"), "\(injected)")
        let began = json["data"][0].array
        #expect(began.count == 1 && began[0][1] == .string("\(Self.root)/window/1") && began[0][2] == .string("blue"), "\(injected)")

        let tap = try await session.busctl("call", Self.bus, "\(Self.root)/window/2", "org.scenehost.Window1", "Tap", "ddu", "280", "440", "1")
        #expect(tap.lines == ["s \"player\""], "\(tap)")
        let remote = try await session.busctl("call", Self.bus, Self.root, "org.scenehost.Host1", "SendRemoteControl", "s", "play")
        #expect(remote.lines == ["s \"player\""], "\(remote)")
        try await observer.waitForSignals("remote play") { $0.contains { $0.member == "RemoteControlDelivered" } }
        #expect(observer.signals(named: "RemoteControlDelivered").map { [$0.string(1), $0.string(2)] } == [["play", "player"]])
        #expect(observer.logLines(of: "gesturelab").suffix(2) == ["player is first responder", "remote: play"])
        #expect(observer.sequenceIsContiguous)
    }

    @Test("dbus-send --print-reply: HitTest, Properties.Get, TouchDown, Tap and SendMotion reply with the declared types")
    func dbusSendCalls() async throws {
        // The shake's began and ended come from two dbus-send processes; on a loaded machine starting the
        // second took longer than the 5 s a shake may last (FR-8), and the host cancelled it first. The
        // test is about the replies' types, so its shake may last 10 minutes.
        let config = try temporaryFile("dbus-send.yaml", HostConfigurationText.demo + "interaction:\n  maximum-shake-duration: 600\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let session = try await ExternalClientHost.start(arguments: ["--config", config])
        let observer = try await HostBusClient(host: session.host)
        defer { observer.close() }
        let hit = try await session.dbusSend("\(Self.root)/window/1", "org.scenehost.Window1.HitTest", "double:240", "double:250")
        #expect(hit.status == 0 && hit.lines.last?.trimmingCharacters(in: .whitespaces) == "string \"blue\"", "\(hit)")
        let keyWindow = try await session.dbusSend(
            Self.root, "org.freedesktop.DBus.Properties.Get", "string:org.scenehost.Host1", "string:KeyWindow")
        #expect(keyWindow.stdout.contains("variant") && keyWindow.stdout.contains("object path \"\(Self.root)/window/4\""), "\(keyWindow)")
        let down = try await session.dbusSend(Self.root, "org.scenehost.Host1.TouchDown", "uint32:5", "double:100", "double:150")
        let reply = down.lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(reply.count == 3 && reply[0].hasPrefix("uint64 "), "\(down)")
        #expect(Array(reply.dropFirst()) == ["object path \"\(Self.root)/window/1\"", "string \"red\""], "\(down)")
        let tap = try await session.dbusSend("\(Self.root)/window/2", "org.scenehost.Window1.Tap", "double:280", "double:440", "uint32:1")
        #expect(tap.lines.last?.trimmingCharacters(in: .whitespaces) == "string \"player\"", "\(tap)")
        for phase in ["began", "ended"] {
            let shake = try await session.dbusSend(Self.root, "org.scenehost.Host1.SendMotion", "string:shake", "string:\(phase)")
            #expect(shake.lines.last?.trimmingCharacters(in: .whitespaces) == "string \"player\"", "\(shake)")
        }
        try await observer.waitForSignals("shake ended") { $0.contains { $0.member == "MotionDelivered" && $0.string(2) == "ended" } }
        #expect(observer.logLines(of: "gesturelab").suffix(2) == ["shake began", "shake ended"])
        try await observer.waitForSignals("dbus-send's finger cancelled when it left") { signals in
            signals.contains { $0.member == "Touch" && $0.string(6) == "red" && $0.string(3) == "cancelled" }
        }
        #expect(observer.sequenceIsContiguous)
    }

    @Test("Bad input from busctl and dbus-send: exit status 1 with the host's error (name and message naming the value); the host keeps serving with no seq gap")
    func commandLineBadInput() async throws {
        let session = try await ExternalClientHost.start()
        let observer = try await HostBusClient(host: session.host)
        defer { observer.close() }
        // dbus-send prints `Error <name>: <message>`.
        for (arguments, expected) in [
            ([Self.root, "org.scenehost.Host1.TouchUp", "uint32:42"], "Error org.scenehost.Error.UnknownSlot: slot 42 is not down"),
            ([Self.root, "org.scenehost.Host1.TouchDown", "uint32:0", "double:nan", "double:1"],
             "Error org.scenehost.Error.InvalidValue: TouchDown location (nan, 1) is not finite"),
            ([Self.root, "org.scenehost.Host1.TouchDown", "string:zero"],
             "Error org.freedesktop.DBus.Error.InvalidArgs: org.scenehost.Host1.TouchDown expects arguments of signature 'udd' but received 's'"),
            (["\(Self.root)/window/99", "org.scenehost.Window1.MakeKey"], "Error org.freedesktop.DBus.Error.UnknownObject: no object is exported at \(Self.root)/window/99"),
            (["\(Self.root)/window/1", "org.scenehost.Window1.TapView", "string:nope"], "Error org.scenehost.Error.UnknownView: no view 'nope'"),
            ([Self.root, "org.scenehost.Host1.SendRemoteControl", "string:louder"], "Error org.scenehost.Error.InvalidName: remote-control subtype 'louder'"),
        ] {
            let outcome = try await session.dbusSend(arguments)
            #expect(outcome.status == 1 && outcome.stderr.contains(expected), "dbus-send \(arguments): \(outcome)")
        }
        // busctl prints `Call failed: <message>`.
        for (arguments, expected) in [
            (["Host1", "TouchDown", "sss", "a", "b", "c"], "Call failed: org.scenehost.Host1.TouchDown expects arguments of signature 'udd' but received 'sss'"),
            (["Host1", "TouchDown", "udd", "0", "inf", "1"], "Call failed: TouchDown location (inf, 1) is not finite"),
            (["Host1", "InjectTouches", "a(usddd)", "1", "0", "hover", "1", "1", "0"], "Call failed: sample 0: phase 'hover' does not exist"),
            (["Host1", "TouchMove", "udd", "7", "1", "1"], "Call failed: slot 7 is not down"),
        ] {
            let outcome = try await session.busctl(
                ["call", Self.bus, Self.root, "org.scenehost.\(arguments[0])"] + arguments.dropFirst())
            #expect(outcome.status == 1 && outcome.stderr.contains(expected), "busctl \(arguments): \(outcome)")
        }
        let longPress = try await session.busctl(
            ["call", Self.bus, "\(Self.root)/window/1", "org.scenehost.Window1", "LongPress", "ddd", "--", "10", "10", "-1"])
        #expect(longPress.status == 1 && longPress.stderr.contains("Call failed: LongPress duration -1.0 must be a finite number of seconds"), "\(longPress)")

        let hit = try await session.dbusSend("\(Self.root)/window/1", "org.scenehost.Window1.HitTest", "double:240", "double:250")
        #expect(hit.lines.last?.trimmingCharacters(in: .whitespaces) == "string \"blue\"", "still served: \(hit)")
        #expect(try await observer.window(DemoWindow.findview, "Tap", doubles(240, 250) + [.uint32(1)]) == [.string("blue")])
        try await observer.waitForSignals("the observer's tap") { $0.contains { $0.member == "Touch" && $0.string(3) == "ended" } }
        #expect(observer.signals(named: "Touch").map { $0.string(3) } == ["began", "ended"], "none of the bad calls touched anything")
        #expect(observer.sequenceIsContiguous)
        #expect(session.host.process.isRunning)
    }
}

extension String {
    /// busctl's way of showing an empty signature.
    fileprivate var orDash: String { isEmpty ? "-" : self }
}
