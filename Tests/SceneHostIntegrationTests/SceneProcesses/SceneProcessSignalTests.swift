import DBusKit
import Foundation
import SceneBusContract
import SceneChannel
import SceneHostKit
import TestProcesses
import Testing

/// A scene in its own process reports the same event signals, argument for argument, as the host
/// publishes for the same scene and the same touches in one process: seed 000's FindView, tapped on
/// blue with a move and on red, in the real scene-host over D-Bus and in a scene process over its
/// channel.
@Suite("Scene process signals")
struct SceneProcessSignalTests {
    /// The touches, as (slot, phase, x, y) in screen points.
    static let steps: [(SceneTouchRecord.Phase, Double, Double)] = [(.down, 240, 250), (.move, 250, 250), (.up, 0, 0), (.down, 100, 150), (.up, 0, 0)]

    /// A signal without `seq` or a touch's timestamp, windows as `window#INDEX` of the scene and the
    /// scene as `scene:NAME`: what both sides must agree on. `KeyWindowChanged` is left out: the
    /// application's key window moves between scenes, which only the board sees.
    static func normalized(member: String, values: [String]) -> String? {
        guard member != "KeyWindowChanged" else { return nil }
        var values = values
        if member == "Touch", values.count > 6 { values.remove(at: 6) }
        return "\(member)(\(values.joined(separator: ", ")))"
    }

    @Test("FindView's touches give the same signals, argument for argument, from a scene process as from the host")
    @MainActor
    func sameSignalsAsTheHost() async throws {
        let host = try HostProcess(arguments: [], scenes: .demoTrio)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let scene = SceneBusContract.scenePath("findview")
        let windows = try await client.property(scene, SceneBusContract.sceneInterface, "Windows").arrayElements?.compactMap(\.objectPathValue) ?? []
        let frame = try await client.property(scene, SceneBusContract.sceneInterface, "Frame").structFields?.compactMap(\.doubleValue) ?? []
        try #require(frame.count == 4 && !windows.isEmpty)
        client.clear()
        for (phase, x, y) in Self.steps {
            switch phase {
            case .down: _ = try await client.host("TouchDown", [.uint32(7)] + doubles(x, y))
            case .move: _ = try await client.host("TouchMove", [.uint32(7)] + doubles(x, y))
            case .up: _ = try await client.host("TouchUp", [.uint32(7)])
            case .cancel: _ = try await client.host("TouchCancel", [.uint32(7)])
            }
        }
        try await client.waitForSignals("five touch phases") { $0.filter { $0.member == "Touch" }.count == 5 }
        let fromHost = client.signals.compactMap { signal -> String? in
            let values = signal.arguments.dropFirst().map { value -> String in
                if let path = value.objectPathValue {
                    if let index = windows.firstIndex(of: path) { return "window#\(index)" }
                    if path == scene { return "scene:findview" }
                    return path == .root ? "window#-1" : path.rawValue
                }
                return value.stringValue ?? value.uint64Value.map(String.init) ?? value.uint32Value.map(String.init) ?? value.doubleValue.map { "\($0)" } ?? "\(value)"
            }
            return Self.normalized(member: signal.member, values: values)
        }

        let frameArgument = frame.map { String($0) }.joined(separator: ",")
        let fromProcess = try await offPool { () throws -> [String] in
            let harness = try SceneProcessHarness(plugin: "FindView", scene: "findview", frame: frameArgument)
            // What the scene said while it connected comes before its first frame; the host's
            // list starts with the first touch.
            try harness.receive(until: { _ in !harness.frames.isEmpty })
            let connected = harness.received.count
            var id: UInt64 = 1
            for (phase, x, y) in Self.steps {
                _ = try harness.touch(SceneTouchRecord(slot: 7, phase: phase, x: x, y: y), id: id)
                id += 1
            }
            harness.closeChannel()
            let signals = harness.received.dropFirst(connected).compactMap { envelope -> SceneSignal? in
                guard case .event(SceneEventCode.signal, let body) = envelope.message else { return nil }
                return try? SceneSignal(body: body)
            }
            return signals.compactMap { signal in
                Self.normalized(
                    member: signal.member,
                    values: signal.values.map { value in
                        switch value {
                        case .u64(let number): String(number)
                        case .u32(let number): String(number)
                        case .double(let number): "\(number)"
                        case .string(let text): text
                        case .window(let index): "window#\(index)"
                        case .scene(let name): "scene:\(name)"
                        }
                    })
            }
        }
        #expect(fromHost.filter { $0.hasPrefix("Log(") }.count >= 8, "seed 000's traces are among them: \(fromHost)")
        #expect(fromProcess == fromHost)
    }
}
