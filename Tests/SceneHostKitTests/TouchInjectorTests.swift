import SceneCore
import SceneErrors
import SceneHostKit
import Testing

@MainActor
final class BuildWindow: SceneDelegate {
    var window: Window?
    let views: [View]
    init(views: [View]) { self.views = views }
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        views.forEach(window.addSubview)
        window.makeKeyAndVisible()
        self.window = window
    }
}

/// Counts touch phases by view.
@MainActor
final class PhaseCounter: ApplicationObserver {
    var phases: [String] = []
    func touchDidChange(_ touch: Touch) { phases.append("\(touch.identifier):\(touch.phase.wireName)") }
}

@MainActor
@Suite("Touch injection and scripted gestures")
struct TouchInjectorTests {
    let clock = ManualClock(now: 10)
    let application: Application
    let injector: TouchInjector
    let counter = PhaseCounter()
    let delegate: BuildWindow
    let target = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))

    init() {
        application = Application(clock: clock)
        application.addObserver(counter)
        delegate = BuildWindow(views: [target])
        let scene = try! application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 100, y: 50, width: 400, height: 400))
        scene.activate()
        var limits = ScriptLimits()
        limits.simultaneousTouches = 2
        limits.samplesPerCall = 8
        limits.scriptSeconds = 1
        injector = TouchInjector(application: application, limits: limits)
    }

    @Test("Slots go down, move and up; each change is delivered at once")
    func slots() throws {
        let touch = try #require(try injector.down(slot: 3, at: Point(x: 110, y: 60)))
        #expect(touch.view === target)
        try injector.move(slot: 3, to: Point(x: 120, y: 60))
        try injector.up(slot: 3)
        #expect(counter.phases == ["\(touch.identifier):began", "\(touch.identifier):moved", "\(touch.identifier):ended"])
        #expect(injector.activeSlots.isEmpty)
    }

    @Test("A down that hits nothing still occupies its slot until it lifts")
    func droppedDown() throws {
        #expect(try injector.down(slot: 1, at: Point(x: 5000, y: 5000)) == nil)
        #expect(throws: InputError.self) { try injector.down(slot: 1, at: Point(x: 110, y: 60)) }
        try injector.up(slot: 1)
        #expect(counter.phases.isEmpty)
    }

    @Test("Bad slot calls are errors that name the slot and change nothing")
    func slotErrors() throws {
        #expect(throws: InputError(code: .unknownSlot, message: "slot 9 is not down; put it down first (TouchDown)")) {
            try injector.up(slot: 9)
        }
        _ = try injector.down(slot: 1, at: Point(x: 110, y: 60))
        do {
            _ = try injector.down(slot: 1, at: Point(x: 110, y: 60))
            Issue.record("expected slotInUse")
        } catch {
            #expect(error.code == .slotInUse)
        }
        _ = try injector.down(slot: 2, at: Point(x: 120, y: 60))
        do {
            _ = try injector.down(slot: 3, at: Point(x: 130, y: 60))
            Issue.record("expected limitExceeded")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.message.contains("2 simultaneous touches"))
        }
        do {
            try injector.move(slot: 1, to: Point(x: .nan, y: 1))
            Issue.record("expected invalidValue")
        } catch {
            #expect(error.code == .invalidValue)
        }
        #expect(injector.activeSlots == [1, 2])
    }

    @Test(
        "Scripts are validated before anything is delivered",
        arguments: [
            ([InputSample(slot: 0, phase: .move, location: Point(x: 1, y: 1))], InputError.Code.unknownSlot),
            ([InputSample(slot: 0, phase: .down, location: Point(x: 1, y: 1))], .invalidValue),
            ([InputSample(slot: 0, phase: .down, location: Point(x: 1, y: 1)), InputSample(slot: 0, phase: .down, location: .zero)], .slotInUse),
            ([InputSample(slot: 0, phase: .down, location: .zero), InputSample(slot: 0, phase: .up, location: .zero, delay: 2)], .limitExceeded),
            ([InputSample(slot: 0, phase: .down, location: .zero), InputSample(slot: 0, phase: .up, location: .zero, delay: -1)], .invalidValue),
            (Array(repeating: InputSample(slot: 0, phase: .down, location: .zero), count: 9), .limitExceeded),
        ])
    func scriptValidation(samples: [InputSample], code: InputError.Code) {
        do {
            try injector.validate(samples)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
        }
        #expect(counter.phases.isEmpty)
    }

    @Test("A timed tap script waits on the clock and completes after the last step")
    func timedTap() throws {
        var result: [Touch?]?
        try injector.run(ScriptedGestures.tap(at: Point(x: 10, y: 10), in: delegate.window!, count: 2)) { result = $0 }
        #expect(counter.phases.count == 1)
        #expect(result == nil)
        clock.advance(by: 1)
        let touches = try #require(result)
        #expect(touches.count == 2)
        #expect(touches[1]?.tapCount == 2)
        #expect(counter.phases.count == 4)
    }

    @Test("Both fingers of a scripted pinch move in the same event")
    func pinchFrames() throws {
        target.isMultipleTouchEnabled = true
        final class FrameCounter: GestureRecognizer {
            var moves: [Int] = []
            override init() {
                super.init()
                cancelsTouchesInView = false
            }
            override func touchesMoved(_ touches: TouchSet, with event: Event) { moves.append(touches.count) }
        }
        let frames = FrameCounter()
        target.addGestureRecognizer(frames)
        let roomy = TouchInjector(application: application, limits: ScriptLimits())
        try roomy.run(ScriptedGestures.pinch(center: Point(x: 100, y: 100), startDistance: 40, endDistance: 80, in: delegate.window!, seconds: 0.1)) { _ in }
        clock.advance(by: 1)
        #expect(!frames.moves.isEmpty)
        #expect(frames.moves.allSatisfy { $0 == 2 })
    }

    @Test("Zero-delay samples of one slot are separate events, in order")
    func zeroDelaySamples() throws {
        var samples = [InputSample(slot: 0, phase: .down, location: Point(x: 110, y: 60))]
        for step in 1...5 { samples.append(InputSample(slot: 0, phase: .move, location: Point(x: 110 + Double(step), y: 60))) }
        samples.append(InputSample(slot: 0, phase: .up, location: Point(x: 116, y: 60)))
        var done = false
        try injector.run(samples) { _ in done = true }
        #expect(done)
        #expect(counter.phases.count == 7)
    }
}

