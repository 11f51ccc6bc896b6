/// The pauses before asking a desktop service again that owns its name but did not answer in time
/// (at-spi2-core's launcher or registry while a session starts under load): 1 s, then doubling, at
/// most 30 s. A value: each waiting caller keeps its own.
struct AnswerRetry: Equatable {
    static let first = Duration.seconds(1)
    static let longest = Duration.seconds(30)

    /// The pause before the next question.
    private(set) var pause = Self.first

    /// The pause to wait now; the following one is twice as long (to ``longest`` at most).
    mutating func next() -> Duration {
        defer { pause = min(pause * 2, Self.longest) }
        return pause
    }
}
