@testable import SceneCore
import TestSupport
import Testing

// Touch delivery's shortcuts against its general path: two identical applications, built from one
// seed, get the same random touch script; one takes every shortcut (single-touch events, one
// candidate recognizer, quiet recognizers, a plain view's forwarding stepped over), the other none
// (`Event.takesShortcuts` off, and every view's `forwardsTouches` flag cleared so that each view's
// touch method runs and calls `next`). Everything either application does that code outside
// SceneCore can see is logged — views', view controllers' and the application's touch methods,
// recognizers' touch methods, states and actions, delegate questions, control events, observer
// callbacks — and the two logs must be identical after every step.

private func ids(_ touches: TouchSet) -> String {
    touches.map { String($0.identifier) }.joined(separator: ",")
}

/// The end of the chain.
private final class LoggingApplication: Application {
    let log: Trace

    init(clock: ManualClock, log: Trace) {
        self.log = log
        super.init(clock: clock)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { log.log("app.began[\(ids(touches))]") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { log.log("app.moved[\(ids(touches))]") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { log.log("app.ended[\(ids(touches))]") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { log.log("app.cancelled[\(ids(touches))]") }
}

/// Logs the touch methods of a plugin's recognizer subclass.
@MainActor
private func logRecognizerTouches(_ recognizer: GestureRecognizer, _ log: Trace, _ phase: String, _ touches: TouchSet) {
    log.log("\(recognizer.displayName).\(phase)[\(ids(touches))] in \(recognizer.state.wireName)")
}

// The same four logging overrides in each recognizer subclass, deliberately (`duplicates` pairs them):
// Swift has no mixins, and each subclass must override its own recognizer class's touch methods.
private final class LoggingTap: TapGestureRecognizer {
    var log: Trace?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "began", touches) }
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "moved", touches) }
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "ended", touches) }
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "cancelled", touches) }
        super.touchesCancelled(touches, with: event)
    }
    override func reset() {
        log?.log("\(displayName).reset")
        super.reset()
    }
}

private final class LoggingPan: PanGestureRecognizer {
    var log: Trace?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "began", touches) }
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "moved", touches) }
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "ended", touches) }
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "cancelled", touches) }
        super.touchesCancelled(touches, with: event)
    }
}

private final class LoggingLongPress: LongPressGestureRecognizer {
    var log: Trace?
    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "began", touches) }
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "moved", touches) }
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "ended", touches) }
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        log.map { logRecognizerTouches(self, $0, "cancelled", touches) }
        super.touchesCancelled(touches, with: event)
    }
}

/// A delegate whose answers were drawn when the world was built, and which logs every question.
@MainActor
private final class LoggingDelegate: GestureRecognizerDelegate {
    let log: Trace
    let answers: UInt64

    init(log: Trace, answers: UInt64) {
        self.log = log
        self.answers = answers
    }

    /// A fixed answer per question and pair of recognizers, mostly the default.
    private func answer(_ question: UInt64, _ a: GestureRecognizer, _ b: GestureRecognizer?, default value: Bool) -> Bool {
        var hash = answers ^ (question &* 0x9E37_79B9)
        for name in [a.displayName, b?.displayName ?? ""] {
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        return hash % 5 == 0 ? !value : value
    }

    private func asked(_ question: String, _ a: GestureRecognizer, _ b: GestureRecognizer?, _ value: Bool) -> Bool {
        log.log("delegate \(question) \(a.displayName)\(b.map { " " + $0.displayName } ?? "") → \(value)")
        return value
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        asked("shouldBegin", gestureRecognizer, nil, answer(1, gestureRecognizer, nil, default: true))
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        asked("shouldReceive#\(touch.identifier)", gestureRecognizer, nil, answer(2 &+ touch.identifier, gestureRecognizer, nil, default: true))
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        asked("shouldReceiveEvent", gestureRecognizer, nil, true)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        asked("simultaneous", gestureRecognizer, other, answer(3, gestureRecognizer, other, default: false))
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        asked("requireFailureOf", gestureRecognizer, other, answer(4, gestureRecognizer, other, default: false))
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        asked("requiredToFailBy", gestureRecognizer, other, answer(5, gestureRecognizer, other, default: false))
    }
}

/// Logs what observers see.
@MainActor
private final class LoggingObserver: ApplicationObserver {
    let log: Trace

