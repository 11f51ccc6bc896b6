public import SceneCore
public import SceneErrors

/// Plays an ``ActionsTimeline``: touch steps through a ``TouchInjector`` (the `InjectTouches` path),
/// key steps as keyboard records to the application (the `SendKey` path), wheel steps as scroll
/// events [SV-19], each after its delay on the host's clock, then the trailing pause. Used by `Window1.PerformActions` and the WebDriver endpoint.
///
/// Everything is checked before anything is delivered: every touch step against the injector's rules
/// and limits, and the whole body against the script-time limit. On a ``VirtualClock`` the delays are
/// played on it at once (the body is delivered before ``play(_:injector:completion:)`` returns).
@MainActor
public enum ActionsPlayer {
    /// Plays `timeline`; `completion` gets, for each finger that went down, the touch it made (nil
    /// when it hit no window), once every step was delivered and the trailing pause is over.
    ///
    /// - Throws: ``InputError`` when a touch step breaks the injector's rules or the body lasts longer
    ///   than `bus.limits.script-seconds` (nothing is delivered then).
    public static func play(
        _ timeline: ActionsTimeline, injector: TouchInjector, completion: @escaping @MainActor ([Touch?]) -> Void
    ) throws(InputError) {
        let limits = injector.limits
        let total = timeline.totalSeconds
        guard total <= limits.scriptSeconds else {
            throw InputError(
                code: .limitExceeded,
                message: "the actions last \(total.compactDescription) s; the limit is \(limits.scriptSeconds.compactDescription) s (bus.limits.script-seconds)")
        }
        for case .touches(let samples) in timeline.steps { try injector.validate(samples) }
        var touches: [Touch?] = []
        var remaining = timeline.steps[...]
        let application = injector.application
        // A pause: on the virtual clock it is played at once; on the real one it is an input-script
        // timer (pending work, as a script's own delays are).
        func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) {
            if let clock = application.clock as? VirtualClock {
                clock.advance(by: seconds)
                action()
            } else if let clock = application.clock as? any HostClock {
                _ = clock.schedule(after: seconds, purpose: .inputScript, action)
            } else {
                _ = application.clock.schedule(after: seconds, action)
            }
        }
        func finish() {
            let trailing = timeline.trailingSeconds
            guard trailing > 0 else { return completion(touches) }
            // Trailing pauses: the body lasts until they are over.
            after(trailing) { completion(touches) }
        }
        // Steps that finish at once (no pause, or any pause on the virtual clock) ask for the next step
        // while this one is still on the stack: the loop in `next()` takes those requests in turn, so a
        // body of 10,000 actions plays in constant stack depth. A step that waits for a timer ends the
        // loop; its timer calls `next()` again later.
        var loop = StepLoop.idle
        func playStep() {
            guard let step = remaining.popFirst() else { return finish() }
            switch step {
            case .touches(let samples):
                do throws(InputError) {
                    try injector.run(samples) { began in
                        touches += began
                        next()
                    }
                } catch {
                    // Validated above: the injector refuses only what validate refuses.
                    preconditionFailure("a validated script was refused: \(error)")
                }
            case .keys(let records, let delay):
                let deliver: @MainActor () -> Void = {
                    for record in records { record.deliver(to: application) }
                    next()
                }
                guard delay > 0 else { return deliver() }
                after(delay, deliver)
            case .scroll(let point, let delta, let delay):
                let deliver: @MainActor () -> Void = {
                    application.scroll(.discrete(delta: delta), at: point)
                    next()
                }
                guard delay > 0 else { return deliver() }
                after(delay, deliver)
            }
        }
        func next() {
            guard loop == .idle else {
                loop = .nextRequested
                return
            }
            loop = .nextRequested
            while loop == .nextRequested {
                loop = .playing
                playStep()
            }
            loop = .idle
        }
        next()
    }
}

/// Where ``ActionsPlayer``'s step loop is: not running, playing a step, or playing one whose end has
/// already asked for the next.
private enum StepLoop {
    case idle
    case playing
    case nextRequested
}