// Its set-up is TouchInjectorTests' on another clock, deliberately spelled out (`duplicates` pairs them):
// each suite reads whole, and the clocks differ in type (a manual clock there, a virtual one here).
@MainActor
@Suite("Scripted input on the virtual clock")
struct VirtualScriptTests {
    let clock = VirtualClock()
    let application: Application
    let counter = PhaseCounter()
    let delegate: BuildWindow
    let target = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))

    init() {
        application = Application(clock: clock)
        application.addObserver(counter)
        delegate = BuildWindow(views: [target])
        let scene = try! application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 400, height: 400))
        scene.activate()
    }

    @Test("A timed script plays its delays on the virtual clock at once: completed before run returns, stamped with virtual time")
    func scriptPlaysAtOnce() throws {
        let injector = TouchInjector(application: application, limits: ScriptLimits())
        var timestamps: [Double] = []
        final class Stamps: ApplicationObserver {
            var record: (Double) -> Void = { _ in }
            func touchDidChange(_ touch: Touch) { record(touch.timestamp) }
        }
        let stamps = Stamps()
        stamps.record = { timestamps.append($0) }
        application.addObserver(stamps)
        var completed = false
        try injector.run(ScriptedGestures.longPress(at: Point(x: 50, y: 50), in: delegate.window!, seconds: 0.6)) { _ in completed = true }
        #expect(completed)
        #expect(timestamps == [0, 0.6])
        #expect(clock.now == 0.6)
        #expect(injector.scripts.count == 0)
    }

    @Test("Timers due during a script fire at their place between its steps (a long press begins at 0.5 s)")
    func timersInterleave() throws {
        let press = LongPressGestureRecognizer(name: "press") { _ in }
        target.addGestureRecognizer(press)
        var states: [String] = []
        final class States: ApplicationObserver {
            var record: (String) -> Void = { _ in }
            func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) {
                record("\(recognizer.state.wireName)@\(recognizer.view?.window?.windowScene?.application?.clock.now ?? -1)")
            }
        }
        let observer = States()
        observer.record = { states.append($0) }
        application.addObserver(observer)
        let injector = TouchInjector(application: application, limits: ScriptLimits())
        try injector.run(ScriptedGestures.longPress(at: Point(x: 50, y: 50), in: delegate.window!, seconds: 0.6)) { _ in }
        #expect(states == ["began@0.5", "ended@0.6"])
    }
}
