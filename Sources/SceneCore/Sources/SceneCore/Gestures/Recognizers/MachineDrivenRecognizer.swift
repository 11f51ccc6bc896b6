/// How the built-in recognizers drive their value-type state machine (Gestures/Machines): feed the
/// touch changes of one event, evaluate once, report the output as a state request, and keep one
/// clock timer in step with the machine's deadline.
///
/// The six recognizers differ only in their machine and their settings: each overrides
/// `GestureRecognizer.machineTouches(_:_:_:)` with `drive` and `machineStep(_:)` with `step(_:)`, and
/// the base class routes its touch methods, `reset()`, the timer and the gesture's location through
/// those two.
///
/// The machine is read and written only inside these steps, never while an output is being reported
/// (reporting runs actions, which may read the recognizer), which is how each recognizer's
/// `machine` property keeps to the short accesses its unchecked exclusivity relies on
/// (UnretainedAccess.swift).
@MainActor
protocol MachineDrivenRecognizer: GestureRecognizer {
    associatedtype Machine: GestureStateMachine
    var machine: Machine { get set }
}

/// An input of `GestureRecognizer.machineStep(_:)`.
enum MachineInput {
    /// The timer for the machine's deadline fired.
    case timer
    /// Back to the initial state [GR-10].
    case reset
    /// A question: where the gesture is, in window coordinates [GR-12].
    case location
}

extension MachineDrivenRecognizer {
    /// `machineStep(_:)` for a recognizer driven by `machine`; returns the location when asked.
    @inline(__always)
    func step(_ input: MachineInput) -> Point? {
        switch input {
        case .timer:
            machineTimerFired()
        case .reset:
            resetMachine()
        case .location:
            return machine.location
        }
        return nil
    }

    /// Feeds one phase of one event to the machine and reports what it says.
    ///
    /// Inlined into each recognizer's `machineTouches`: a single-finger event costs one machine call,
    /// one evaluation and a deadline comparison.
    @inline(__always)
    func drive(_ touches: TouchSet, phase: Touch.Phase, event: Event) {
        if case .one(let touch) = touches.storage {
            feedMachine(touch, phase: phase)
        } else {
            feedMachine(touches, phase: phase)
        }
        let output = machine.evaluate(at: event.timestamp)
        if output != .none { report(output) }
        syncTimer()
    }

    /// `feedMachine` for each touch of a multi-touch event.
    @inline(never)
    private func feedMachine(_ touches: TouchSet, phase: Touch.Phase) {
        for touch in touches { feedMachine(touch, phase: phase) }
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
    @inline(__always)
    func syncTimer() {
        // `scheduledDeadline` is nil whenever no timer is pending: the timer clears it when it fires,
        // and a finished recognizer (whose timer `apply` cancelled) is not driven again until its reset
        // clears it. So comparing deadlines is enough; no need to ask the timer.
        let deadline = machine.deadline
        guard deadline != scheduledDeadline else { return }
        rescheduleTimer(for: deadline)
    }

    /// `syncTimer` when the deadline changed.
    @inline(never)
    private func rescheduleTimer(for deadline: Double?) {
        scheduledDeadline = deadline
        guard let deadline else {
            cancelTimer()
            return
        }
        scheduleTimer(at: deadline)
    }

    /// The clock timer for `scheduledDeadline` fired (the recognizer's `timerDidFire()`): the machine
    /// gets it at that deadline, then reports and re-syncs as after an event.
    func machineTimerFired() {
        // Set while the timer is pending: `syncTimer` sets it whenever it schedules and cancels the
        // timer whenever it changes it, and a reset cancels the timer before it clears it.
        guard let time = scheduledDeadline else { return }
        scheduledDeadline = nil
        let output = machine.timerFired(at: time)
        report(output)
        syncTimer()
    }

    /// Clears the machine and the timer bookkeeping on reset [GR-10].
    func resetMachine() {
        machine.reset()
        scheduledDeadline = nil
    }
}
