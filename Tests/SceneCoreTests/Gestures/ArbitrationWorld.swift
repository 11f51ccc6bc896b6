@testable import SceneCore
import TestSupport

// The world of the arbitration differential test (ArbitrationDifferentialTests): one application on a
// manual clock, one window (today's, or the reference arbitration's), a random tree of views, random
// recognizers of every kind with random delegates, failure requirements and flags, and code in their
// actions that changes the world mid-settlement. Everything code outside SceneCore can see is written
// into one trace, in order.

/// Writes `name[ids]` for a touch set.
private func ids(_ touches: TouchSet) -> String {
    "[" + touches.map { String($0.identifier) }.joined(separator: ",") + "]"
}

/// A fixed yes or no per question and per pair of names, drawn from `seed`; `rate` of them differ from
/// `usual`.
private func drawnAnswer(_ seed: UInt64, _ question: String, _ names: String..., usual: Bool, rate: UInt64 = 5) -> Bool {
    var hash = seed
    for byte in (question + names.joined(separator: "|")).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash % rate == 0 ? !usual : usual
}

/// The end of the responder chain: the application logs what reaches it.
final class ChainEndApplication: Application {
    let trace: Trace

    init(clock: ManualClock, trace: Trace) {
        self.trace = trace
        super.init(clock: clock)
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event?) { trace.log("app began \(ids(touches))") }
    override func touchesMoved(_ touches: TouchSet, with event: Event?) { trace.log("app moved \(ids(touches))") }
    override func touchesEnded(_ touches: TouchSet, with event: Event?) { trace.log("app ended \(ids(touches))") }
    override func touchesCancelled(_ touches: TouchSet, with event: Event?) { trace.log("app cancelled \(ids(touches))") }
}

/// A traced view whose `gestureRecognizerShouldBegin` answers from a seed and says so [GR-5, UC-7].
final class GatingView: TracingView {
    var answers: UInt64 = 0

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        let answer = drawnAnswer(answers, "viewShouldBegin", gestureRecognizer.displayName, usual: true, rate: 4)
        trace.log("\(name) shouldBegin \(gestureRecognizer.displayName) → \(answer)")
        return answer
    }
}

/// A delegate whose answers are drawn from a seed, and which writes down every question.
final class DrawnDelegate: GestureRecognizerDelegate {
    let trace: Trace
    let seed: UInt64

    init(trace: Trace, seed: UInt64) {
        self.trace = trace
        self.seed = seed
    }

    private func say(_ question: String, _ a: GestureRecognizer, _ b: GestureRecognizer?, usual: Bool) -> Bool {
        let answer = drawnAnswer(seed, question, a.displayName, b?.displayName ?? "", usual: usual)
        trace.log("delegate \(question) \(a.displayName)\(b.map { " " + $0.displayName } ?? "") → \(answer)")
        return answer
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        say("shouldBegin", gestureRecognizer, nil, usual: true)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        say("shouldReceive#\(touch.identifier)", gestureRecognizer, nil, usual: true)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        say("shouldReceiveEvent", gestureRecognizer, nil, usual: true)
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        say("simultaneous", gestureRecognizer, other, usual: false)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        say("requireFailureOf", gestureRecognizer, other, usual: false)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        say("requiredToFailBy", gestureRecognizer, other, usual: false)
    }
}

/// Writes down what observers see.
final class TracingObserver: ApplicationObserver {
    let trace: Trace

    init(trace: Trace) {
        self.trace = trace
    }

    func touchDidChange(_ touch: Touch) {
        trace.log("observed touch \(touch.identifier) \(touch.phase.wireName) v\(touch.view?.tag ?? -1)")
    }

    func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) {
        trace.log("observed \(recognizer.displayName) \(old.wireName)→\(recognizer.state.wireName)")
    }
}

/// A tap recognizer as a plugin would subclass one: it writes down its touch methods and resets, then
/// does what a tap does.
final class TracedTap: TapGestureRecognizer {
    var trace: Trace?

