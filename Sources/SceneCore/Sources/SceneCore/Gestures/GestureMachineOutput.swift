/// What a gesture state machine asks its recognizer to do after an input. The recognizer turns it
/// into a state transition, which arbitration may still hold back or refuse [GR-5].
public enum GestureMachineOutput: Sendable, Equatable {
    /// Nothing to report.
    case none
    /// Continuous gestures: possible → began.
    case begin
    /// Continuous gestures: began/changed → changed (again on every event with movement).
    case change
    /// Discrete gestures: recognized. Continuous gestures: ended.
    case end
    /// Continuous gestures: cancelled.
    case cancel
    /// The touches cannot be this gesture: → failed.
    case fail
}
