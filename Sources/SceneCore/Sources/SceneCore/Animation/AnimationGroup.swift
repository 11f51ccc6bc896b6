/// The animations one `animate` call started, and its completion: called once, when the last of
/// them ended, with `true` when every one ran to its end and `false` when one was interrupted
/// [AN-3, AN-4].
@MainActor
final class AnimationGroup {
    private var completion: (@MainActor (Bool) -> Void)?
    /// How many of its animations are still running.
    var remaining = 0
    /// An animation of the group was removed before its end.
    var wasInterrupted = false

    init(completion: (@MainActor (Bool) -> Void)?) {
        self.completion = completion
    }

    /// One animation ended (`interrupted`: removed before its end). Returns the completion to call,
    /// with its argument, when it was the last.
    func animationDidEnd(interrupted: Bool) -> (@MainActor (Bool) -> Void, Bool)? {
        remaining -= 1
        if interrupted { wasInterrupted = true }
        guard remaining <= 0, let completion else { return nil }
        self.completion = nil
        return (completion, !wasInterrupted)
    }

    /// Takes the completion when the group started no animation at all.
    func takeCompletion() -> (@MainActor (Bool) -> Void)? {
        defer { completion = nil }
        return completion
    }
}
