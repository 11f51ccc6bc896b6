/// UIKit's block animations [AN-2 … AN-4]: `UIView.animate(withDuration:…)`.
///
///     animate { view.center = p }   ─▶ model: p at once (hit testing, layout, the tree see p)
///                                      animation record: center from old to p over the duration
///     each frame (clock timer, 1/60 s) ─▶ presentation: the record's value at the clock's time,
///                                      drawn by renderers; damage where it moves
///     at the end                    ─▶ presentation dropped (drawn at the model), completion(true)
extension View {

    /// Animates the changes `animations` makes to animatable properties (``AnimatableProperty``:
    /// frame, bounds, center, transform, alpha, backgroundColor) of views in windows of a connected
    /// scene [AN-2].
    ///
    /// The model values change at once, inside the call; each changed property is then drawn moving
    /// from its old value to the new one over `duration` seconds, after `delay`, along the options'
    /// curve. Changing a property that is animating interrupts its animation (from where it is drawn
    /// with ``AnimationOptions/beginFromCurrentState``, else from its model value) [AN-3]. Touches do
    /// not hit the animated views until they end, unless ``AnimationOptions/allowUserInteraction``
    /// [HT-10].
    ///
    /// `completion` runs once on the clock (never inside this call): when the last animation ends,
    /// with `true`, or `false` when one was interrupted; with `true` at once when nothing animates
    /// (a duration of 0 or less, no property changed, or no view in a window) [AN-4]. Main actor.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        run(duration: duration, delay: delay, options: options, curve: options.timingCurve, animations: animations, completion: completion)
    }

    /// Animates like ``animate(withDuration:delay:options:animations:completion:)`` along a spring
    /// that comes to rest by the end of `duration` [AN-1]: `dampingRatio` 1 without overshoot,
    /// lower ones oscillating; `velocity` the initial speed in whole distances per second (UIKit's
    /// `initialSpringVelocity`). The options' curve is ignored.
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
        animations: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let curve = TimingCurve.spring(dampingRatio: dampingRatio, initialVelocity: velocity)
        run(duration: duration, delay: delay, options: options, curve: curve, animations: animations, completion: completion)
    }

    /// Runs `animations` with no animation, even inside an `animate` block (UIKit's
    /// `performWithoutAnimation`).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        AnimationScope.run(nil, actions)
    }

    private static func run(
        duration: Double, delay: Double, options: AnimationOptions, curve: TimingCurve,
        animations: () -> Void, completion: (@MainActor (Bool) -> Void)?
    ) {
        let duration = duration.isFinite ? duration : 0
        let delay = delay.isFinite ? Swift.max(0, delay) : 0
        let transaction = AnimationTransaction(duration: duration, delay: delay, options: options, curve: curve)
        AnimationScope.run(transaction, animations)
        commit(transaction, completion: completion)
    }

    /// Starts an animation for each recorded change whose value differs, in the application of the
    /// view's window; calls the completion from the clock when none started.
    private static func commit(_ transaction: AnimationTransaction, completion: (@MainActor (Bool) -> Void)?) {
        let group = AnimationGroup(completion: completion)
        var anyClock: (any EventClock)?
        if transaction.duration > 0 {
            for change in transaction.changes {
                let view = change.view
                guard let application = view.window?.windowScene?.application else { continue }
                anyClock = application.clock
                let animator = application.animator
                let target = view.modelValue(of: change.property)
                let running = animator.animation(of: view, change.property)
                let from: AnimatedValue
                if transaction.options.contains(.beginFromCurrentState), let running {
                    from = running.value(at: application.clock.now)
                } else {
                    from = change.before
                }
                guard from != target || running != nil else { continue }
                let timing = AnimationTiming.curve(
                    beginTime: application.clock.now + transaction.delay, duration: transaction.duration, curve: transaction.curve)
                animator.add(
                    PropertyAnimation(
                        view: view, property: change.property, from: from, to: target, timing: timing,
                        allowsUserInteraction: transaction.options.contains(.allowUserInteraction), group: group))
            }
        } else {
            anyClock = transaction.changes.lazy.compactMap { $0.view.window?.windowScene?.application?.clock }.first
        }
        guard group.remaining == 0, let completion = group.takeCompletion() else { return }
        // Nothing animates: the completion still comes from the clock, after the delay.
        if let clock = anyClock {
            _ = clock.schedule(after: transaction.delay) { completion(true) }
        } else {
            // No view of the block is in a connected scene: there is no clock to wait on.
            completion(true)
        }
    }

    /// Records the model value of `property` before a setter changes it, inside an `animate` block.
    @inline(__always)
    func animatablePropertyWillChange(_ property: AnimatableProperty) {
        if let transaction = AnimationScope.open { transaction.record(self, property) }
    }

    /// The model value of `property`.
    func modelValue(of property: AnimatableProperty) -> AnimatedValue {
        switch property {
        case .bounds: .rect(_bounds)
        case .center: .point(center)
        case .transform: .transform(transform)
        case .alpha: .number(_alpha)
        case .backgroundColor: .color(backgroundColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
        }
    }

    /// Sets the model value of `property` (a property animator stopping or finishing at its start).
    func setModelValue(_ value: AnimatedValue, of property: AnimatableProperty) {
        switch (property, value) {
        case (.bounds, .rect(let rect)): bounds = rect
        case (.center, .point(let point)): center = point
        case (.transform, .transform(let transform)): self.transform = transform
        case (.alpha, .number(let alpha)): self.alpha = alpha
        case (.backgroundColor, .color(let color)): backgroundColor = color
        default: break
        }
    }

    /// What the view is drawn with now: the model values, or those its running animations have at
    /// the clock's time [AN-2] (UIKit's `layer.presentation()`).
    public var presentation: ViewPresentation {
        if _presentation != nil { window?.windowScene?.application?.animator.syncPresentation() }
        let storage = _presentation
        return ViewPresentation(
            bounds: storage?.bounds ?? _bounds, center: storage?.center ?? center,
            transform: storage?.transform ?? transform, alpha: storage?.alpha ?? _alpha,
            backgroundColor: storage?.backgroundColor ?? backgroundColor)
    }

    /// True while the view has a running animation, of any property.
    public var isAnimating: Bool { _presentation != nil }

    var presentationStorage: PresentationStorage {
        if let storage = _presentation { return storage }
        let storage = PresentationStorage()
        _presentation = storage
        return storage
    }

    /// The drawn bounds.
    @inline(__always) var presentedBounds: Rect { _presentation?.bounds ?? _bounds }
    /// The drawn alpha.
    @inline(__always) var presentedAlpha: Double { _presentation?.alpha ?? _alpha }
    /// The drawn background colour.
    @inline(__always) var presentedBackgroundColor: Color? {
        if let color = _presentation?.backgroundColor { return color }
        return _display?.backgroundColor
    }

    /// A presentation value changed: damage what is drawn.
    func presentationDidChange(_ property: AnimatableProperty) {
        if property == .backgroundColor {
            setNeedsDisplay()
        } else {
            displayGeometryDidChange()
        }
    }

    /// The first animation that blocks touches started, or the last one ended [HT-10].
    func animationBlockingDidChange() {
        if (_presentation?.blockingAnimations ?? 0) > 0 {
            _flags.insert(.animationBlocksTouches)
        } else {
            _flags.remove(.animationBlocksTouches)
        }
        hitGeometryDidChange()
    }
}
