/// An animation that can be paused, scrubbed, reversed and continued: UIKit's
/// `UIViewPropertyAnimator` [AN-5]. The interactive pop of a navigation controller drives one with a
/// finger.
///
///     inactive ──start/pause──▶ active (running ⇄ paused) ──reaches its end or its start──▶ inactive
///                                  │                                  completions(.end / .start)
///                                  └──stopAnimation(false)──▶ stopped ──finishAnimation(at:)──▶ inactive
///
/// Its animation blocks run when it first starts or pauses: the model takes the new values at once
/// (AN-2) and each changed property is drawn at the animator's progress. Running, the progress moves
/// along the timing curve from where it is to its end (or, reversed, back to its start) over the
/// remaining share of the duration; paused, it stays, and ``fractionComplete`` moves it linearly
/// (UIKit's `scrubsLinearly`). Finishing at the start puts the model back to the values before the
/// blocks ran. Touches reach the animating views unless ``isUserInteractionEnabled`` is false
/// (the opposite default of `View.animate`, [HT-10]).
///
/// Main actor, on the application clock of the first animated view's window; completions run from
/// the clock or from the call that finished it (``finishAnimation(at:)``), in the order added.
@MainActor
public final class PropertyAnimator {
    /// UIKit's `UIViewAnimatingState`.
    public enum State: String, Sendable {
        /// Not started, or finished: its blocks may still be added to.
        case inactive
        /// Started: running or paused.
        case active
        /// Stopped by ``stopAnimation(_:)`` without finishing: ``finishAnimation(at:)`` ends it.
        case stopped
    }

    /// Where an animation ended: UIKit's `UIViewAnimatingPosition`.
    public enum Position: String, Sendable {
        case end
        case start
        case current
    }

    /// The duration of a run from start to end.
    public let duration: Double
    /// The curve a run follows [AN-1].
    public let timingCurve: TimingCurve
    /// Whether touches reach the animating views (default true, [HT-10]). Read when it starts.
    public var isUserInteractionEnabled = true
    public private(set) var state: State = .inactive

    private var blocks: [() -> Void] = []
    private var completions: [@MainActor (Position) -> Void] = []
    /// The application's animator and clock, once started.
    private var viewAnimator: ViewAnimator?
    private var clock: (any EventClock)?
    /// Each animated view and property, with its model value before the blocks ran.
    private var starts: [AnimationTransaction.Change] = []
    private var motion = Motion.paused(progress: 0)
    private var endTimer: ClockTimer?
    private var reversed = false

    /// How progress follows time.
    private enum Motion {
        case paused(progress: Double)
        /// From `from` at `start` to `to` over `duration`, along `curve`.
        case running(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve)
    }

    /// An animator of `duration` seconds along `curve` (default ease-in-out), with `animations` as
    /// its first block. A duration that is not finite or below 0 counts as 0.
    public init(duration: Double, curve: TimingCurve = .easeInOut, animations: (() -> Void)? = nil) {
        self.duration = duration.isFinite ? Swift.max(0, duration) : 0
        self.timingCurve = curve
        if let animations { blocks.append(animations) }
    }

