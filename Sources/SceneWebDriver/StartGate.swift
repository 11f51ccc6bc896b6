/// How a server's start ended, decided once: by the socket listening, by the server failing first,
/// or by the wait for it running out. The first ``finish(_:)`` decides; ``outcome()`` waits for it.
/// An actor: the server's task and the listening wait report from the cooperative pool.
actor StartGate {
    enum Outcome: Sendable {
        case listening
        /// Why not, for the message.
        case failed(String)
    }

    private var decided: Outcome?
    private var waiting: [CheckedContinuation<Outcome, Never>] = []

    /// Decides the outcome, unless it was decided before; whether this call decided it.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        guard decided == nil else { return false }
        decided = outcome
        for continuation in waiting { continuation.resume(returning: outcome) }
        waiting = []
        return true
    }

    /// The outcome, once decided.
    func outcome() async -> Outcome {
        if let decided { return decided }
        return await withCheckedContinuation { waiting.append($0) }
    }
}
