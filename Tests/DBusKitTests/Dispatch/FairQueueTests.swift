@testable import DBusKit
import Testing

@Suite("The fair queue serves senders in turn")
struct FairQueueTests {
    /// Serves rounds of `batch` items per sender until empty; returns the served items in order.
    private static func serveAll(_ queue: inout FairQueue<String>, batch: Int) -> [[String]] {
        var rounds: [[String]] = []
        while !queue.isEmpty {
            var round: [String] = []
            for sender in queue.roundOrder {
                for _ in 0..<batch {
                    guard let item = queue.popFirst(from: sender) else { break }
                    round.append(item)
                }
            }
            queue.endRound()
            rounds.append(round)
        }
        return rounds
    }

    @Test("A flooding sender's backlog is interleaved with the others' calls, a batch per round")
    func interleaves() {
        var queue = FairQueue<String>()
        for name in ["A1", "A2", "A3", "A4", "A5", "B1", "A6", "C1", "B2"] {
            queue.append(name, from: String(name.prefix(1)))
        }
        #expect(queue.count == 9 && queue.senderCount == 3)
        #expect(Self.serveAll(&queue, batch: 2) == [["A1", "A2", "B1", "B2", "C1"], ["A3", "A4"], ["A5", "A6"]])
        #expect(queue.isEmpty && queue.senderCount == 0)
    }

    @Test("A caller that arrives behind 10,000 queued calls is served in the first round, and every sender keeps its own order")
    func latecomer() {
        var queue = FairQueue<String>()
        for index in 0..<10_000 { queue.append("flood-\(index)", from: ":1.5") }
        queue.append("ping", from: ":1.9")
        let rounds = Self.serveAll(&queue, batch: 8)
        #expect(rounds[0] == (0..<8).map { "flood-\($0)" } + ["ping"])
        let flood = rounds.joined().filter { $0.hasPrefix("flood") }
        #expect(flood == (0..<10_000).map { "flood-\($0)" })
    }

    @Test("A sender whose lane ran empty and fills again joins the end of the turn order")
    func rejoins() {
        var queue = FairQueue<String>()
        queue.append("A1", from: "A")
        queue.append("B1", from: "B")
        #expect(queue.roundOrder == ["A", "B"])
        _ = queue.popFirst(from: "A")
        queue.endRound()
        #expect(queue.roundOrder == ["B"])
        queue.append("A2", from: "A")
        #expect(queue.roundOrder == ["B", "A"])
        #expect(queue.hasWork(from: "A") && !queue.hasWork(from: "C"))
        #expect(queue.removeAll() == ["B1", "A2"])
        #expect(queue.isEmpty)
    }
}