    /// An animator along a spring of `dampingRatio` that rests by the end of `duration` [AN-1].
    public convenience init(duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, curve: .spring(dampingRatio: dampingRatio), animations: animations)
    }

    isolated deinit {
        endTimer?.cancel()
    }

    /// True while it runs (active and not paused).
    public var isRunning: Bool {
        if state == .active, case .running = motion { return true }
        return false
    }

    /// Whether it runs towards its start. Setting it while running turns it around from where it is.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            if isRunning { run(curve: timingCurve, durationFactor: 1) }
        }
    }

    /// How far it is, 0 at the start to 1 at the end. Setting it moves a paused animator there
    /// (clamped to 0…1; not a number is ignored); it does nothing while running or inactive, as in
    /// UIKit.
    public var fractionComplete: Double {
        get { Swift.min(1, Swift.max(0, progress(at: clock?.now ?? 0))) }
        set {
            guard state == .active, case .paused = motion, newValue.isFinite else { return }
            motion = .paused(progress: Swift.min(1, Swift.max(0, newValue)))
            viewAnimator?.animatorDidChange(self)
        }
    }

    /// Adds a block of changes; before the start only (once it runs, its changes are made at once).
    public func addAnimations(_ animations: @escaping () -> Void) {
        if state == .inactive && viewAnimator == nil {
            blocks.append(animations)
        } else {
            animations()
        }
    }

    /// Adds a completion, called once with where the animation ended.
    public func addCompletion(_ completion: @escaping @MainActor (Position) -> Void) {
        completions.append(completion)
    }

    /// Runs it from where it is (from the start the first time) to its end, or its start when
    /// reversed.
    public func startAnimation() {
        switch state {
        case .inactive: begin()
        case .active: break
        case .stopped: return
        }
        if case .running = motion { return }
        run(curve: timingCurve, durationFactor: 1)
    }

    /// Pauses it where it is; an inactive animator runs its blocks and pauses at 0.
    public func pauseAnimation() {
        switch state {
        case .inactive: begin()
        case .active: break
        case .stopped: return
        }
        motion = .paused(progress: progress(at: clock?.now ?? 0))
        endTimer?.cancel()
        endTimer = nil
        viewAnimator?.animatorDidChange(self)
    }

    /// Runs a paused animator on from where it is along `curve` (nil: its own), over
    /// `durationFactor` × the duration's remaining share (1: the time it had left).
    public func continueAnimation(withTimingParameters curve: TimingCurve? = nil, durationFactor: Double = 1) {
        guard state == .active, case .paused = motion else { return }
        run(curve: curve ?? timingCurve, durationFactor: durationFactor.isFinite && durationFactor > 0 ? durationFactor : 1)
    }

    /// Stops it where it is drawn: the model takes those values. `withoutFinishing` true ends it
    /// without completions; false leaves it ``State/stopped`` for ``finishAnimation(at:)``.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let progress = progress(at: clock?.now ?? 0)
        setModel { _, animation in animation.map { $0.from.interpolated(to: $0.to, progress: progress) } }
        end()
        if withoutFinishing {
            state = .inactive
            completions.removeAll()
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator at `position` (the model takes the end, start or current values) and
    /// calls the completions with it.
    public func finishAnimation(at position: Position) {
        guard state == .stopped else { return }
        switch position {
        case .end: break
        case .start: restoreStart()
        case .current: break
        }
        finish(at: position)
    }

    // MARK: Progress

    /// The progress at clock time `time`, before any curve's overshoot is clamped.
    func progress(at time: Double) -> Double {
        switch motion {
        case .paused(let progress):
            return progress
        case .running(let from, let to, let start, let duration, let curve):
            return from + (to - from) * curve.progress(at: time - start, duration: duration)
        }
    }

    /// Clock time at which a run reaches its end; nil while paused or not started.
    var segmentEndTime: Double? {
        guard state == .active, case .running(_, _, let start, let duration, _) = motion else { return nil }
        return start + duration
    }

    // MARK: Steps

    /// Runs the blocks with the changes recorded, and starts an animation for each changed property,
    /// at progress 0.
    private func begin() {
        let transaction = AnimationTransaction(duration: duration, delay: 0, options: [], curve: timingCurve)
        let blocks = self.blocks
        self.blocks.removeAll()
        AnimationScope.run(transaction) {
            for block in blocks { block() }
        }
        state = .active
        motion = .paused(progress: 0)
        for change in transaction.changes {
            let view = change.view
            guard let application = view.window?.windowScene?.application else { continue }
            if viewAnimator == nil {
                viewAnimator = application.animator
                clock = application.clock
            }
            guard application.animator === viewAnimator else { continue }
            let target = view.modelValue(of: change.property)
            guard target != change.before else { continue }
            starts.append(change)
            application.animator.add(
                PropertyAnimation(
                    view: view, property: change.property, from: change.before, to: target, timing: .animator(self),
                    allowsUserInteraction: isUserInteractionEnabled, group: nil))
        }
    }

    /// Runs from the current progress towards the end (or the start, reversed).
    private func run(curve: TimingCurve, durationFactor: Double) {
        guard let clock else {
            // Nothing animates (no view in a connected scene): it is at its end at once.
            finish(at: reversed ? .start : .end)
            return
        }
        let now = clock.now
        let from = progress(at: now)
        let to = reversed ? 0.0 : 1.0
        let share = abs(to - from)
        let runDuration = duration * share * durationFactor
        motion = .running(from: from, to: to, start: now, duration: runDuration, curve: curve)
        endTimer?.cancel()
        endTimer = clock.schedule(after: runDuration) { [weak self] in self?.reachedEnd() }
        viewAnimator?.animatorDidChange(self)
    }

    /// A run reached its end or its start.
    private func reachedEnd() {
        endTimer = nil
        guard state == .active, case .running = motion else { return }
        if reversed { restoreStart() }
        finish(at: reversed ? .start : .end)
    }

    /// The model goes back to the values before the blocks ran.
    private func restoreStart() {
        setModel { change, _ in change.before }
    }

    /// Sets the model of every animated property, without animating, to what `value` gives.
    private func setModel(_ value: (AnimationTransaction.Change, PropertyAnimation?) -> AnimatedValue?) {
        let animations = viewAnimator?.running ?? []
        AnimationScope.run(nil) {
            for change in starts {
                let animation = animations.first { animation in
                    if case .animator(let driver) = animation.timing, driver === self {
                        return animation.view === change.view && animation.property == change.property
                    }
                    return false
                }
                if let newValue = value(change, animation) { change.view.setModelValue(newValue, of: change.property) }
            }
        }
    }

    /// Drops the animations (the views are drawn at their model values) and the timer.
    private func end() {
        endTimer?.cancel()
        endTimer = nil
        viewAnimator?.removeAnimations(of: self)
        motion = .paused(progress: progress(at: clock?.now ?? 0))
    }

    private func finish(at position: Position) {
        end()
        starts.removeAll()
        viewAnimator = nil
        clock = nil
        state = .inactive
        motion = .paused(progress: position == .start ? 0 : 1)
        let completions = self.completions
        self.completions.removeAll()
        for completion in completions { completion(position) }
    }
}
