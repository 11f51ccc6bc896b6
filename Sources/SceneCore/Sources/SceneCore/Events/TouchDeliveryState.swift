/// How far a touch got in its delivery to its view, as the window tracks it: a value-type state
/// machine with only the states delivery can be in.
///
///     new ──began──▶ tracking ──ended──▶ finished            (the usual touch)
///      │                 │   └──ended, view's end held──▶ heldEnded ──released──▶ finished
///      │                 └──cancelled──▶ finished
///      ├──began, filtered (TD-8, TD-9)──▶ suppressed
///      └──began, held (delaysTouchesBegan)──▶ heldBegan ──released──▶ tracking / heldEnded / finished
///                                                      └──cancelled──▶ finished
///     any state but suppressed ──cut off (cancelsTouchesInView, WS-8)──▶ cutOff
///
/// A touch's phases reach its view unless the touch was filtered at `began` ([TD-8] multiple touch,
/// [TD-9] exclusive touch: `suppressed`), cut off by a recognizer or by the view leaving its window
/// ([GR-9] `cancelsTouchesInView`, [WS-8]: `cutOff`), or held back while recognizers with
/// `delaysTouchesBegan` / `delaysTouchesEnded` are still undecided [GR-9].
enum TouchDeliveryState: Equatable {
    /// Not planned yet: the touch has just begun (or has no view).
    case new
    /// Filtered at `began`; the view never sees this touch.
    case suppressed
    /// `touchesBegan` is held back by `delaysTouchesBegan`. `moved`: the touch moved meanwhile (one
    /// `touchesMoved` follows the release); `ended`: it lifted meanwhile (`touchesEnded` is due once
    /// the release and `delaysTouchesEnded` allow).
    case heldBegan(moved: Bool, ended: Bool)
    /// The view received `touchesBegan` and tracks the touch.
    case tracking
    /// The view received `touchesBegan`; `touchesEnded` is due but held back by `delaysTouchesEnded`.
    case heldEnded
    /// The view is done with the touch: it received `touchesEnded` or `touchesCancelled`, or the touch
    /// was cancelled before the view saw it.
    case finished
    /// Cut off from the view; nothing more is delivered (a `touchesCancelled` was sent if needed).
    case cutOff

    /// True while the view is (or is about to be) tracking this touch: what TD-8 and TD-9 look at.
    var isActiveForView: Bool {
        switch self {
        case .heldBegan, .tracking, .heldEnded: true
        case .new, .suppressed, .finished, .cutOff: false
        }
    }

    /// True while the view has received `touchesBegan` and nothing final: it tracks the touch (what a
    /// scroll view looks at before a drag cancels its content's touches, [SV-13]).
    var viewIsTracking: Bool {
        switch self {
        case .tracking, .heldEnded: true
        case .new, .suppressed, .heldBegan, .finished, .cutOff: false
        }
    }

    /// True while something is still waiting to be delivered.
    var hasHeldPhases: Bool {
        switch self {
        case .heldBegan, .heldEnded: true
        case .new, .suppressed, .tracking, .finished, .cutOff: false
        }
    }

    /// The phase whose delivery is held back, if any.
    var heldPhase: Touch.Phase? {
        switch self {
        case .heldBegan: .began
        case .heldEnded: .ended
        case .new, .suppressed, .tracking, .finished, .cutOff: nil
        }
    }

