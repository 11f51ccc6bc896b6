import DBusKit
import Foundation
import SceneBusContract
import TestProcesses
import Testing

/// `Host1.WaitForIdle`, `AdvanceClock`, `Now` and `Clock` against the real scene-host.
@MainActor
@Suite("Idle and virtual time against the real scene-host", .serialized)
struct IdleTests {
    @Test("Real clock: WaitForIdle answers after a double tap's failure delay, with the seq of the single tap's signals, and other calls are served meanwhile")
    func waitsForTheDoubleTapTimeout() async throws {
        let host = try ToolkitHost.start(clock: "real")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        #expect(try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Clock").stringValue == "real")
        // Timed from before the tap is sent: the failure delay starts when the host delivers it, and a
        // slow reply (a sanitized run) must not shorten what is measured.
        let tapped = Date()
        #expect(try await client.window(ToolkitHost.toolkitWindow, "Tap", doubles(290, 70) + [.uint32(1)]) == [.string("taps")])
        async let idle = client.waitForIdle(10)
        // The main loop keeps serving while the reply is deferred.
        #expect(try await client.window(ToolkitHost.toolkitWindow, "HitTest", doubles(80, 70)) == [.string("press")])
        let seq = try await idle
        let waited = Date().timeIntervalSince(tapped)
        try await client.waitForSignals("the single tap's log line") { _ in client.seqOfLog("single tap") != nil }
        #expect(seq >= client.seqOfLog("single tap") ?? .max, "WaitForIdle answered with seq \(seq) after the single tap")
        #expect(waited >= 0.3, "the double tap's failure delay is 0.35 s; waited \(waited) s")
    }

    @Test("A finger down keeps the host busy: the Timeout names the touch, its window, scene and view; lifting it makes the host idle")
    func fingerDown() async throws {
        let host = try ToolkitHost.start(clock: "real")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        // findview's window is the second scene's (screen x 400 = window x 0).
        let down = try await client.host("TouchDown", [.uint32(0)] + doubles(400 + 240, 250))
        #expect(down[2].stringValue == "blue")
        let error = await client.failure { _ = try await client.waitForIdle(0.2) }
        #expect(error?.name == SceneBusContract.ErrorNames.timeout)
        let message = error?.message ?? ""
        #expect(message.hasPrefix("not idle after 0.2 s; 1 busy source:"), "\(message)")
        #expect(message.contains("touch (window /org/scenehost/SceneHost/window/2, scene findview, view blue): touch"), "\(message)")
        _ = try await client.host("TouchUp", [.uint32(0)])
        _ = try await client.waitForIdle(1)
    }

    @Test("Virtual clock: a tap returns at once; the double tap keeps the host busy until AdvanceClock passes its deadline, which answers with the single tap's seq")
    func virtualDoubleTap() async throws {
        let host = try ToolkitHost.start(clock: "virtual")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let root = SceneBusContract.rootPath, interface = SceneBusContract.hostInterface
        #expect(try await client.property(root, interface, "Clock").stringValue == "virtual")
        #expect(try await client.host("Now")[0].doubleValue == 0)
        _ = try await client.waitForIdle(10)
        #expect(try await client.window(ToolkitHost.toolkitWindow, "Tap", doubles(290, 70) + [.uint32(1)]) == [.string("taps")])
        #expect(try await client.host("Now")[0].doubleValue == 0.05, "the tap's press took 0.05 s of virtual time")
        let error = await client.failure { _ = try await client.waitForIdle(0) }
        #expect(error?.name == SceneBusContract.ErrorNames.timeout)
        let message = error?.message ?? ""
        #expect(message.contains("recognizer (window /org/scenehost/SceneHost/window/1, scene toolkit, view taps): recognizer double-tap on taps waits for tap 2 of 2 to begin (within 0.35 s of the last lift), 0.35 s left"), "\(message)")
        #expect(message.contains("recognizer single-tap on taps recognized and waits for double-tap on taps to fail"), "\(message)")
        #expect(message.contains("The clock is virtual (configuration key 'clock'): timers fire only when Host1.AdvanceClock moves it; the next is due in 0.35 s."), "\(message)")
        // Not yet: 0.34 s is before the deadline.
        _ = try await client.advanceClock(0.34)
        #expect(await client.failure { _ = try await client.waitForIdle(0) }?.name == SceneBusContract.ErrorNames.timeout)
        let seq = try await client.advanceClock(0.01)
        try await client.waitForSignals("the single tap's log line") { _ in client.seqOfLog("single tap") != nil }
        #expect(seq == client.signals.last?.seq, "AdvanceClock answers with the seq of the last signal it caused")
        #expect(try await client.waitForIdle(0) == seq)
        #expect(try await client.host("Now")[0].doubleValue == 0.4)
    }

    @Test("Virtual clock: a 0.6 s long press is played on the virtual clock at once (no real wait: BENCHMARKS.md measures it); its recognizer begins at 0.5 s of virtual time")
    func virtualLongPress() async throws {
        let host = try ToolkitHost.start(clock: "virtual")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        #expect(try await client.window(ToolkitHost.toolkitWindow, "LongPress", doubles(100, 70, 0.6)) == [.string("press")])
        #expect(try await client.host("Now")[0].doubleValue == 0.6, "the press took 0.6 s of virtual time")
        try await client.settle(0)
        let touches = client.signals(named: "Touch").map { ($0.string(3), $0.arguments[7].doubleValue ?? -1) }
        #expect(touches.map(\.0) == ["began", "ended"])
        #expect(touches.map(\.1) == [0, 0.6], "touches are stamped with virtual time")
        let states = client.signals(named: "GestureStateChanged").filter { $0.string(3) == "long-press" }.map { $0.string(4) }
        #expect(states == ["began", "ended"])
        #expect(try await client.waitForIdle(0) == client.signals.last?.seq)
    }

