/// How the built-in recognizers drive their value-type state machine (Gestures/Machines): feed the
/// touch changes of one event, evaluate once, report the output as a state request, and keep one
/// clock timer in step with the machine's deadline.
///
/// The machine is read and written only inside these steps, never while an output is being reported
/// (reporting runs actions, which may read the recognizer), which is what makes the unchecked
/// exclusivity of each recognizer's `machine` property safe.
@MainActor
protocol MachineDrivenRecognizer: GestureRecognizer {
    associatedtype Machine: GestureStateMachine
    var machine: Machine { get set }
    /// The deadline the current timer was scheduled for.
    var scheduledDeadline: Double? { get set }
}

extension MachineDrivenRecognizer {
    /// Feeds one phase of one event to the machine and reports what it says.
    func drive(_ touches: TouchSet, phase: Touch.Phase, event: Event) {
        if case .one(let touch) = touches.storage {
            feedMachine(touch, phase: phase)
        } else {
            for touch in touches { feedMachine(touch, phase: phase) }
        }
        let output = machine.evaluate(at: event.timestamp)
        report(output)
        syncTimer()
    }

    @inline(__always)
    private func feedMachine(_ touch: Touch, phase: Touch.Phase) {
        switch phase {
        case .began: machine.touchBegan(touch.identifier, at: touch.locationInWindow, time: touch.timestamp)
        case .moved: machine.touchMoved(touch.identifier, to: touch.locationInWindow, time: touch.timestamp)
        case .ended: machine.touchEnded(touch.identifier, at: touch.locationInWindow, time: touch.timestamp)
        case .cancelled: machine.touchCancelled(touch.identifier, time: touch.timestamp)
        case .stationary: break
        }
    }

    /// Turns a machine output into a state request [GR-4].
    func report(_ output: GestureMachineOutput) {
        switch output {
        case .none:
            break
        case .begin:
            if state == .possible { state = .began }
        case .change:
            if state == .began || state == .changed || (state == .possible && requestedState == .began) {
                state = .changed
            }
        case .end:
            if state == .possible || state == .began || state == .changed { state = .ended }
        case .cancel:
            if state == .began || state == .changed {
                state = .cancelled
            } else if state == .possible {
                state = .failed
            }
        case .fail:
            if state == .possible {
                state = .failed
            } else if state == .began || state == .changed {
                state = .cancelled
            }
        }
    }

    /// Schedules (or cancels) the clock timer so that it fires at the machine's deadline.
    func syncTimer() {
        // `scheduledDeadline` is nil whenever no timer is pending: the timer clears it when it fires,
        // and a finished recognizer (whose timer `apply` cancelled) is not driven again until its reset
        // clears it. So comparing deadlines is enough; no need to ask the timer.
        let deadline = machine.deadline
        guard deadline != scheduledDeadline else { return }
        scheduledDeadline = deadline
        guard let deadline else {
            cancelTimer()
            return
        }
        // `scheduleTimer` runs this only once it has checked (through the recognizer's timer token,
        // which is what a weak reference would have told) that the recognizer is still alive.
        scheduleTimer(at: deadline) { [unowned(unsafe) self] time in
            self.scheduledDeadline = nil
            let output = self.machine.timerFired(at: time)
            self.report(output)
            self.syncTimer()
        }
    }

    /// Clears the machine and the timer bookkeeping on reset [GR-10].
    func resetMachine() {
        machine.reset()
        scheduledDeadline = nil
    }

    /// The machine's location as the gesture's location [GR-12].
    var machineLocation: Point? { machine.location }
}
