/// Whether the frames the board shows for a scene process are those of everything sent to it: what
/// lets a snapshot skip asking the process (``SceneProcessHost/framesCaughtUp()``). A value: the
/// board tells it of each call it makes, each barrier answered and each start of the process.
///
/// A process answers an input before it writes that turn's frames; a barrier (an empty record batch,
/// queued behind the inputs before it) is answered after them. Once a barrier made after call N is
/// answered, the frames of calls up to N are shown, and while no call follows, a snapshot needs no
/// barrier. What a scene draws by itself (a timer, an animation) comes as frames without a call, as
/// it would come between a barrier's answer and the snapshot.
struct FrameCurrency: Equatable {
    /// The newest call made that may change what the process draws (every call but a barrier).
    private(set) var newestCall: UInt64 = 0
    /// The newest call whose frames are shown; nil until a barrier of this process is answered.
    private(set) var shownThrough: UInt64?
    /// Which start of the process the figures are about: a barrier answered by an earlier process
    /// says nothing of this one's frames.
    private(set) var generation = 0

    /// Whether the frames shown are those of every call made.
    var isCurrent: Bool { shownThrough == newestCall }

    /// Call `id` was made (ids grow).
    mutating func callMade(_ id: UInt64) {
        newestCall = max(newestCall, id)
    }

    /// The process (re)started: nothing is known of its frames.
    mutating func processStarted() {
        shownThrough = nil
        generation += 1
    }

    /// A barrier made when ``newestCall`` was `through`, during `generation`, was answered.
    mutating func barrierAnswered(through: UInt64, generation: Int) {
        guard generation == self.generation else { return }
        shownThrough = max(shownThrough ?? 0, through)
    }
}
