import DBusKit
import Foundation
import SceneBusContract
import Testing

/// `Window1.PerformActions` against the real scene-host: unmodified Appium bodies drive GestureLab's
/// canvas recognizers; ten fingers; bad bodies and limits.
@MainActor
@Suite("W3C actions against the real scene-host", .serialized)
struct PerformActionsTests {
    /// What Appium's Python client (Selenium's ActionBuilder with two touch PointerInputs) sends for a
    /// zoom on GestureLab's canvas: fingers from 60 to 200 points apart around (195, 670).
    static let appiumZoom = """
        {"actions": [
          {"type": "pointer", "parameters": {"pointerType": "touch"}, "id": "finger1", "actions": [
            {"type": "pointerMove", "duration": 0, "x": 165, "y": 670, "origin": "viewport"},
            {"type": "pointerDown", "button": 0, "width": 1, "height": 1, "pressure": 0.5},
            {"type": "pause", "duration": 100},
            {"type": "pointerMove", "duration": 500, "x": 95, "y": 670, "origin": "viewport"},
            {"type": "pointerUp", "button": 0}]},
          {"type": "pointer", "parameters": {"pointerType": "touch"}, "id": "finger2", "actions": [
            {"type": "pointerMove", "duration": 0, "x": 225, "y": 670, "origin": "viewport"},
            {"type": "pointerDown", "button": 0, "width": 1, "height": 1, "pressure": 0.5},
            {"type": "pause", "duration": 100},
            {"type": "pointerMove", "duration": 500, "x": 295, "y": 670, "origin": "viewport"},
            {"type": "pointerUp", "button": 0}]},
          {"type": "key", "id": "key", "actions": [{"type": "pause", "duration": 0}, {"type": "pause", "duration": 0}]}
        ]}
        """

    /// Two fingers 120 points apart turning a quarter turn around (195, 670) in six steps.
    static var rotation: String {
        func finger(_ id: String, _ start: Double) -> String {
            var actions = ["{\"type\": \"pointerMove\", \"duration\": 0, \"x\": \(195 + 60 * cos(start)), \"y\": \(670 + 60 * sin(start))}", "{\"type\": \"pointerDown\", \"button\": 0}"]
            for step in 1...6 {
                let angle = start + Double.pi / 2 * Double(step) / 6
                actions.append("{\"type\": \"pointerMove\", \"duration\": 50, \"x\": \(195 + 60 * cos(angle)), \"y\": \(670 + 60 * sin(angle))}")
            }
            actions.append("{\"type\": \"pointerUp\", \"button\": 0}")
            return "{\"type\": \"pointer\", \"id\": \"\(id)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [\(actions.joined(separator: ", "))]}"
        }
        return "{\"actions\": [\(finger("thumb", Double.pi)), \(finger("index", 0))]}"
    }

    private func perform(_ client: HostBusClient, window: Int, _ json: String) async throws -> [String] {
        try await client.window(window, "PerformActions", [.string(json)])[0].arrayElements?.compactMap(\.stringValue) ?? []
    }

    @Test("An unmodified Appium zoom body drives GestureLab's pinch recognizer to ended with scale 200/60; a quarter-turn body ends its rotation at π/2")
    func pinchAndRotate() async throws {
        let host = try ToolkitHost.start(clock: "virtual")
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let window = ToolkitHost.gesturelabWindow
        #expect(try await perform(client, window: window, Self.appiumZoom) == ["canvas", "canvas"])
        #expect(abs((try await client.host("Now")[0].doubleValue ?? 0) - 0.6) < 1e-9, "the body lasts 100 + 500 ms of virtual time")
        #expect(try await perform(client, window: window, Self.rotation) == ["canvas", "canvas"])
        try await client.settle()
        let lines = client.logLines(of: "gesturelab")
        #expect(lines.contains("pinch ended scale=3.3333"), "\(lines)")
        #expect(lines.contains("rotation ended rotation=1.5708"), "\(lines)")
        let touches = client.signals(named: "Touch")
        #expect(touches.filter { $0.string(3) == "began" }.count == 4 && touches.filter { $0.string(3) == "ended" }.count == 4)
        #expect(client.signals(named: "GestureStateChanged").contains { $0.string(3) == "pinch" && $0.string(4) == "ended" })
    }

