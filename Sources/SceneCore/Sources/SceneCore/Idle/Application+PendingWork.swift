/// What the model still has to do before it is idle (see ``PendingWork``).
extension Application {
    /// Everything pending now, scene by scene and window by window in order: fingers down, recognizers
    /// with an armed timer or waiting for others to fail, touch phases held back from their views, and
    /// scroll views whose offset moves by itself; then running animations, in start order (a paused property
    /// animator's are not pending: they wait for input, not time).
    /// Empty when the model is idle: nothing will happen until new input arrives.
    ///
    /// Cheap enough to ask after every event (it walks the live touches and each window's
    /// participating recognizers, not the view trees). Main actor, like the model.
    public func pendingWork() -> [PendingWork] {
        var work: [PendingWork] = []
        for touch in touchEvent.liveTouches where !touch.phase.isTerminal {
            work.append(.touchDown(touch))
        }
        for scene in scenes {
            for window in scene.windows {
                appendPendingWork(of: window, to: &work)
            }
        }
        for animation in animator.running {
            // A paused property animator's animations wait for whoever paused it, not for time.
            if let end = animation.endTime { work.append(.animation(animation.view, property: animation.property, deadline: end)) }
        }
        return work
    }

    private func appendPendingWork(of window: Window, to work: inout [PendingWork]) {
        for recognizer in window.gestureArena.participants {
            if let deadline = recognizer.pendingTimerDeadline {
                work.append(.recognizerTimer(recognizer, deadline: deadline, waitsFor: recognizer.timerPurpose))
            }
            if recognizer.standing == .awaitingFailure {
                let requirements = recognizer.explicitRequirements + (recognizer.dynamicRequirements ?? [])
                work.append(.waitingForFailure(recognizer, requirements: requirements.filter { !$0.state.isFinished }))
            }
        }
        for touch in window.deliveryTouches {
            if let phase = touch.delivery.heldPhase { work.append(.delayedDelivery(touch, phase: phase)) }
        }
        for scrollView in window.movingScrollViews {
            if let deadline = scrollView.settleTime { work.append(.scrollMotion(scrollView, deadline: deadline)) }
        }
    }
}

extension GestureRecognizer {
    /// What the armed timer of a built-in recognizer waits for, in words.
    fileprivate var timerPurpose: String {
        switch self {
        case let tap as TapGestureRecognizer:
            let next = tap.machine.tapsCompleted + 1
            let required = tap.numberOfTapsRequired
            if tap.machine.touchCount > 0 {
                return "tap \(next) of \(required) to lift (at most \(tap.maximumPressDuration.compactDescription) s down)"
            }
            return "tap \(next) of \(required) to begin (within \(tap.maximumInterval.compactDescription) s of the last lift)"
        case let press as LongPressGestureRecognizer:
            if press.machine.touchCount >= press.numberOfTouchesRequired {
                return "the press to last \(press.minimumPressDuration.compactDescription) s"
            }
            return "the press to begin (\(press.numberOfTapsRequired) tap\(press.numberOfTapsRequired == 1 ? "" : "s") first)"
        default:
            return "its timer"
        }
    }
}
