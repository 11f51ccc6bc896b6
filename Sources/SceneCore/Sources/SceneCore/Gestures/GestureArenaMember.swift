/// What a ``GestureArena`` reads and keeps of each recognizer taking part in it: its state, the
/// transition it asked for, its touches and its flags. `GestureRecognizer` is the member the windows
/// use; the arena's tests use small fakes (no view, no window).
///
/// The arena only reads and writes these stored values: it never calls a member's code. Whatever runs
/// code of a recognizer, its delegate or its view (actions, delegate questions, `reset()`) is an
/// action the arena returns and its owner carries out (``GestureArena/Action``).
///
/// Who writes what:
/// - the member: ``state`` (when its owner carries out an `apply` or a `reset`), ``requestedState``
///   (when it reports progress), and, on `apply` and `reset`, the arena's bookkeeping below (as
///   `GestureRecognizer.apply(_:)` and `performReset()` do);
/// - the arena: ``standing``, the touch lists, ``dynamicRequirements``, and ``requestedState`` for a
///   cancelled touch [TD-11].
@MainActor
protocol GestureArenaMember: AnyObject {
    /// The type of the other members this one names in its failure requirements: the member type
    /// itself (a protocol requirement cannot return `[Self]` for a non-final class).
    associatedtype Peer: AnyObject

    /// The current state [GR-4].
    var state: GestureRecognizer.State { get }
    /// A transition the member asked for that the arena has not settled yet.
    var requestedState: GestureRecognizer.State? { get set }
    /// Where the member stands in its arena [GR-8, GR-10].
    var standing: GestureArenaStanding { get set }
    /// Touches the member tracks that have not yet been dropped after they ended [GR-10].
    var trackedTouches: [Touch] { get set }
    /// Every touch the member took since its last reset: what "sharing a touch" means [GR-6, GR-8],
    /// and what recognizing cuts off from the views [GR-9].
    var touchesSinceReset: [Touch] { get set }
    /// Recognizing cuts the member's touches off their views [GR-9].
    var cancelsTouchesInView: Bool { get }
    /// Views get `began` and `moved` only once the member is no longer `possible` [GR-9].
    var delaysTouchesBegan: Bool { get }
    /// Views get `ended` only once the member is no longer `possible` [GR-9].
    var delaysTouchesEnded: Bool { get }
    /// False when the member certainly has no delegate to ask whether it receives a touch [GR-1]
    /// (the arena then takes the touch without asking).
    var mayHaveDelegate: Bool { get }
    /// False when neither the member's delegate nor its subclass hooks can name a failure requirement
    /// (it has no delegate, and its class is one of SceneCore's own): asking about it would only get
    /// the defaults, so with the shortcuts the arena does not ask [GR-8].
    var mayNameFailureRequirements: Bool { get }
    /// The members it must wait for, named with `require(toFail:)` and still alive [GR-8].
    var explicitRequirements: [Peer] { get }
    /// The members it must wait for according to its and their delegates and subclass hooks, asked
    /// once per attempt to leave `possible`; nil until asked [GR-8].
    var dynamicRequirements: [Peer]? { get set }
    /// True while the member's timer is pending: it still expects time to pass [GR-10].
    var hasPendingTimer: Bool { get }
}

/// Where a member stands in its window's gesture arena [GR-8, GR-10].
///
///     outside ──takes a touch──▶ participating ──its leave waits for requirements──▶ awaitingFailure
///        ▲                          │    ▲                                               │
///        └──────── reset ───────────┘    └──────────── any transition applied ──────────┘
enum GestureArenaStanding: Equatable, Sendable {
    /// Not taking part: it has had no touch since its last reset.
    case outside
    /// It took a touch since its last reset and takes part in arbitration.
    case participating
    /// Taking part, with a move out of `possible` that waits for required members to fail [GR-8]. It
    /// has completed its gesture, so it takes no new touch.
    case awaitingFailure

    /// True for `participating` and `awaitingFailure`.
    var isParticipating: Bool {
        switch self {
        case .outside: false
        case .participating, .awaitingFailure: true
        }
    }
}