    @Test("Ten fingers at once: ten touches begin in one event and end in the next; an eleventh is over the limit")
    func tenFingers() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        func body(_ count: Int) -> String {
            let sources = (0..<count).map { finger in
                "{\"type\": \"pointer\", \"id\": \"f\(finger)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": ["
                    + "{\"type\": \"pointerMove\", \"x\": \(20 + finger * 35), \"y\": 800}, {\"type\": \"pointerDown\"}, {\"type\": \"pause\", \"duration\": 100}, {\"type\": \"pointerUp\"}]}"
            }
            return "{\"actions\": [\(sources.joined(separator: ", "))]}"
        }
        let hits = try await perform(client, window: 1, body(10))
        #expect(hits.count == 10)
        #expect(Set(hits) == ["Window#"], "every finger landed on the window's background: \(hits)")
        try await client.settle()
        let touches = client.signals(named: "Touch")
        #expect(touches.filter { $0.string(3) == "began" }.count == 10)
        #expect(Set(touches.filter { $0.string(3) == "began" }.map { $0.arguments[7].doubleValue }) == [0], "one event")
        #expect(Set(touches.filter { $0.string(3) == "ended" }.map { $0.arguments[7].doubleValue }) == [0.1])
        let eleven = await client.failure { _ = try await perform(client, window: 1, body(11)) }
        #expect(eleven?.name == SceneBusContract.ErrorNames.limitsExceeded)
        #expect(eleven?.message.contains("11 simultaneous touches; the limit is 10") == true, "\(eleven?.message ?? "")")
    }

    @Test("Real clock: pauses wait without blocking the main loop; an element origin taps the view's centre")
    func realClockPause() async throws {
        let host = try ToolkitHost.start(clock: "real", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let body = """
            {"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
              {"type": "pointerMove", "origin": {"element-6066-11e4-a52e-4f735466cecf": "target"}},
              {"type": "pointerDown"}, {"type": "pause", "duration": 300}, {"type": "pointerUp"}, {"type": "pause", "duration": 200}]}]}
            """
        let start = Date()
        async let hits = perform(client, window: 1, body)
        #expect(try await client.window(1, "HitTest", doubles(80, 70)) == [.string("press")], "served during the pauses")
        #expect(try await hits == ["target"])
        #expect(Date().timeIntervalSince(start) >= 0.5, "the body lasts 300 + 200 ms")
        _ = try await client.settle()
        #expect(client.logLines(of: "toolkit") == ["target tapped"])
    }

    @Test("A wheel source scrolls the scroll view under its point, from the viewport or an element; a finger's hits are unchanged")
    func wheelScrolls() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        let body = """
            {"actions": [{"type": "wheel", "id": "w", "actions": [
              {"type": "scroll", "x": 100, "y": 550, "deltaX": 0, "deltaY": 120},
              {"type": "scroll", "x": 0, "y": 0, "deltaX": 0, "deltaY": -20, "origin": {"element-6066-11e4-a52e-4f735466cecf": "scroller"}}]}]}
            """
        #expect(try await perform(client, window: 1, body) == [])
        // Each step flashes the scroll view's indicators, which fade for 0.3 s of the virtual clock
        // (SV-24): idle only once it has moved on.
        _ = try await client.advanceClock(0.3)
        _ = try await client.settle()
        #expect(client.logLines(of: "toolkit") == ["scrolled to 0, 120", "scrolled to 0, 100"])
        let bad = await client.failure {
            _ = try await perform(client, window: 1, "{\"actions\": [{\"type\": \"wheel\", \"id\": \"w\", \"actions\": [{\"type\": \"scroll\", \"x\": 1, \"y\": 1, \"deltaY\": 5}]}]}")
        }
        #expect(bad?.name == .invalidArgs)
        #expect(bad?.message == "actions[0].actions[0].deltaX: missing; a wheel scroll needs x, y, deltaX and deltaY")
    }