    init(log: Trace) {
        self.log = log
    }

    func touchDidChange(_ touch: Touch) {
        log.log("observer touch \(touch.identifier) \(touch.phase.wireName) v\(touch.view?.tag ?? -1)")
    }

    func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) {
        log.log("observer \(recognizer.displayName) \(old.wireName)→\(recognizer.state.wireName)")
    }

    func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?) {
        log.log("observer action \(action)")
    }
}

/// One application with one scene and window, a random tree with recognizers, built from a seed.
@MainActor
private final class DispatchWorld: TouchScriptWorld {
    let clock = ManualClock(now: 100)
    let log = Trace()
    let application: LoggingApplication
    let takesShortcuts: Bool
    private(set) var window: Window!
    private(set) var views: [View] = []
    private(set) var recognizers: [GestureRecognizer] = []
    private var delegates: [LoggingDelegate] = []
    private var observer: LoggingObserver?
    /// The touches made so far, by finger number; nil for a down that hit nothing.
    var fingers: [Touch?] = []
    var trace: Trace { log }

    init(seed: UInt64, takesShortcuts: Bool) {
        self.takesShortcuts = takesShortcuts
        application = LoggingApplication(clock: clock, log: log)
        application.touchEvent.takesShortcuts = takesShortcuts
        var random = SeededGenerator(seed: seed)
        let controller = TracingViewController("vc", trace: log)
        window = application.connectScriptedWindow(controller)
        window.tag = 0
        controller.view.tag = 1
        views = [window, controller.view]
        if random.chance(0.5) {
            let observer = LoggingObserver(log: log)
            application.addObserver(observer)
            self.observer = observer
        }
        var budget = random.int(3, 40)
        grow(controller.view, depth: 4, budget: &budget, random: &random)
        let recognizerCount = random.int(0, 6)
        for index in 0..<recognizerCount {
            attachRecognizer(number: index, random: &random)
        }
        if recognizers.count >= 2 && random.chance(0.3) {
            let a = random.pick(recognizers), b = random.pick(recognizers)
            if a !== b { a.require(toFail: b) }
        }
        clearShortcutsIfNeeded()
    }

    /// In the general-path world, every view's touch method runs and forwards to `next` itself.
    func clearShortcutsIfNeeded() {
        guard !takesShortcuts else { return }
        for view in views { view._flags.remove(.forwardsTouches) }
    }

    private func grow(_ parent: View, depth: Int, budget: inout Int, random: inout SeededGenerator) {
        guard depth > 0 else { return }
        let size = parent.bounds.size
        for _ in 0..<random.int(1, 4) where budget > 0 {
            budget -= 1
            let frame = Rect(
                x: Double(random.int(0, max(1, Int(size.width) - 20))), y: Double(random.int(0, max(1, Int(size.height) - 20))),
                width: Double(random.int(20, max(21, Int(size.width)))), height: Double(random.int(20, max(21, Int(size.height)))))
            let view: View
            switch random.int(0, 9) {
            case 0...3:
                view = View(frame: frame)
            case 4...6:
                let tracing = TracingView("v\(views.count)", frame: frame, trace: log)
                tracing.logsHitTesting = false
                tracing.forwardsTouches = random.chance(0.7)
                view = tracing
            case 7:
                let label = Label(frame: frame)
                label.isUserInteractionEnabled = random.chance(0.5)
                view = label
            default:
                let button = Button(frame: frame)
                let log = self.log
                button.addAction(named: Selector("tap"), for: .allTouchEvents) { control, _ in
                    log.log("button v\(control.tag) \(control.isTracking ? "tracking" : "idle") \(control.isTouchInside)")
                }
                view = button
            }
            view.tag = views.count
            views.append(view)
            if random.chance(0.2) { view.isMultipleTouchEnabled = true }
            if random.chance(0.08) { view.isExclusiveTouch = true }
            parent.addSubview(view)
            if random.chance(0.5) { grow(view, depth: depth - 1, budget: &budget, random: &random) }
        }
    }