    @Test("Virtual clock: an animation keeps the host busy and is named with its view, property and time left; AdvanceClock runs it to its completion; meanwhile the view is not hit [AN-2, AN-4, HT-10]")
    func virtualAnimation() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        _ = try await client.waitForIdle(10)
        let window = ToolkitHost.toolkitWindow
        #expect(try await client.window(window, "HitTest", doubles(230, 340)) == [.string("beacon")])
        #expect(try await client.window(window, "Tap", doubles(230, 340) + [.uint32(1)]) == [.string("beacon")])
        // The tap's press took 0.05 s, so the animation runs from 0.05 to 0.55. The model is at its
        // destination at once, but the animating beacon is hit nowhere.
        #expect(try await client.window(window, "HitTest", doubles(350, 340)) != [.string("beacon")])
        #expect(try await client.window(window, "HitTest", doubles(230, 340)) != [.string("beacon")])
        _ = try await client.advanceClock(0.1)
        let error = await client.failure { _ = try await client.waitForIdle(0) }
        #expect(error?.name == SceneBusContract.ErrorNames.timeout)
        let message = error?.message ?? ""
        #expect(message.contains("animation (window /org/scenehost/SceneHost/window/1, scene toolkit, view beacon): view beacon animates center until 0.55, 0.4 s left"), "\(message)")
        _ = try await client.advanceClock(0.39)
        #expect(client.seqOfLog("pulse finished true") == nil, "not before its end")
        let seq = try await client.advanceClock(0.01)
        try await client.waitForSignals("the completion's log line") { _ in client.seqOfLog("pulse finished true") != nil }
        #expect(try await client.waitForIdle(0) >= seq)
        #expect(try await client.window(window, "HitTest", doubles(350, 340)) == [.string("beacon")])
    }

    @Test("Virtual clock: the same input gives the same signal stream, timestamps and seq included, on two fresh hosts")
    func deterministic() async throws {
        func run() async throws -> [String] {
            let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
            let client = try await HostBusClient(host: host)
            defer { client.close() }
            _ = try await client.waitForIdle(10)
            let first = client.signals.count
            _ = try await client.window(1, "Tap", doubles(290, 70) + [.uint32(1)])
            _ = try await client.advanceClock(0.2)
            _ = try await client.window(1, "Tap", doubles(292, 71) + [.uint32(1)])
            _ = try await client.window(1, "LongPress", doubles(100, 70, 0.7))
            _ = try await client.window(1, "Tap", doubles(80, 160) + [.uint32(1)])
            _ = try await client.window(1, "Tap", doubles(80, 420) + [.uint32(1)])
            let last = try await client.advanceClock(1)
            try await client.waitForSignals("every signal up to \(last)") { signals in signals.last?.seq == last }
            return client.signals[first...].map(\.description)
        }
        let one = try await run()
        let two = try await run()
        #expect(one.count > 15)
        #expect(one == two)
        #expect(one.contains { $0.contains("double tap") } && one.contains { $0.contains("long press ended") } && one.contains { $0.contains("shuffled to 1") })
    }

    @Test("Bad input: negative, non-finite and too long timeouts and seconds, AdvanceClock on the real clock; the host keeps serving")
    func badInput() async throws {
        let real = try ToolkitHost.start(clock: "real", toolkitOnly: true)
        let client = try await HostBusClient(host: real)
        defer { client.close() }
        for value in [-1, Double.nan, .infinity, 3601] {
            let error = await client.failure { _ = try await client.waitForIdle(value) }
            #expect(error?.name == SceneBusContract.ErrorNames.invalidValue, "\(value)")
            #expect(error?.message == "WaitForIdle timeout \(value) must be a finite number of seconds in 0…3600", "\(error?.message ?? "")")
        }
        let onReal = await client.failure { _ = try await client.advanceClock(1) }
        #expect(onReal?.name == SceneBusContract.ErrorNames.invalidState)
        #expect(onReal?.message.contains("'clock: virtual'") == true, "\(onReal?.message ?? "")")

        let virtual = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let other = try await HostBusClient(host: virtual)
        defer { other.close() }
        for value in [-0.5, Double.nan, -.infinity] {
            let error = await other.failure { _ = try await other.advanceClock(value) }
            #expect(error?.name == SceneBusContract.ErrorNames.invalidValue, "\(value)")
            #expect(error?.message == "AdvanceClock seconds \(value) must be a finite number of seconds ≥ 0", "\(error?.message ?? "")")
        }
        let tooFar = await other.failure { _ = try await other.advanceClock(61) }
        #expect(tooFar?.name == SceneBusContract.ErrorNames.limitsExceeded)
        #expect(tooFar?.message == "AdvanceClock seconds 61 s exceeds the limit of 60 s (bus.limits.script-seconds)")
        #expect(try await other.host("Now")[0].doubleValue == 0)
        _ = try await other.waitForIdle(1)
        _ = try await client.waitForIdle(1)
        #expect(real.process.isRunning && virtual.process.isRunning)
    }
}
