@testable import SceneAccessibility
import Testing

@Suite("Asking a silent desktop service again: 1 s, then doubling, never more than 30 s")
struct AnswerRetryTests {
    @Test("The pauses are 1, 2, 4, 8, 16 s, then 30 s for ever")
    func pausesDoubleUpToTheLongest() {
        var retry = AnswerRetry()
        let pauses = (0..<8).map { _ in retry.next() }
        #expect(pauses == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
    }

    @Test("Each waiting caller keeps its own pauses")
    func callersAreIndependent() {
        var first = AnswerRetry()
        _ = first.next()
        _ = first.next()
        var second = AnswerRetry()
        #expect(second.next() == .seconds(1) && first.next() == .seconds(4))
    }
}