    private func note(_ method: String, _ touches: TouchSet) {
        trace?.log("\(displayName) \(method) \(ids(touches)) in \(state.wireName)")
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        note("began", touches)
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event) {
        note("moved", touches)
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        note("ended", touches)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        note("cancelled", touches)
        super.touchesCancelled(touches, with: event)
    }

    override func reset() {
        trace?.log("\(displayName) reset")
        super.reset()
    }
}

/// A recognizer written from scratch, as a plugin may: each touch method asks for a transition drawn
/// from a seed (any legal one, including those arbitration holds or withdraws), and its subclass hooks
/// answer from the seed and say so [GR-6, GR-8].
final class ScriptedRecognizer: GestureRecognizer {
    var trace: Trace?
    var script = SplitMix64(seed: 0)
    var hookSeed: UInt64 = 0

    private func step(_ method: String, _ touches: TouchSet) {
        trace?.log("\(displayName) \(method) \(ids(touches)) in \(state.wireName)")
        let roll = script.below(100)
        let wanted: State?
        switch (state, requestedState) {
        case (.possible, nil):
            wanted = roll < 18 ? .began : roll < 30 ? .ended : roll < 40 ? .failed : nil
        case (.possible, _):
            wanted = roll < 25 ? .changed : roll < 32 ? .failed : roll < 36 ? .cancelled : nil
        case (.began, _), (.changed, _):
            wanted = roll < 40 ? .changed : roll < 52 ? .ended : roll < 58 ? .cancelled : nil
        case (.ended, _), (.cancelled, _), (.failed, _):
            wanted = nil
        }
        if let wanted { requestIfLegal(self, wanted) }
    }

    override func touchesBegan(_ touches: TouchSet, with event: Event) { step("began", touches) }
    override func touchesMoved(_ touches: TouchSet, with event: Event) { step("moved", touches) }
    override func touchesEnded(_ touches: TouchSet, with event: Event) { step("ended", touches) }
    override func touchesCancelled(_ touches: TouchSet, with event: Event) { step("cancelled", touches) }

    override func reset() {
        trace?.log("\(displayName) reset")
        super.reset()
    }

    private func hook(_ name: String, _ other: GestureRecognizer, usual: Bool) -> Bool {
        let answer = drawnAnswer(hookSeed, name, other.displayName, usual: usual)
        trace?.log("\(displayName) \(name) \(other.displayName) → \(answer)")
        return answer
    }

    override func canPrevent(_ other: GestureRecognizer) -> Bool { hook("canPrevent", other, usual: true) }
    override func canBePrevented(by other: GestureRecognizer) -> Bool { hook("canBePrevented", other, usual: true) }
    override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
        hook("shouldRequireFailure", other, usual: false)
    }
    override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        hook("shouldBeRequiredToFail", other, usual: false)
    }
}

/// Sets `recognizer.state` to `target` when the transition table allows it from where the recognizer
/// is (or asked to be), or when arbitration holds a begin it may update or withdraw [GR-4, GR-8]. A
/// recognizer driven by SceneCore's state machines is only ever failed or cancelled this way: its
/// machine does not know of other states set from outside, and would later ask for an illegal one.
@MainActor
func requestIfLegal(_ recognizer: GestureRecognizer, _ target: GestureRecognizer.State) {
    guard recognizer is ScriptedRecognizer || target == .failed || target == .cancelled else { return }
    let state = recognizer.state
    let requested = recognizer.requestedState
    let heldBegin = state == .possible && requested != nil
    guard GestureRecognizer.isLegal(from: requested ?? state, to: target)
        || (heldBegin && (target == .failed || target == .cancelled))
        || (heldBegin && requested == .began && target == .changed)
    else { return }
    recognizer.state = target
}

/// One application with one window and a random tree with recognizers, built from a seed; `reference`
/// picks the window: today's arbitration or the reference one.
@MainActor
final class ArbitrationWorld: TouchScriptWorld {
    let clock = ManualClock(now: 100)
    let trace = Trace()
    let application: ChainEndApplication
    private(set) var window: Window!
    private(set) var views: [View] = []
    private(set) var recognizers: [GestureRecognizer] = []
    private var delegates: [DrawnDelegate] = []
    private var observer: TracingObserver?
    /// Code in actions draws from here: the same draws in both worlds as long as their traces agree.
    private var effects: SplitMix64
    /// How often an action runs code that changes the world (0 to 0.3).
    private let effectRate: Double
    /// The touches made so far, by finger number; nil for a down that hit nothing.
    var fingers: [Touch?] = []

