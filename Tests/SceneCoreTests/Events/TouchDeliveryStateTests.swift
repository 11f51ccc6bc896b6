@testable import SceneCore
import Testing

/// The delivery state machine, without views: every state against every input, compared with the
/// rules as they were written before the machine had states (seven Booleans, kept here as the
/// reference), and the usual paths spelled out.
@Suite("Touch delivery state machine [TD-8, TD-9, GR-9, WS-8]")
struct TouchDeliveryStateTests {
    /// The former bookkeeping: seven flags and the rules that set them.
    struct Flags: Equatable {
        var suppressed = false
        var cutOff = false
        var beganDelivered = false
        var heldBegan = false
        var movedWhileHeld = false
        var heldEnded = false
        var finished = false

        init(_ state: TouchDeliveryState) {
            switch state {
            case .new: break
            case .suppressed: suppressed = true
            case .cutOff: cutOff = true
            case .heldBegan(let moved, let ended):
                heldBegan = true
                movedWhileHeld = moved
                heldEnded = ended
            case .tracking: beganDelivered = true
            case .heldEnded:
                beganDelivered = true
                heldEnded = true
            case .finished:
                beganDelivered = true
                finished = true
            }
        }

        /// The state these flags stand for (all clear after a cancel while held means finished).
        func state(afterCancel: Bool) -> TouchDeliveryState {
            if suppressed { return .suppressed }
            if cutOff { return .cutOff }
            if heldBegan { return .heldBegan(moved: movedWhileHeld, ended: heldEnded) }
            if finished { return .finished }
            if beganDelivered { return heldEnded ? .heldEnded : .tracking }
            return afterCancel ? .finished : .new
        }

        /// The former `planDelivery`, verbatim but for the view lookups.
        mutating func plan(changed: Bool, phase: Touch.Phase, filtered: Bool, delaysBegan: Bool, delaysEnded: Bool) -> DeliveryActions {
            guard !suppressed, !cutOff else { return [] }
            var actions: DeliveryActions = []
            if changed && phase == .began {
                if filtered {
                    suppressed = true
                    return []
                }
                if delaysBegan {
                    heldBegan = true
                } else {
                    actions.insert(.began)
                    beganDelivered = true
                }
            } else if heldBegan && !delaysBegan {
                actions.insert(.began)
                heldBegan = false
                beganDelivered = true
                let movesNow = changed && phase == .moved
                if movedWhileHeld && !movesNow { actions.insert(.moved) }
                movedWhileHeld = false
            }
            if changed && phase == .moved {
                if heldBegan {
                    movedWhileHeld = true
                } else if beganDelivered && !finished {
                    actions.insert(.moved)
                }
            }
            if changed && phase == .ended { heldEnded = true }
            if heldEnded && !heldBegan && !delaysEnded {
                heldEnded = false
                if beganDelivered && !finished {
                    actions.insert(.ended)
                    finished = true
                }
            }
            if changed && phase == .cancelled {
                heldBegan = false
                heldEnded = false
                movedWhileHeld = false
                if beganDelivered && !finished {
                    actions.insert(.cancelled)
                    finished = true
                }
            }
            return actions
        }

        /// The former `cutOff`.
        mutating func cut() -> Bool {
            guard !cutOff else { return false }
            cutOff = true
            heldBegan = false
            heldEnded = false
            movedWhileHeld = false
            guard beganDelivered && !finished && !suppressed else { return false }
            finished = true
            return true
        }
    }

    static let states: [TouchDeliveryState] = [
        .new, .suppressed, .tracking, .heldEnded, .finished, .cutOff,
        .heldBegan(moved: false, ended: false), .heldBegan(moved: true, ended: false),
        .heldBegan(moved: false, ended: true), .heldBegan(moved: true, ended: true),
    ]

