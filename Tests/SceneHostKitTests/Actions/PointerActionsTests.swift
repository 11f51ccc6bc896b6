import SceneCore
import SceneHostKit
import TestSupport
import Testing

/// W3C Perform Actions bodies: parsing with paths in errors, and their ticks as scripted input.
@MainActor
@Suite("W3C pointer actions")
struct PointerActionsTests {
    let application = Application(clock: ManualClock())
    let delegate = BuildWindow(views: [])

    init() throws {
        // The window at screen (100, 50): samples are in screen points.
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 100, y: 50, width: 400, height: 400))
        scene.activate()
    }

    /// A touch pointer source with `actions` (JSON fragments).
    static func finger(_ id: String, _ actions: [String]) -> String {
        "{\"type\": \"pointer\", \"id\": \"\(id)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [\(actions.joined(separator: ", "))]}"
    }

    private func samples(_ body: String) throws -> (samples: [InputSample], trailingSeconds: Double) {
        try PointerActions.parse(json: body, maximumActions: 1000).samples(in: delegate.window!) { reference in
            reference == "known" ? Point(x: 50, y: 60) : nil
        }
    }

    private func failure(_ body: String, maximumActions: Int = 1000) -> ActionsError? {
        do {
            _ = try PointerActions.parse(json: body, maximumActions: maximumActions).samples(in: delegate.window!) { _ in nil }
            return nil
        } catch {
            return error
        }
    }

    @Test("A tap: the down at the first tick's position, the up after the pause; the window is the viewport")
    func tap() throws {
        let body = "{\"actions\": [\(Self.finger("f", ["{\"type\": \"pointerMove\", \"duration\": 0, \"x\": 10, \"y\": 20}", "{\"type\": \"pointerDown\", \"button\": 0}", "{\"type\": \"pause\", \"duration\": 100}", "{\"type\": \"pointerUp\", \"button\": 0}"]))]}"
        let (samples, trailing) = try samples(body)
        #expect(samples == [
            InputSample(slot: 0, phase: .down, location: Point(x: 110, y: 70), delay: 0),
            InputSample(slot: 0, phase: .up, location: Point(x: 110, y: 70), delay: 0.1),
        ])
        #expect(trailing == 0)
    }

    @Test("Two fingers: downs in one tick form one event; moves with a duration are interpolated together at 60 Hz, over the tick")
    func pinch() throws {
        let body = "{\"actions\": [" + Self.finger("a", ["{\"type\": \"pointerMove\", \"x\": 100, \"y\": 100}", "{\"type\": \"pointerDown\"}", "{\"type\": \"pointerMove\", \"duration\": 50, \"x\": 70, \"y\": 100}", "{\"type\": \"pointerUp\"}"])
            + ", " + Self.finger("b", ["{\"type\": \"pointerMove\", \"x\": 200, \"y\": 100}", "{\"type\": \"pointerDown\"}", "{\"type\": \"pointerMove\", \"duration\": 50, \"x\": 230, \"y\": 100}", "{\"type\": \"pointerUp\"}"]) + "]}"
        let (samples, _) = try samples(body)
        // 0.05 s at 60 Hz: 3 steps; finger a at 90, 80, 70 and b at 210, 220, 230 (+100 screen offset).
        #expect(samples.map(\.phase) == [.down, .down, .move, .move, .move, .move, .move, .move, .up, .up])
        #expect(samples.map(\.slot) == [0, 1, 0, 1, 0, 1, 0, 1, 0, 1])
        #expect(samples.filter { $0.phase == .move }.map(\.location.x).map { ($0 * 1000).rounded() / 1000 } == [190, 310, 180, 320, 170, 330])
        let delays = samples.map { ($0.delay * 1e6).rounded() / 1e6 }
        #expect(delays == [0, 0, 0.016667, 0, 0.016667, 0, 0.016667, 0, 0, 0], "a frame's first sample carries its delay, the rest are the same event")
    }

    @Test("Ticks last as long as their longest action: a pause of another source delays the next tick; origins viewport, pointer and element")
    func ticksAndOrigins() throws {
        let body = "{\"actions\": [" + Self.finger("a", [
            "{\"type\": \"pointerMove\", \"x\": 10, \"y\": 10}", "{\"type\": \"pointerDown\"}",
            "{\"type\": \"pointerMove\", \"origin\": \"pointer\", \"x\": 5, \"y\": 0}",
            "{\"type\": \"pointerMove\", \"origin\": {\"element-6066-11e4-a52e-4f735466cecf\": \"known\"}, \"x\": 1, \"y\": 1}",
            "{\"type\": \"pointerUp\"}",
        ]) + ", {\"type\": \"none\", \"id\": \"clock\", \"actions\": [{\"type\": \"pause\"}, {\"type\": \"pause\", \"duration\": 250}, {\"type\": \"pause\", \"duration\": 0}]}"
            + ", {\"type\": \"key\", \"id\": \"keys\", \"actions\": [{\"type\": \"pause\"}]}], \"extra\": true}"
        let (samples, trailing) = try samples(body)
        #expect(samples.map(\.location) == [Point(x: 110, y: 60), Point(x: 115, y: 60), Point(x: 151, y: 111), Point(x: 151, y: 111)])
        #expect(samples.map(\.delay) == [0, 0.25, 0, 0], "the down's tick lasts 250 ms because the none source pauses in it")
        #expect(trailing == 0)
    }

    @Test("Trailing pauses are returned as time after the last sample")
    func trailingPause() throws {
        let body = "{\"actions\": [\(Self.finger("f", ["{\"type\": \"pointerDown\"}", "{\"type\": \"pointerUp\"}", "{\"type\": \"pause\", \"duration\": 300}"]))]}"
        #expect(try samples(body).trailingSeconds == 0.3)
    }

    @Test(
        "Bad bodies name the path into the JSON",
        arguments: [
            ("{\"actions\": [", "", "the body is not valid JSON"),
            ("[]", "", "the body must be an object {\"actions\": [...]}, not an array"),
            ("{}", "actions", "missing"),
            ("{\"actions\": {}}", "actions", "must be an array of input sources, not an object"),
            ("{\"actions\": [3]}", "actions[0]", "must be an input source"),
            ("{\"actions\": [{\"type\": \"pen\", \"id\": \"w\", \"actions\": []}]}", "actions[0].type", "unknown input source type 'pen'"),
            ("{\"actions\": [{\"type\": \"wheel\", \"id\": \"w\", \"actions\": [{\"type\": \"scroll\"}]}]}", "actions[0].actions[0].x", "missing; a wheel scroll needs x, y, deltaX and deltaY"),
            ("{\"actions\": [{\"type\": \"wheel\", \"id\": \"w\", \"actions\": [{\"type\": \"scroll\", \"x\": 0, \"y\": 0, \"deltaX\": 0}]}]}", "actions[0].actions[0].deltaY", "missing"),
            ("{\"actions\": [{\"type\": \"wheel\", \"id\": \"w\", \"actions\": [{\"type\": \"scroll\", \"x\": 0, \"y\": 0, \"deltaX\": 0, \"deltaY\": 1.5}]}]}", "actions[0].actions[0].deltaY", "must be an integer"),
            ("{\"actions\": [{\"type\": \"wheel\", \"id\": \"w\", \"actions\": [{\"type\": \"scroll\", \"x\": 0, \"y\": 0, \"deltaX\": 0, \"deltaY\": 5, \"origin\": \"pointer\"}]}]}", "actions[0].actions[0].origin", "not from \"pointer\""),
            ("{\"actions\": [{\"type\": \"wheel\", \"id\": \"w\", \"actions\": [{\"type\": \"pointerDown\"}]}]}", "actions[0].actions[0].type", "unknown wheel action 'pointerDown'; use scroll or pause"),
            ("{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"parameters\": {\"pointerType\": \"trackball\"}, \"actions\": []}]}", "actions[0].parameters.pointerType", "'trackball' is not a pointer type; use touch, mouse or pen"),
            ("{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"parameters\": 3, \"actions\": []}]}", "actions[0].parameters", "must be an object"),
            ("{\"actions\": [{\"type\": \"pointer\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": []}]}", "actions[0].id", "missing"),
            ("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": [{\"type\": \"pause\"}, {\"type\": \"pointerDown\"}]}]}", "actions[0].actions[1].type", "a none input source can only pause"),
            ("{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyPress\", \"value\": \"a\"}]}]}", "actions[0].actions[0].type", "unknown key action 'keyPress'; use keyDown, keyUp or pause"),
            ("{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyDown\", \"value\": \"ab\"}]}]}", "actions[0].actions[0].value", "'ab' must be one character"),
            ("{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyDown\"}]}]}", "actions[0].actions[0].value", "missing"),
            ("{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyDown\", \"value\": \"a\"}]}]}", "actions[0]", "key 'a' of 'k' is still down after its last action; end with keyUp"),
            ("{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"keyUp\", \"value\": \"\\uE007\"}]}]}", "actions[0].actions[0]", "key U+E007 of 'k' is not down; press it (keyDown) first"),
            ("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": [{\"type\": \"pause\", \"duration\": -5}]}]}", "actions[0].actions[0].duration", "must be a number of milliseconds ≥ 0"),
            ("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": [{\"type\": \"pause\", \"duration\": \"5\"}]}]}", "actions[0].actions[0].duration", "must be a finite number, not a string"),
            ("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": []}, {\"type\": \"none\", \"id\": \"n\", \"actions\": []}]}", "actions[1].id", "'n' names an earlier input source too"),
        ])
    func badBodies(body: String, path: String, message: String) {
        let error = failure(body)
        #expect(error?.code == .invalidArgument, "\(body)")
        #expect(error?.path == path, "\(body): \(error.map { "\($0)" } ?? "accepted")")
        #expect(error?.message.contains(message) == true, "\(body): \(error.map { "\($0)" } ?? "accepted")")
    }

    @Test("Unknown action types, fingers down twice, lifted while up, left down, and unknown elements name the action")
    func badSequences() {
        func body(_ actions: [String]) -> String { "{\"actions\": [\(Self.finger("f", actions))]}" }
        let unknown = failure("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": []}, \(Self.finger("f", ["{\"type\": \"pointerDown\"}", "{\"type\": \"pointerUp\"}", "{\"type\": \"pause\"}", "{\"type\": \"scroll\"}"]))]}")
        #expect(unknown?.description == "actions[1].actions[3].type: unknown pointer action 'scroll'; use pointerMove, pointerDown, pointerUp, pointerCancel or pause")
        #expect(failure(body(["{\"type\": \"pointerDown\"}", "{\"type\": \"pointerDown\"}"]))?.description
            == "actions[0].actions[1]: pointer 'f' is already down; lift it (pointerUp) first")
        #expect(failure(body(["{\"type\": \"pointerUp\"}"]))?.description == "actions[0].actions[0]: pointer 'f' is not down; put it down (pointerDown) first")
        #expect(failure(body(["{\"type\": \"pointerDown\"}"]))?.description == "actions[0]: pointer 'f' is still down after its last action; end with pointerUp")
        let element = failure(body(["{\"type\": \"pointerMove\", \"origin\": {\"element-6066-11e4-a52e-4f735466cecf\": \"nope\"}}"]))
        #expect(element?.code == .unknownElement)
        #expect(element?.path == "actions[0].actions[0].origin")
    }

    @Test("A wheel source scrolls at its point (viewport or element origin): a scroll with a duration in steps over it that add up to its delta, one without in one step at its tick's start")
    func wheelScrolls() throws {
        let element = "{\"element-6066-11e4-a52e-4f735466cecf\": \"known\"}"
        let body = """
            {"actions": [{"type": "wheel", "id": "w", "actions": [
              {"type": "scroll", "x": 10, "y": 20, "deltaX": 0, "deltaY": 120, "duration": 100},
              {"type": "scroll", "x": 0, "y": 0, "deltaX": -5, "deltaY": 0, "origin": \(element)},
              {"type": "pause", "duration": 30}]}]}
            """
        let timeline = try PointerActions.parse(json: body, maximumActions: 1000).timeline(in: .window(delegate.window!)) { reference in
            reference == "known" ? Point(x: 50, y: 60) : nil
        }
        // 100 ms at 60 samples a second: six steps of 20 points, one every 1/60 s.
        let spread = timeline.steps.dropLast()
        #expect(spread.count == 6)
        for case .scroll(let point, let delta, let delay) in spread {
            #expect(point == Point(x: 110, y: 70) && abs(delta.y - 20) < 1e-9 && delta.x == 0, "\(delta)")
            #expect(abs(delay - 0.1 / 6) < 1e-12)
        }
        #expect(timeline.steps.last == .scroll(at: Point(x: 150, y: 110), delta: Point(x: -5, y: 0), delay: 0))
        #expect(abs(timeline.totalSeconds - 0.13) < 1e-12)
        #expect(abs(timeline.trailingSeconds - 0.03) < 1e-12)
    }

    @Test("Random wheel scrolls with durations: the steps of each add up to its delta, and the timeline lasts as long as the ticks")
    func wheelStepsAddUp() throws {
        var random = SplitMix64(seed: 0x57EE15)
        for _ in 0..<200 {
            let deltaY = Int.random(in: -3000...3000, using: &random), deltaX = Int.random(in: -50...50, using: &random)
            let milliseconds = [0, 1, 7, 16, 100, 333, 1000].randomElement(using: &random)!
            let body = """
                {"actions": [{"type": "wheel", "id": "w", "actions": [
                  {"type": "scroll", "x": 5, "y": 5, "deltaX": \(deltaX), "deltaY": \(deltaY), "duration": \(milliseconds)}]}]}
                """
            let timeline = try PointerActions.parse(json: body, maximumActions: 1000).timeline(in: .window(delegate.window!)) { _ in nil }
            var sum = Point.zero
            for case .scroll(_, let delta, _) in timeline.steps { sum = Point(x: sum.x + delta.x, y: sum.y + delta.y) }
            #expect(abs(sum.x - Double(deltaX)) < 1e-6 && abs(sum.y - Double(deltaY)) < 1e-6, "\(deltaX), \(deltaY) over \(milliseconds) ms: \(sum)")
            #expect(abs(timeline.totalSeconds - Double(milliseconds) / 1000) < 1e-9)
            #expect(timeline.steps.count <= Swift.max(1, Int((Double(milliseconds) / 1000 * PointerActions.moveSampleRate).rounded(.up))))
        }
    }

    @Test("A pointer without parameters is W3C's default mouse, and a mouse is a finger like a touch pointer")
    func mouseIsAFinger() throws {
        let actions = "[{\"type\": \"pointerMove\", \"x\": 10, \"y\": 20}, {\"type\": \"pointerDown\", \"button\": 0}, {\"type\": \"pointerUp\", \"button\": 0}]"
        let touch = try samples("{\"actions\": [\(Self.finger("f", ["{\"type\": \"pointerMove\", \"x\": 10, \"y\": 20}", "{\"type\": \"pointerDown\", \"button\": 0}", "{\"type\": \"pointerUp\", \"button\": 0}"]))]}")
        let defaulted = try samples("{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"actions\": \(actions)}]}")
        let mouse = try samples("{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"parameters\": {\"pointerType\": \"mouse\"}, \"actions\": \(actions)}]}")
        #expect(touch.samples.count == 2)
        #expect(defaulted.samples == touch.samples)
        #expect(mouse.samples == touch.samples)
    }

    @Test("Key sources press and release keys between touches: a character's press carries its text, Shift held applies to the keys after it, other characters are text")
    func keys() throws {
        func key(_ type: String, _ value: String) -> String { "{\"type\": \"\(type)\", \"value\": \"\(value)\"}" }
        let keys = [key("keyDown", "\\uE008"), key("keyDown", "a"), key("keyUp", "a"), key("keyUp", "\\uE008"), "{\"type\": \"pause\", \"duration\": 100}", key("keyDown", "é"), key("keyUp", "é")]
        let body = "{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [\(keys.joined(separator: ", "))]}]}"
        let timeline = try PointerActions.parse(json: body, maximumActions: 1000).timeline(in: .window(delegate.window!)) { _ in nil }
        let shift = Key(keyCode: .keyboardLeftShift)
        let shiftedA = Key(keyCode: .keyboardA, modifierFlags: .shift)
        #expect(timeline.steps == [
            .keys([.press(shift, .began)], delay: 0),
            .keys([.press(shiftedA, .began), .text("A")], delay: 0),
            .keys([.press(shiftedA, .ended)], delay: 0),
            .keys([.press(Key(keyCode: .keyboardLeftShift, modifierFlags: .shift), .ended)], delay: 0),
            .keys([.text("é")], delay: 0.1),
        ])
        #expect(timeline.totalSeconds == 0.1)
    }

    @Test("A key action while a finger is down is refused naming both")
    func keyWhileFingerDown() {
        let body = "{\"actions\": [" + Self.finger("f", ["{\"type\": \"pointerDown\"}", "{\"type\": \"pause\"}", "{\"type\": \"pointerUp\"}"])
            + ", {\"type\": \"key\", \"id\": \"k\", \"actions\": [{\"type\": \"pause\"}, {\"type\": \"keyDown\", \"value\": \"a\"}, {\"type\": \"keyUp\", \"value\": \"a\"}]}]}"
        let error = failure(body)
        #expect(error?.path == "actions[1].actions[1]")
        #expect(error?.message.contains("a key action while pointer 'f' is down") == true, "\(error.map { "\($0)" } ?? "accepted")")
    }

    @Test("More actions than the limit are refused naming the limit, before anything is checked further")
    func limit() {
        let many = (0..<20).map { _ in "{\"type\": \"pause\"}" }.joined(separator: ", ")
        let error = failure("{\"actions\": [{\"type\": \"none\", \"id\": \"n\", \"actions\": [\(many)]}]}", maximumActions: 10)
        #expect(error?.code == .limitExceeded)
        #expect(error?.description == "actions: 20 actions in one call; the limit is 10 (bus.limits.samples-per-call)")
    }
}