    init(seed: UInt64, reference: Bool) {
        var random = SplitMix64(seed: seed)
        application = ChainEndApplication(clock: clock, trace: trace)
        application.touchEvent.takesShortcuts = random.chance(0.8)
        effects = SplitMix64(seed: random.next())
        effectRate = random.chance(0.5) ? random.range(0, 0.3) : 0
        let controller = TracingViewController("vc", trace: trace)
        window = application.connectScriptedWindow(controller) { scene in
            reference ? ReferenceWindow(windowScene: scene) : Window(windowScene: scene)
        }
        window.tag = 0
        controller.view.tag = 1
        views = [window, controller.view]
        if random.chance(0.6) {
            let observer = TracingObserver(trace: trace)
            application.addObserver(observer)
            self.observer = observer
        }
        var budget = random.int(2, 9)
        grow(controller.view, depth: 3, budget: &budget, random: &random)
        for number in 0..<random.int(1, 6) {
            attachRecognizer(number: number, random: &random)
        }
        for _ in 0..<random.int(0, 2) where recognizers.count >= 2 {
            let a = random.pick(recognizers), b = random.pick(recognizers)
            if a !== b { a.require(toFail: b) }
        }
    }

    private func grow(_ parent: View, depth: Int, budget: inout Int, random: inout SplitMix64) {
        guard depth > 0 else { return }
        let size = parent.bounds.size
        for _ in 0..<random.int(1, 3) where budget > 0 {
            budget -= 1
            let frame = Rect(
                x: Double(random.int(0, max(1, Int(size.width) / 2))), y: Double(random.int(0, max(1, Int(size.height) / 2))),
                width: Double(random.int(30, max(31, Int(size.width)))), height: Double(random.int(30, max(31, Int(size.height)))))
            let view: View
            switch random.int(0, 9) {
            case 0...2:
                view = View(frame: frame)
            case 3...5:
                let traced = TracingView("v\(views.count)", frame: frame, trace: trace)
                traced.logsHitTesting = false
                traced.forwardsTouches = random.chance(0.7)
                view = traced
            case 6, 7:
                let gating = GatingView("v\(views.count)", frame: frame, trace: trace)
                gating.logsHitTesting = false
                gating.answers = random.next()
                view = gating
            default:
                let button = Button(frame: frame)
                let trace = self.trace
                button.addAction(named: Selector("tap"), for: .allTouchEvents) { control, _ in
                    trace.log("button v\(control.tag) \(control.isTracking ? "tracking" : "idle") \(control.isTouchInside)")
                }
                view = button
            }
            view.tag = views.count
            views.append(view)
            if random.chance(0.25) { view.isMultipleTouchEnabled = true }
            if random.chance(0.05) { view.isExclusiveTouch = true }
            parent.addSubview(view)
            if random.chance(0.5) { grow(view, depth: depth - 1, budget: &budget, random: &random) }
        }
    }