    /// Whether a touch in `state` can change to `phase` (a touch begins once, in state `new`, and
    /// nothing follows its end or cancellation).
    static func isReachable(_ state: TouchDeliveryState, _ change: Touch.Phase?) -> Bool {
        switch (state, change) {
        case (_, nil), (_, .stationary): return true
        case (.new, .began): return true
        case (_, .began), (.new, _): return false
        case (.heldBegan(_, true), _), (.heldEnded, _), (.finished, _): return false  // already ended or cancelled
        default: return true
        }
    }

    @Test("Every state and input: the same view callbacks and the same resulting state as the former seven flags")
    func machineMatchesTheFormerFlags() {
        var compared = 0
        for state in Self.states {
            for change in [nil, Touch.Phase.began, .moved, .stationary, .ended, .cancelled] where Self.isReachable(state, change) {
                for bits in 0..<8 {
                    let (filtered, delaysBegan, delaysEnded) = (bits & 1 != 0, bits & 2 != 0, bits & 4 != 0)
                    var flags = Flags(state)
                    let expected = flags.plan(
                        changed: change != nil, phase: change ?? .stationary, filtered: filtered, delaysBegan: delaysBegan,
                        delaysEnded: delaysEnded)
                    var machine = state
                    let actual = machine.plan(
                        changed: change != nil, phase: change ?? .stationary, isFiltered: { filtered },
                        delaysBegan: { delaysBegan }, delaysEnded: { delaysEnded })
                    #expect(actual == expected, "\(state) + \(String(describing: change)), filtered \(filtered), delays \(delaysBegan)/\(delaysEnded)")
                    #expect(machine == flags.state(afterCancel: change == .cancelled), "\(state) + \(String(describing: change))")
                    compared += 1
                }
            }
            var flags = Flags(state)
            var machine = state
            let cancels = machine.cutOff()
            #expect(cancels == flags.cut(), "cut off in \(state)")
            #expect(machine.isActiveForView == false && machine.hasHeldPhases == false)
        }
        #expect(compared > 200)
    }

    /// One planning step.
    private func step(
        _ state: inout TouchDeliveryState, _ change: Touch.Phase?, filtered: Bool = false, delaysBegan: Bool = false,
        delaysEnded: Bool = false
    ) -> DeliveryActions {
        state.plan(
            changed: change != nil, phase: change ?? .stationary, isFiltered: { filtered }, delaysBegan: { delaysBegan },
            delaysEnded: { delaysEnded })
    }

    @Test("The usual touch: began, moved, ended reach the view at once")
    func usualTouch() {
        var state = TouchDeliveryState.new
        #expect(step(&state, .began) == .began)
        #expect(state == .tracking && state.isActiveForView)
        #expect(step(&state, .moved) == .moved)
        #expect(step(&state, .ended) == .ended)
        #expect(state == .finished && !state.isActiveForView)
    }

    @Test("GR-9: a held began is released with the move made meanwhile, then the held end")
    func heldBeganIsReleased() {
        var state = TouchDeliveryState.new
        #expect(step(&state, .began, delaysBegan: true, delaysEnded: true).isEmpty)
        #expect(step(&state, .moved, delaysBegan: true, delaysEnded: true).isEmpty)
        #expect(step(&state, .ended, delaysBegan: true, delaysEnded: true).isEmpty)
        #expect(state == .heldBegan(moved: true, ended: true) && state.heldPhase == .began)
        #expect(step(&state, nil, delaysEnded: true) == [.began, .moved])
        #expect(state == .heldEnded && state.heldPhase == .ended)
        #expect(step(&state, nil) == .ended)
        #expect(state == .finished)
    }

    @Test("TD-8, TD-9: a filtered touch never reaches its view, even when cut off later")
    func filteredTouch() {
        var state = TouchDeliveryState.new
        #expect(step(&state, .began, filtered: true).isEmpty)
        #expect(state == .suppressed)
        #expect(step(&state, .ended).isEmpty)
        let mustCancel = state.cutOff()
        #expect(!mustCancel)
    }
}
