import Foundation
import Glibc
import SceneChannel
import SceneCore
import SceneHostKit
import ScenePlugins
import SceneProcesses
import SceneRender
import TestProcesses
import Testing

/// A scene in a process of its own (`scene-host --scene-process`), driven over its channel as the
/// board drives it: its pictures arrive in shared memory, its touches are answered with what they
/// hit, and a crash in its plugin ends only that process.
@Suite("Scene processes")
struct SceneProcessTests {
    /// What one scene process run gave, collected on a thread of its own.
    struct Run: Sendable {
        var hello: ChannelHello?
        var pixels: [UInt32] = []
        var width = 0
        var height = 0
        var outcome: SceneTouchOutcome?
        var framesAfterTouch = 0
        var exit: SceneExit?
        var messages: [ChannelMessage] = []
    }

    @Test("A scene process says hello, then hands over its window's first picture in shared memory: the pixels one process draws")
    func firstPictureMatchesInProcess() async throws {
        let run = try await offPool { () throws -> Run in
            let harness = try SceneProcessHarness(plugin: "FixtureCrashInHandler")
            var run = Run()
            guard try harness.receive(until: { $0.contains { if case .frame = $0.message { true } else { false } } }) else { return run }
            if case .hello(let hello) = harness.received.first?.message { run.hello = hello }
            let first = harness.frames[0]
            if let buffer = try harness.buffer(window: first.window, slot: first.slot) {
                run.width = Int(buffer.format.width)
                run.height = Int(buffer.format.height)
                run.pixels = buffer.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
            }
            run.messages = harness.received.map(\.message)
            return run
        }
        let hello = try #require(run.hello, "the first message is the hello: \(run.messages)")
        #expect(hello.version == ChannelProtocol.version)
        #expect(hello.processID > 0)
        let expected = try await MainActor.run { () throws -> PixelImage in
            let loaded = try PluginLoader.load(path: buildFolder() + "/libFixtureCrashInHandler.so", plugin: "FixtureCrashInHandler")
            let application = Application(clock: ManualClock())
            application.textMeasurer = TextMeasurer()
            let scene = try application.connectScene(
                named: "isolated", pluginName: loaded.name, delegate: loaded.descriptor.makeSceneDelegate(), options: [:],
                screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
            scene.activate()
            application.layoutIfNeeded()
            return try Renderer().renderWindow(scene.windows[0], scale: 1).image
        }
        #expect(run.width == expected.width && run.height == expected.height)
        var differing = 0
        for y in 0..<min(run.height, expected.height) {
            for x in 0..<min(run.width, expected.width) where run.pixels[y * run.width + x] != expected.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ from the in-process rendering")
        #expect(run.pixels.contains { $0 != 0 }, "the picture is not empty")
    }

    @Test("A touch sent over the channel is answered with what it hit, and the pressed button's picture follows once a buffer is released")
    func touchIsAnsweredWithItsHit() async throws {
        let run = try await offPool { () throws -> Run in
            let harness = try SceneProcessHarness(plugin: "FixtureCrashInHandler")
            var run = Run()
            guard try harness.receive(until: { _ in harness.frames.count >= 1 }) else { return run }
            let first = harness.frames[0]
            try harness.send(.releaseBuffer(window: first.window, slot: first.slot))
            let down = SceneTouchRecord(slot: 1, phase: .down, x: 100, y: 62)
            try harness.send(.input(id: 7, code: SceneInputCode.touch, body: down.body))
            try harness.receive(until: { envelopes in
                envelopes.contains { if case .inputDone(7, _) = $0.message { true } else { false } } && harness.frames.count >= 2
            })
            for envelope in harness.received {
                if case .inputDone(7, let body) = envelope.message { run.outcome = try SceneTouchOutcome(body: body) }
            }
            run.framesAfterTouch = harness.frames.count - 1
            // Cancelled, not lifted: the button's action (a crash) does not run.
            _ = try harness.touch(SceneTouchRecord(slot: 1, phase: .cancel), id: 8)
            harness.closeChannel()
            run.exit = harness.waitForEnd()
            return run
        }
        let outcome = try #require(run.outcome)
        #expect(outcome.window == 0)
        #expect(outcome.view == "crash", "the button, by its accessibility identifier: \(outcome.view)")
        #expect(outcome.touch != 0)
        #expect(outcome.errorCode.isEmpty)
        #expect(run.framesAfterTouch >= 1, "the highlight was drawn and handed over")
        #expect(run.exit == .exited(0), "a closed channel ends the scene process cleanly")
    }

    @Test("A touch is answered before the picture it changed is drawn: with a view that takes seconds to draw while touched, the answer comes first and the frame after")
    func touchIsAnsweredBeforeItsPictureIsDrawn() async throws {
        let drawSeconds = Int(SanitizedRun.seconds(2).rounded(.up))
        let run = try await offPool { () throws -> (framesAtAnswer: Int, framesAfter: Int, outcome: SceneTouchOutcome?, exit: SceneExit?) in
            let harness = try SceneProcessHarness(plugin: "FixtureHangInHandler", arguments: ["--scene-option", "draw-seconds=\(drawSeconds)"])
            guard try harness.receive(until: { _ in harness.frames.count >= 1 }) else { return (0, 0, nil, nil) }
            let first = harness.frames[0]
            try harness.send(.releaseBuffer(window: first.window, slot: first.slot))
            let outcome = try harness.touch(SceneTouchRecord(slot: 1, phase: .down, x: 100, y: 142), id: 7)
            let framesAtAnswer = harness.frames.count
            // The slow picture follows once drawn.
            try harness.receive(timeout: SanitizedRun.seconds(30) + Double(drawSeconds), until: { _ in harness.frames.count >= 2 })
            let framesAfter = harness.frames.count
            // Cancelled before the channel closes: a scene process that ends with a finger down leaves
            // the touch and its window holding each other, which LeakSanitizer reports at exit.
            try harness.send(.input(id: 8, code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .cancel).body))
            try harness.receive(until: { $0.contains { if case .inputDone(8, _) = $0.message { true } else { false } } })
            harness.closeChannel()
            return (framesAtAnswer, framesAfter, outcome, harness.waitForEnd())
        }
        #expect(run.outcome?.view == "slow-drawing", "the touch hit the slow view: \(String(describing: run.outcome))")
        #expect(run.framesAtAnswer == 1, "the answer came before the touched view's picture, not with it (\(run.framesAtAnswer) frames when it came)")
        #expect(run.framesAfter >= 2, "the touched view's picture followed")
        #expect(run.exit == .exited(0))
    }

    @Test("A bad touch record is answered with the input error, and the scene process goes on")
    func badInputIsRefused() async throws {
        let run = try await offPool { () throws -> Run in
            let harness = try SceneProcessHarness(plugin: "FixtureCrashInHandler")
            var run = Run()
            try harness.send(.input(id: 1, code: SceneInputCode.touch, body: SceneTouchRecord(slot: 3, phase: .up).body))
            try harness.send(.input(id: 2, code: 99, body: []))
            try harness.receive(until: { $0.contains { if case .inputDone(2, _) = $0.message { true } else { false } } })
            run.messages = harness.received.map(\.message)
            harness.closeChannel()
            run.exit = harness.waitForEnd()
            return run
        }
        let outcomes = run.messages.compactMap { message -> SceneTouchOutcome? in
            if case .inputDone(_, let body) = message { try? SceneTouchOutcome(body: body) } else { nil }
        }
        #expect(outcomes.count == 2)
        #expect(outcomes.first?.errorMessage.contains("slot 3") == true, "\(outcomes)")
        #expect(outcomes.last?.errorMessage.contains("input code 99") == true)
        #expect(run.exit == .exited(0))
    }

    @Test("A crash in a button's action ends only its scene process: the board sees the signal through the pidfd, and the supervisor announces it and plans the restart")
    func crashEndsOnlyTheSceneProcess() async throws {
        let run = try await offPool { () throws -> Run in
            let harness = try SceneProcessHarness(plugin: "FixtureCrashInHandler")
            var run = Run()
            guard try harness.receive(until: { _ in !harness.frames.isEmpty }) else { return run }
            try harness.send(.input(id: 1, code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .down, x: 100, y: 62).body))
            // As the board does: the next input once the last is answered.
            try harness.receive(until: { $0.contains { if case .inputDone(1, _) = $0.message { true } else { false } } })
            try harness.send(.input(id: 2, code: SceneInputCode.touch, body: SceneTouchRecord(slot: 1, phase: .up).body))
            run.exit = harness.waitForEnd()
            try harness.receive(timeout: SanitizedRun.seconds(5)) { _ in harness.closed }
            run.messages = harness.received.map(\.message)
            return run
        }
        let exit = try #require(run.exit, "the scene process ended")
        guard case .signaled(let signal) = exit else {
            Issue.record("ended by \(exit), not by a signal")
            return
        }
        #expect([SIGILL, SIGTRAP, SIGABRT, SIGSEGV].contains(signal))
        #expect(run.messages.contains { if case .inputDone(1, _) = $0 { true } else { false } }, "the touch down was answered before the crash")
        #expect(!run.messages.contains { if case .inputDone(2, _) = $0 { true } else { false } }, "the lift that crashed was never answered")

        var supervisor = SceneSupervisor()
        _ = supervisor.handle(.start, now: 0)
        _ = supervisor.handle(.spawned(pid: 1), now: 0)
        _ = supervisor.handle(.greeted, now: 0)
        _ = supervisor.handle(.input(id: 2), now: 1)
        let actions = supervisor.handle(.ended(exit), now: 2)
        #expect(actions.contains(.fail(ids: [2], .crashed)))
        #expect(actions.contains(.announceCrash(exit, quarantined: false)))
    }

    @Test("A board that sends what is not a packet of the protocol ends the scene process, which says why")
    func malformedPacketEndsTheProcess() async throws {
        let run = try await offPool { () throws -> Run in
            let harness = try SceneProcessHarness(plugin: "FixtureCrashInHandler")
            var run = Run()
            guard try harness.receive(until: { _ in !harness.frames.isEmpty }) else { return run }
            _ = try harness.connection?.socket.send(ChannelPacket(bytes: Array("GET / HTTP/1.1".utf8)))
            run.exit = harness.waitForEnd()
            run.messages = [.goodbye(reason: harness.standardError)]
            return run
        }
        #expect(run.exit == .exited(0), "it ends cleanly, not by a signal")
        guard case .goodbye(let standardError) = run.messages.first else { return }
        #expect(standardError.contains("the board sent what this process cannot read") && standardError.contains("0x4547"), "\(standardError)")
    }
}