    // Alike DispatchDifferentialTests' builder in shape only (`duplicates` pairs them): its own mix of
    // views and recognizers from its own generator, so its seeded cases stay as recorded.
    private func attachRecognizer(number: Int, random: inout SplitMix64) {
        let recognizer: GestureRecognizer
        switch random.int(0, 8) {
        case 0:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = random.int(1, 2)
            if random.chance(0.2) { tap.numberOfTouchesRequired = 2 }
            recognizer = tap
        case 1:
            let traced = TracedTap()
            traced.trace = trace
            traced.numberOfTapsRequired = random.int(1, 2)
            recognizer = traced
        case 2:
            let pan = PanGestureRecognizer()
            if random.chance(0.3) { pan.minimumNumberOfTouches = 2 }
            if random.chance(0.3) { pan.maximumNumberOfTouches = random.int(1, 2) }
            recognizer = pan
        case 3:
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = random.range(0.1, 0.6)
            if random.chance(0.2) { press.numberOfTapsRequired = 1 }
            recognizer = press
        case 4:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = random.pick([.right, .left, [.up, .down]])
            recognizer = swipe
        case 5:
            recognizer = PinchGestureRecognizer()
        case 6:
            recognizer = RotationGestureRecognizer()
        default:
            let scripted = ScriptedRecognizer()
            scripted.trace = trace
            scripted.script = SplitMix64(seed: random.next())
            scripted.hookSeed = random.next()
            recognizer = scripted
        }
        recognizer.name = "R\(number)"
        recognizer.addAction { [weak self] recognizer in self?.actionRan(recognizer) }
        recognizer.cancelsTouchesInView = random.chance(0.8)
        recognizer.delaysTouchesBegan = random.chance(0.2)
        recognizer.delaysTouchesEnded = random.chance(0.8)
        if random.chance(0.35) {
            let delegate = DrawnDelegate(trace: trace, seed: random.next())
            delegates.append(delegate)
            recognizer.delegate = delegate
        }
        random.pick(views).addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
    }

    /// A recognizer's action: written down, and now and then code that changes the world while the
    /// arena settles (a recognizer disabled or enabled, a view removed, another recognizer's state
    /// set, a finger added or lifted from inside the action, the window hidden).
    private func actionRan(_ recognizer: GestureRecognizer) {
        trace.log("\(recognizer.displayName) action \(recognizer.state.wireName)")
        guard effectRate > 0, effects.unit() < effectRate else { return }
        let other = recognizers[effects.below(recognizers.count)]
        switch effects.below(12) {
        case 0...2:
            trace.log("  code disables \(other.displayName)")
            other.isEnabled = false
        case 3, 4:
            trace.log("  code enables \(other.displayName)")
            other.isEnabled = true
        case 5, 6:
            let target = effects.pick([GestureRecognizer.State.began, .changed, .ended, .cancelled, .failed])
            trace.log("  code asks \(other.displayName) for \(target.wireName)")
            requestIfLegal(other, target)
        case 7, 8:
            guard views.count > 2 else { return }
            let view = views[2 + effects.below(views.count - 2)]
            trace.log("  code removes v\(view.tag)")
            view.removeFromSuperview()
        case 9:
            trace.log("  code puts a finger down")
            let touch = application.touchDown(at: Point(x: effects.range(0, 400), y: effects.range(0, 800)))
            fingers.append(touch)
        case 10:
            guard let touch = fingers.last ?? nil else { return }
            trace.log("  code lifts #\(touch.identifier)")
            application.touchUp(touch)
        default:
            trace.log("  code hides and shows the window")
            window.isHidden = true
            window.makeKeyAndVisible()
        }
    }

    /// Plays one step (written down as `label`) and writes down the recognizers' states after it.
    func apply(_ step: ArbitrationStep, label: String) {
        trace.log(label)
        switch step {
        case .touch(let step):
            perform(step)
        case .request(let number, let target):
            requestIfLegal(recognizers[number % recognizers.count], target)
        }
        trace.log("states " + recognizers.map { "\($0.displayName)=\($0.state.wireName)" }.joined(separator: " "))
    }
}

/// One step of the arbitration test's script: a step of the touch script, or code setting a
/// recognizer's state from outside touch handling (when the table allows it).
enum ArbitrationStep: CustomStringConvertible {
    case touch(DispatchStep)
    case request(Int, GestureRecognizer.State)

    var description: String {
        switch self {
        case .touch(let step): step.description
        case .request(let number, let state): "code asks R\(number) for \(state.wireName)"
        }
    }

    static func random(_ random: inout SplitMix64) -> ArbitrationStep {
        random.chance(0.03)
            ? .request(random.int(0, 5), random.pick([.began, .changed, .ended, .cancelled, .failed]))
            : .touch(DispatchStep.random(&random, fingers: 0))
    }
}
