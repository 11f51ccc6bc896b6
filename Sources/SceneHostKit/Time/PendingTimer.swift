/// A timer still waiting in a host clock's queue: when it is due and why it is there.
public struct PendingTimer: Sendable, Equatable {
    /// Clock time at which it fires.
    public var deadline: Double
    public var purpose: TimerPurpose

    public init(deadline: Double, purpose: TimerPurpose) {
        self.deadline = deadline
        self.purpose = purpose
    }
}
