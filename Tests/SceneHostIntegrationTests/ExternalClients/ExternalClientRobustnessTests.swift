import DBusKit
import Foundation
import SceneBusContract
import TestProcesses
import Testing

/// Hostile and greedy external clients (Tests/ExternalClients/robustness.py) while other clients —
/// another python process and one of our DBusKit clients — watch: every bad call gets an error reply
/// that names the bad value, every call of a flood gets an answer, and the bystanders are served
/// with nothing lost (`seq` without gaps). BusRobustnessTests covers the same ground from DBusKit;
/// these tests add what only a foreign client can send and a second process that keeps working.
@MainActor
@Suite(
    "Hostile python3-dbus clients: bad input and floods",
    .serialized,
    .enabled(
        if: ExternalClientTools.missingForPython.isEmpty,
        "needs /usr/bin/python3 with python3-dbus and python3-gi; missing: \(ExternalClientTools.missingForPython.joined(separator: " "))"
    ))
struct ExternalClientRobustnessTests {
    /// What each bad call of `robustness.py bad-input` must get: the error name and a fragment of the
    /// message that names the bad value.
    static let expectedErrors: [String: (name: String, names: String)] = [
        "TouchDown(sss)": ("org.freedesktop.DBus.Error.InvalidArgs", "signature 'udd' but received 'sss'"),
        "TouchUp()": ("org.freedesktop.DBus.Error.InvalidArgs", "signature 'u' but received ''"),
        "Tap(ddus)": ("org.freedesktop.DBus.Error.InvalidArgs", "signature 'ddu' but received 'ddus'"),
        "InjectTouches(a(us))": ("org.freedesktop.DBus.Error.InvalidArgs", "signature 'a(usddd)' but received 'a(us)'"),
        "TouchDown NaN": ("org.scenehost.Error.InvalidValue", "TouchDown location (nan, 10"),
        "TouchMove -inf": ("org.scenehost.Error.InvalidValue", "TouchMove location (1, -inf)"),
        "TouchDown 1e300": ("org.scenehost.Error.InvalidValue", "(1e+300, 1) is out of range"),
        "Tap inf": ("org.scenehost.Error.InvalidValue", "Tap point (inf, 1)"),
        "HitTest NaN": ("org.scenehost.Error.InvalidValue", "HitTest point (nan, nan)"),
        "LongPress NaN seconds": ("org.scenehost.Error.InvalidValue", "LongPress duration nan"),
        "Swipe -inf": ("org.scenehost.Error.InvalidValue", "Swipe end (-inf, 10)"),
        "Pinch inf distance": ("org.scenehost.Error.InvalidValue", "Pinch endDistance inf"),
        "InjectTouches NaN": ("org.scenehost.Error.InvalidValue", "sample 0 location (nan, 1)"),
        "InjectTouches negative delay": ("org.scenehost.Error.InvalidValue", "sample 0: delay -1.0"),
        "Tap count 0": ("org.scenehost.Error.InvalidValue", "tap count 0"),
        "TouchUp unknown slot": ("org.scenehost.Error.UnknownSlot", "slot 42 is not down"),
        "TouchMove unknown slot": ("org.scenehost.Error.UnknownSlot", "slot 42 is not down"),
        "TouchCancel unknown slot": ("org.scenehost.Error.UnknownSlot", "slot 42 is not down"),
        "TouchDown slot 3 again": ("org.scenehost.Error.SlotInUse", "slot 3 is already down"),
        "eleventh finger": ("org.scenehost.Error.LimitsExceeded", "slot 110 would be touch number 11; the limit is 10"),
        "TapView nope": ("org.scenehost.Error.UnknownView", "no view 'nope' in window 'FindView'"),
        "MakeFirstResponder View#9.9": ("org.scenehost.Error.UnknownView", "no view 'View#9.9'"),
        "MakeKey window 99": ("org.freedesktop.DBus.Error.UnknownObject", "/org/scenehost/SceneHost/window/99"),
        "Activate scene nope": ("org.freedesktop.DBus.Error.UnknownObject", "/org/scenehost/SceneHost/scene/nope"),
        "Host1.Explode": ("org.freedesktop.DBus.Error.UnknownMethod", "no method Explode"),
        "Host2.TouchUp": ("org.freedesktop.DBus.Error.UnknownInterface", "org.scenehost.Host2"),
        "SendMotion tilt": ("org.scenehost.Error.InvalidName", "motion subtype 'tilt'"),
        "SendMotion sideways": ("org.scenehost.Error.InvalidName", "motion phase 'sideways'"),
        "SendRemoteControl louder": ("org.scenehost.Error.InvalidName", "remote-control subtype 'louder'"),
        "InjectTouches hover": ("org.scenehost.Error.InvalidName", "phase 'hover'"),
        "LoadPlugin NoSuchPlugin": ("org.scenehost.Error.PluginRefused", "NoSuchPlugin"),
        "LoadPlugin bad name": ("org.scenehost.Error.InvalidName", "scene name 'bad name'"),
        "LoadPlugin findview again": ("org.scenehost.Error.SceneExists", "'findview'"),
        "LongPress 1e6 s": ("org.scenehost.Error.LimitsExceeded", "LongPress duration 1000000 s exceeds the limit of 60 s"),
        "InjectTouches 100000": ("org.scenehost.Error.LimitsExceeded", "100000 samples in one call; the limit is 10000"),
    ]