    // Alike ArbitrationWorld's builder in shape only (`duplicates` pairs them): each differential test
    // draws its own mix of views and recognizers from its own seeded generator, and sharing one
    // builder would change the seeded cases both replay.
    private func attachRecognizer(number: Int, random: inout SeededGenerator) {
        let name = "R\(number)"
        let recognizer: GestureRecognizer
        switch random.int(0, 5) {
        case 0:
            let tap = LoggingTap()
            tap.log = log
            tap.numberOfTapsRequired = random.int(1, 2)
            if random.chance(0.15) { tap.numberOfTouchesRequired = 2 }
            recognizer = tap
        case 1:
            let pan = LoggingPan()
            pan.log = log
            recognizer = pan
        case 2:
            let press = LoggingLongPress()
            press.log = log
            press.minimumPressDuration = random.range(0.1, 0.6)
            recognizer = press
        case 3:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = random.pick([.right, .left, [.up, .down]])
            recognizer = swipe
        case 4:
            recognizer = PinchGestureRecognizer()
        default:
            recognizer = RotationGestureRecognizer()
        }
        recognizer.name = name
        let log = self.log
        recognizer.addAction { recognizer in log.log("\(recognizer.displayName) action \(recognizer.state.wireName)") }
        recognizer.cancelsTouchesInView = random.chance(0.8)
        recognizer.delaysTouchesBegan = random.chance(0.2)
        recognizer.delaysTouchesEnded = random.chance(0.8)
        if random.chance(0.3) {
            let delegate = LoggingDelegate(log: log, answers: random.next())
            delegates.append(delegate)
            recognizer.delegate = delegate
        }
        random.pick(views).addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
    }

    /// Applies one step of the script and logs what the host would see.
    func apply(_ step: DispatchStep) {
        log.log("— \(step)")
        perform(step)
        log.log("state " + recognizers.map { "\($0.displayName)=\($0.state.wireName)" }.joined(separator: " "))
    }
}

@MainActor
@Suite("Touch delivery: the shortcuts against the general path, on random trees and scripts")
struct DispatchDifferentialTests {
    static let filter = "DispatchDifferentialTests"

    @Test("Random trees with recognizers and random touch scripts: identical callbacks with and without the shortcuts")
    func shortcutsDeliverWhatTheGeneralPathDelivers() {
        let seed = DifferentialSeed.base()
        var scripts = SeededGenerator(seed: seed)
        let worlds = DifferentialSeed.scaled(1000)
        var steps = 0
        for worldIndex in 0..<worlds {
            let worldSeed = scripts.next()
            let fast = DispatchWorld(seed: worldSeed, takesShortcuts: true)
            let general = DispatchWorld(seed: worldSeed, takesShortcuts: false)
            for stepIndex in 0..<scripts.int(20, 90) {
                let step = DispatchStep.random(&scripts, fingers: fast.fingers.count)
                fast.apply(step)
                general.apply(step)
                general.clearShortcutsIfNeeded()
                steps += 1
                if fast.log.lines != general.log.lines {
                    let first = zip(fast.log.lines, general.log.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? Swift.min(fast.log.lines.count, general.log.lines.count)
                    Issue.record(
                        """
                        Delivery differs without the shortcuts (\(DifferentialSeed.replay(seed, filter: Self.filter))): \
                        world \(worldIndex), step \(stepIndex) (\(step)); from line \(first): \
                        with shortcuts \(fast.log.lines.dropFirst(Swift.max(0, first - 3)).prefix(10)), \
                        general path \(general.log.lines.dropFirst(Swift.max(0, first - 3)).prefix(10))
                        """)
                    return
                }
            }
        }
        #expect(steps > worlds * 20)
    }
}
