/// The running view animations of one application, and their frames [AN-2 … AN-4].
///
/// While anything runs, a clock timer ticks every ``frameInterval`` (and at the next end, when that
/// comes first): each tick puts every animation's value at the clock's time into its view's
/// presentation, damaging what moves, and ends the animations whose time is up. Nothing ticks when
/// nothing runs. A renderer also brings the presentation to the clock's time before it draws
/// (``syncPresentation()``), so a frame or snapshot at any time is exact.
///
/// Main actor, on the application's injected clock: a virtual clock moves animations exactly.
/// Completions run from the clock, never inside the call that started or interrupted them.
@MainActor
final class ViewAnimator {
    /// The interval between frames while something animates (the display's refresh).
    static let frameInterval = 1.0 / 60

    private let clock: any EventClock
    /// In start order.
    private(set) var running: [PropertyAnimation] = []
    private var frameTimer: ClockTimer?

    init(clock: any EventClock) {
        self.clock = clock
    }

    isolated deinit {
        frameTimer?.cancel()
    }

    /// The running animation of `view`'s `property`, if any.
    func animation(of view: View, _ property: AnimatableProperty) -> PropertyAnimation? {
        running.first { $0.view === view && $0.property == property }
    }

    /// Starts `animation`; a running animation of the same view and property is interrupted [AN-3].
    func add(_ animation: PropertyAnimation) {
        if let index = running.firstIndex(where: { $0.view === animation.view && $0.property == animation.property }) {
            remove(at: index, interrupted: true)
        }
        running.append(animation)
        animation.group?.remaining += 1
        let view = animation.view
        let storage = view.presentationStorage
        if !animation.allowsUserInteraction {
            storage.blockingAnimations += 1
            if storage.blockingAnimations == 1 { view.animationBlockingDidChange() }
        }
        show(animation, at: clock.now)
        scheduleTick()
    }

    /// Puts every running animation's value at the clock's time into its view's presentation.
    func syncPresentation() {
        guard !running.isEmpty else { return }
        let now = clock.now
        for animation in running where !animation.endsByClock || now < animation.endTime ?? .infinity {
            show(animation, at: now)
        }
    }

    /// Shows the current values of `animator`'s animations (it was scrubbed, paused or reversed) and
    /// keeps frames coming while it runs.
    func animatorDidChange(_ animator: PropertyAnimator) {
        let now = clock.now
        for animation in running {
            if case .animator(let driver) = animation.timing, driver === animator { show(animation, at: now) }
        }
        scheduleTick()
    }

    /// Removes `animator`'s animations: their views are drawn with the model values again.
    func removeAnimations(of animator: PropertyAnimator) {
        var index = 0
        while index < running.count {
            if case .animator(let driver) = running[index].timing, driver === animator {
                remove(at: index, interrupted: false)
            } else {
                index += 1
            }
        }
        scheduleTick()
    }

    /// One frame: values at the clock's time, and the end of every animation whose time is up, in
    /// start order; then the completions of the groups that ended.
    private func tick() {
        frameTimer = nil
        let now = clock.now
        var index = 0
        var completions: [(@MainActor (Bool) -> Void, Bool)] = []
        while index < running.count {
            let animation = running[index]
            if animation.endsByClock, now >= animation.endTime ?? .infinity {
                if let completion = remove(at: index, interrupted: false) { completions.append(completion) }
            } else {
                show(animation, at: now)
                index += 1
            }
        }
        scheduleTick()
        for (completion, finished) in completions {
            completion(finished)
        }
    }

    /// Removes the animation at `index`: its view is drawn with the model value again. Returns the
    /// group's completion when it was the group's last; an interruption schedules it on the clock.
    @discardableResult
    private func remove(at index: Int, interrupted: Bool) -> (@MainActor (Bool) -> Void, Bool)? {
        let animation = running.remove(at: index)
        let view = animation.view
        if let storage = view._presentation {
            storage.set(animation.property, to: nil)
            if !animation.allowsUserInteraction {
                storage.blockingAnimations -= 1
                if storage.blockingAnimations == 0 { view.animationBlockingDidChange() }
            }
            if storage.isUnused { view._presentation = nil }
            view.presentationDidChange(animation.property)
        }
        guard let completion = animation.group?.animationDidEnd(interrupted: interrupted) else { return nil }
        if interrupted {
            _ = clock.schedule(after: 0) { completion.0(completion.1) }
            return nil
        }
        return completion
    }

    private func show(_ animation: PropertyAnimation, at time: Double) {
        let value = animation.value(at: time)
        let storage = animation.view.presentationStorage
        storage.set(animation.property, to: value)
        animation.view.presentationDidChange(animation.property)
    }

    /// Arms the frame timer for the next frame, or the next end when that comes first; not at all
    /// when nothing moves (nothing runs, or only paused animators hold animations).
    private func scheduleTick() {
        frameTimer?.cancel()
        frameTimer = nil
        guard let firstEnd = running.compactMap(\.endTime).min() else { return }
        let now = clock.now
        let next = Swift.min(now + Self.frameInterval, firstEnd)
        frameTimer = clock.schedule(after: Swift.max(0, next - now)) { [weak self] in self?.tick() }
    }
}