    @Test("Every kind of bad input from python3-dbus gets an error reply naming the bad value; the host keeps serving it and a DBusKit client sees no seq gap")
    func badInputGetsErrorReplies() async throws {
        let session = try await ExternalClientHost.start()
        let observer = try await HostBusClient(host: session.host)
        defer { observer.close() }
        let json = try await session.python("robustness.py", ["bad-input"])
        let calls = json["calls"].array.map(RecordedCall.init)
        for (label, expected) in Self.expectedErrors.sorted(by: { $0.key < $1.key }) {
            let call = calls.first { $0.label == label }
            #expect(call?.error == expected.name, "\(label): \(call.map(String.init(describing:)) ?? "not called")")
            #expect(call?.message?.contains(expected.names) == true, "\(label): the message names the value: \(call?.message ?? "none")")
        }
        let succeeded = calls.filter { $0.error == nil }
        #expect(succeeded.count == calls.count - Self.expectedErrors.count, "everything else succeeds: \(calls.filter { $0.error != nil && Self.expectedErrors[$0.label] == nil })")
        #expect(calls.first { $0.label == "Tap blue" }?.reply == [.string("blue")], "after all that, the bad client itself is still served")

        try await observer.waitForSignals("the bad client's last tap") { signals in
            signals.contains { $0.member == "Log" && $0.string(2) == "vc, FindViewViewController.touchesEnded(_:with:)" }
        }
        #expect(try await observer.window(DemoWindow.findview, "Tap", doubles(100, 150) + [.uint32(1)]) == [.string("red")])
        try await observer.waitForSignals("the observer's own tap") { $0.contains { $0.member == "Touch" && $0.string(6) == "red" && $0.string(3) == "ended" } }
        #expect(observer.sequenceIsContiguous, "seq has no gap: \(observer.signals.map(\.seq))")
        let fingers = observer.signals(named: "Touch").filter { $0.string(1) == SceneBusContract.windowPath(DemoWindow.galleryMain).rawValue }
        #expect(fingers.map { $0.string(3) } == Array(repeating: "began", count: 10) + Array(repeating: "ended", count: 10), "ten fingers, not eleven")
        #expect(session.host.process.isRunning)
    }

    @Test("A flood of 5,000 calls sent at once by one python client: each gets its reply or error; a second python client and a DBusKit client keep being served and see seq without gaps")
    func floodFromOneClientLosesNothingForOthers() async throws {
        let session = try await ExternalClientHost.start()
        let observer = try await HostBusClient(host: session.host)
        defer { observer.close() }
        let stopFile = session.host.runtimeFolder + "/stop-watching"
        let bystander = try session.startPython("robustness.py", ["watch", stopFile])
        #expect(await bystander.stderr(contains: "ready"), "the bystander subscribed: \(bystander.stderr)")

        // The script gives its calls 60 s (scaled, as finish scales this); it reports after that.
        let flood = try await session.python("robustness.py", ["flood", "5000"], timeout: 120)
        #expect(FileManager.default.createFile(atPath: stopFile, contents: Data()), "the bystander is told to stop")
        let watched = await bystander.finish(timeout: 60)
        #expect(watched.status == 0, "\(watched)")

        #expect(flood["answered"] == .number(5000), "every call of the flood got an answer")
        #expect(
            flood["kinds"] == .object([
                "TouchDown": .object(["reply ['/org/scenehost/SceneHost/window/3', 'View#0']": .number(1250)]),
                "TouchUp": .object(["reply []": .number(1250)]),
                "HitTest": .object(["reply ['blue']": .number(1250)]),
                "TouchUp 9": .object(["error org.scenehost.Error.UnknownSlot": .number(1250)]),
            ]), "each kind of call got its own answer, in order: \(flood["kinds"])")

        let watch = try JSON(parsing: watched.stdout)
        let taps = try #require(watch["taps"].int)
        #expect(taps > 0)
        #expect(
            watch["answers"] == .object([
                "TouchDown reply ['/org/scenehost/SceneHost/window/1', 'blue']": .number(Double(taps)), "TouchUp reply": .number(Double(taps)),
            ]), "every one of the bystander's calls was answered: \(watch["answers"])")
        let signals = watch["signals"].array.map { (seq: $0[0].int ?? -1, what: $0[1].string ?? "") }
        let seqs = signals.map(\.seq)
        #expect(seqs == Array((seqs.first ?? 0)..<((seqs.first ?? 0) + seqs.count)), "the bystander's seq has no gap")
        let floodTouches = signals.filter { $0.what == "Touch 3" }.map(\.seq)
        #expect(floodTouches.count == 2500, "the bystander saw every Touch of the flood")
        #expect(signals.filter { $0.what == "Touch 1" }.count == 2 * taps, "and each of its own")
        if let first = floodTouches.first, let last = floodTouches.last {
            #expect(signals.contains { $0.what == "Touch 1" && first < $0.seq && $0.seq < last }, "it was served during the flood, not only after it")
        }

        let lastSeen = UInt64(seqs.last ?? 0)
        try await observer.waitForSignals("everything the bystander saw", timeout: .seconds(60)) { $0.last.map { $0.seq >= lastSeen } ?? false }
        #expect(observer.sequenceIsContiguous, "the DBusKit client's seq has no gap")
        let observedFlood = observer.signals(named: "Touch").filter { $0.string(1) == SceneBusContract.windowPath(DemoWindow.galleryMain).rawValue }
        #expect(observedFlood.count == 2500)
        #expect(try await observer.window(DemoWindow.findview, "HitTest", doubles(100, 150)) == [.string("red")])
    }
}