    /// Decides which view callbacks the touch gets now, and moves to the state they leave it in.
    ///
    /// `changed` says whether the touch changed (to `phase`) in the event being delivered; without a
    /// change only held phases can be released. The three questions are asked only where they decide
    /// something: `isFiltered` (TD-8, TD-9) once, at `began`; `delaysBegan` and `delaysEnded` (a
    /// recognizer with `delaysTouchesBegan` / `delaysTouchesEnded` is still undecided) while a phase
    /// would be held by them.
    @inline(__always)
    mutating func plan(
        changed: Bool, phase: Touch.Phase, isFiltered: () -> Bool, delaysBegan: () -> Bool, delaysEnded: () -> Bool
    ) -> DeliveryActions {
        let change: Touch.Phase? = changed ? phase : nil
        switch self {
        case .suppressed, .cutOff, .finished:
            return []
        case .new:
            switch change {
            case .began:
                if isFiltered() {
                    self = .suppressed
                    return []
                }
                if delaysBegan() {
                    self = .heldBegan(moved: false, ended: false)
                    return []
                }
                self = .tracking
                return .began
            case .cancelled:
                self = .finished
                return []
            case .moved, .ended, .stationary, nil:
                return []
            }
        case .heldBegan(let moved, let ended):
            guard !delaysBegan() else {
                switch change {
                case .moved: self = .heldBegan(moved: true, ended: ended)
                case .ended: self = .heldBegan(moved: moved, ended: true)
                case .cancelled: self = .finished
                case .began, .stationary, nil: break
                }
                return []
            }
            // Released: began now, then a move that happened meanwhile (or now), then what follows.
            var actions: DeliveryActions = .began
            if moved || change == .moved { actions.insert(.moved) }
            switch change {
            case .cancelled:
                actions.insert(.cancelled)
                self = .finished
            case .ended:
                actions.formUnion(endIfAllowed(delaysEnded))
            case .began, .moved, .stationary, nil:
                if ended {
                    actions.formUnion(endIfAllowed(delaysEnded))
                } else {
                    self = .tracking
                }
            }
            return actions
        case .tracking:
            switch change {
            case .moved:
                return .moved
            case .ended:
                return endIfAllowed(delaysEnded)
            case .cancelled:
                self = .finished
                return .cancelled
            case .began, .stationary, nil:
                return []
            }
        case .heldEnded:
            switch change {
            case .cancelled:
                self = .finished
                return .cancelled
            case .began, .moved, .ended, .stationary, nil:
                return endIfAllowed(delaysEnded)
            }
        }
    }

    /// The view's `touchesEnded` now (finished), or held while `delaysEnded` (heldEnded).
    @inline(__always)
    private mutating func endIfAllowed(_ delaysEnded: () -> Bool) -> DeliveryActions {
        if delaysEnded() {
            self = .heldEnded
            return []
        }
        self = .finished
        return .ended
    }

    /// Cuts the touch off its view [GR-9, WS-8]. Returns true when the view must now get
    /// `touchesCancelled`: it had received `touchesBegan` and nothing final yet.
    mutating func cutOff() -> Bool {
        switch self {
        case .cutOff, .suppressed:
            // (A suppressed touch stays suppressed: the view never sees it either way.)
            return false
        case .tracking, .heldEnded:
            self = .cutOff
            return true
        case .new, .heldBegan, .finished:
            self = .cutOff
            return false
        }
    }
}

/// The view callbacks one touch gets in one delivery step, in the order began, moved, ended,
/// cancelled [TD-7].
struct DeliveryActions: OptionSet {
    let rawValue: UInt8
    static let began = DeliveryActions(rawValue: 1)
    static let moved = DeliveryActions(rawValue: 2)
    static let ended = DeliveryActions(rawValue: 4)
    static let cancelled = DeliveryActions(rawValue: 8)
    static let all: DeliveryActions = [.began, .moved, .ended, .cancelled]

    /// The callbacks of the set, one by one, in the order a view gets them.
    var inOrder: PhasesInOrder { PhasesInOrder(remaining: rawValue) }

    /// The set's callbacks, lowest bit first: began, moved, ended, cancelled.
    struct PhasesInOrder: Sequence, IteratorProtocol {
        var remaining: UInt8

        mutating func next() -> DeliveryActions? {
            guard remaining != 0 else { return nil }
            let lowest = remaining & (~remaining &+ 1)
            remaining &= ~lowest
            return DeliveryActions(rawValue: lowest)
        }
    }
}