    @Test("Bad bodies: InvalidArgs naming the path, UnknownView for a missing element, LimitsExceeded for huge lists; the host keeps serving")
    func badBodies() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        func failure(_ json: String) async -> BusError? {
            await client.failure { _ = try await perform(client, window: 1, json) }
        }
        let notJSON = await failure("{\"actions\": [")
        #expect(notJSON?.name == .invalidArgs)
        #expect(notJSON?.message.hasPrefix("the body is not valid JSON") == true, "\(notJSON?.message ?? "")")
        let unknown = await failure("""
            {"actions": [{"type": "none", "id": "n", "actions": [{"type": "pause"}]},
              {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
                {"type": "pointerDown"}, {"type": "pointerUp"}, {"type": "pause"}, {"type": "flick"}]}]}
            """)
        #expect(unknown?.name == .invalidArgs)
        #expect(unknown?.message == "actions[1].actions[3].type: unknown pointer action 'flick'; use pointerMove, pointerDown, pointerUp, pointerCancel or pause")
        let element = await failure("""
            {"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
              {"type": "pointerMove", "origin": {"element-6066-11e4-a52e-4f735466cecf": "ghost"}}, {"type": "pointerDown"}, {"type": "pointerUp"}]}]}
            """)
        #expect(element?.name == SceneBusContract.ErrorNames.unknownView)
        #expect(element?.message.hasPrefix("actions[0].actions[0].origin: no visible view 'ghost'") == true, "\(element?.message ?? "")")
        let pauses = Array(repeating: "{\"type\": \"pause\"}", count: 10_001).joined(separator: ",")
        let huge = await failure("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": [\(pauses)]}]}")
        #expect(huge?.name == SceneBusContract.ErrorNames.limitsExceeded)
        #expect(huge?.message == "actions: 10001 actions in one call; the limit is 10000 (bus.limits.samples-per-call)")
        let long = await failure("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": [{\"type\": \"pause\", \"duration\": 61000}]}]}")
        #expect(long?.name == SceneBusContract.ErrorNames.limitsExceeded)
        #expect(long?.message == "the actions last 61 s; the limit is 60 s (bus.limits.script-seconds)")
        let gone = await client.failure { _ = try await client.call(SceneBusContract.windowPath(99), SceneBusContract.windowInterface, "PerformActions", [.string("{}")]) }
        #expect(gone?.name == .unknownObject || gone?.name.rawValue == "org.freedesktop.DBus.Error.UnknownObject", "\(gone.map { "\($0)" } ?? "")")
        try await client.settle()
        #expect(client.signals(named: "Touch").isEmpty, "nothing was delivered")
        #expect(try await perform(client, window: 1, "{\"actions\": []}") == [])
    }

    @Test(
        "A body of 10,000 key actions, each a step of its own with no pause, is played in full: the host neither overflows its stack nor stops serving; the same in a scene process",
        arguments: [false, true])
    func longKeyBody(isolated: Bool) async throws {
        let host = try HostProcess(arguments: ["--config", try ToolkitHost.configuration(clock: "virtual", toolkitOnly: true, isolated: isolated)])
        // Not subscribed: the body's signals (thousands) are not what this test reads, and receiving them
        // was a quarter of its time in a plain build (3.8 s to 2.8 s for both cases).
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        // One key source: every tick holds one key action, so every action is a step played right after
        // the one before (the limit, bus.limits.samples-per-call, is 10,000 actions).
        let presses = Array(repeating: "{\"type\": \"keyDown\", \"value\": \"a\"}, {\"type\": \"keyUp\", \"value\": \"a\"}", count: 5_000)
        #expect(try await perform(client, window: 1, "{\"actions\": [{\"type\": \"key\", \"id\": \"keyboard\", \"actions\": [\(presses.joined(separator: ", "))]}]}") == [])
        #expect(try await client.host("Now")[0].doubleValue == 0, "no pause: the body takes no virtual time")
        #expect(try await perform(client, window: 1, "{\"actions\": []}") == [], "the host still serves")
    }
}
