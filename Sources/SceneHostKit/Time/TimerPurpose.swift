/// Why a timer sits in a host clock's queue, so that the pending-work list names each timer once and
/// by its owner.
public enum TimerPurpose: Sendable, Equatable {
    /// An owner-driven SceneCore timer (a gesture recognizer's); the model lists it itself
    /// (`Application.pendingWork()`), with its recognizer.
    case model
    /// A closure timer from `EventClock.schedule(after:_:)`: plugin or model code whose owner the
    /// clock does not know, or a host input script's `wait`.
    case code
    /// The next step of a scripted input run (``TouchInjector``), which lists its runs itself.
    case inputScript
}
