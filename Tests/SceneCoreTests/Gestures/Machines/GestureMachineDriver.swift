import SceneCore
import Testing

/// One output a machine produced, with the time it was produced at (an event's time or a timer's
/// deadline). Times compare within 1e-9 s so that sums such as 0.05 + 0.35 match the literal 0.40.
struct MachineStep: Equatable, CustomStringConvertible {
    let time: Double
    let output: GestureMachineOutput

    init(_ time: Double, _ output: GestureMachineOutput) {
        self.time = time
        self.output = output
    }

    static func == (lhs: MachineStep, rhs: MachineStep) -> Bool {
        lhs.output == rhs.output && abs(lhs.time - rhs.time) <= 1e-9
    }

    var description: String { "\(output)@\(time)" }
}

/// One touch change inside an event.
enum MachineTouchChange {
    case down(UInt64, Double, Double)
    case move(UInt64, Double, Double)
    case up(UInt64, Double, Double)
    case cancel(UInt64)
}

/// Plays the recognizer's part for one machine, with manual time: before each event it fires every
/// timer that is due (at the machine's `deadline`, as the clock would), then feeds the event's touch
/// changes, then evaluates once. Every output other than `.none` is recorded in `steps`.
struct GestureMachineDriver<Machine: GestureStateMachine> {
    var machine: Machine
    private(set) var steps: [MachineStep] = []

    init(_ machine: Machine) {
        self.machine = machine
    }

    /// Outputs recorded so far, without their times.
    var outputs: [GestureMachineOutput] { steps.map(\.output) }

    /// Fires the machine's timer while its deadline is at or before `time`.
    mutating func advance(to time: Double) {
        var firings = 0
        while let deadline = machine.deadline, deadline <= time {
            record(deadline, machine.timerFired(at: deadline))
            firings += 1
            if firings > 100 {
                Issue.record("the deadline \(deadline) stays due after timerFired(at:)")
                return
            }
        }
    }

    /// One event at `time`: due timers first, then `changes` in order, then one evaluation.
    @discardableResult
    mutating func event(at time: Double, _ changes: MachineTouchChange...) -> GestureMachineOutput {
        advance(to: time)
        for change in changes {
            switch change {
            case .down(let id, let x, let y): machine.touchBegan(id, at: Point(x: x, y: y), time: time)
            case .move(let id, let x, let y): machine.touchMoved(id, to: Point(x: x, y: y), time: time)
            case .up(let id, let x, let y): machine.touchEnded(id, at: Point(x: x, y: y), time: time)
            case .cancel(let id): machine.touchCancelled(id, time: time)
            }
        }
        let output = machine.evaluate(at: time)
        record(time, output)
        return output
    }

    @discardableResult
    mutating func down(_ id: UInt64, _ x: Double, _ y: Double, at time: Double) -> GestureMachineOutput {
        event(at: time, .down(id, x, y))
    }

    @discardableResult
    mutating func move(_ id: UInt64, _ x: Double, _ y: Double, at time: Double) -> GestureMachineOutput {
        event(at: time, .move(id, x, y))
    }

    @discardableResult
    mutating func up(_ id: UInt64, _ x: Double, _ y: Double, at time: Double) -> GestureMachineOutput {
        event(at: time, .up(id, x, y))
    }

    @discardableResult
    mutating func cancel(_ id: UInt64, at time: Double) -> GestureMachineOutput {
        event(at: time, .cancel(id))
    }

    /// A quick single-touch tap: down at `time`, up 0.05 s later at the same point.
    mutating func tap(_ id: UInt64, _ x: Double, _ y: Double, at time: Double) {
        down(id, x, y, at: time)
        up(id, x, y, at: time + 0.05)
    }

    private mutating func record(_ time: Double, _ output: GestureMachineOutput) {
        if output != .none { steps.append(MachineStep(time, output)) }
    }
}

/// True when `value` is within `tolerance` of `expected`.
func isApproximately(_ value: Double?, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
    guard let value else { return false }
    return abs(value - expected) <= tolerance
}

/// True when both coordinates are within `tolerance`.
func isApproximately(_ value: Point?, _ expected: Point, tolerance: Double = 1e-9) -> Bool {
    guard let value else { return false }
    return abs(value.x - expected.x) <= tolerance && abs(value.y - expected.y) <= tolerance
}
