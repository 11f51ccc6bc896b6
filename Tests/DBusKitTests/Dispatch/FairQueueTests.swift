@testable import DBusKit
import Testing

@Suite("The fair queue serves senders in turn")
struct FairQueueTests {
    /// Serves rounds of `batch` items per sender until empty; returns the served items in order.
    private static func serveAll(_ queue: inout FairQueue<String>, batch: Int) -> [[String]] {
        var rounds: [[String]] = []
        while !queue.isEmpty {
            var round: [String] = []
            for lane in queue.roundOrder {
                for _ in 0..<batch {
                    guard let item = queue.popFirst(from: lane) else { break }
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
        #expect(Self.serveAll(&queue, batch: 2) == [["C1", "B1", "B2", "A1", "A2"], ["A3", "A4"], ["A5", "A6"]])
        #expect(queue.isEmpty && queue.senderCount == 0)
    }

    @Test("A caller that arrives behind 10,000 queued calls is served in the first round, and every sender keeps its own order")
    func latecomer() {
        var queue = FairQueue<String>()
        for index in 0..<10_000 { queue.append("flood-\(index)", from: ":1.5") }
        queue.append("ping", from: ":1.9")
        let rounds = Self.serveAll(&queue, batch: 8)
        #expect(rounds[0] == ["ping"] + (0..<8).map { "flood-\($0)" })
        let flood = rounds.joined().filter { $0.hasPrefix("flood") }
        #expect(flood == (0..<10_000).map { "flood-\($0)" })
    }

    @Test("Shorter lanes go first in a round; a sender whose lane ran empty and fills again joins the end of the ring")
    func rejoins() {
        var queue = FairQueue<String>()
        queue.append("A1", from: "A")
        queue.append("B1", from: "B")
        queue.append("C1", from: "C")
        queue.append("C2", from: "C")
        #expect(queue.roundSenders == ["A", "B", "C"])
        queue.append("A3", from: "A")
        queue.append("A4", from: "A")
        #expect(queue.roundSenders == ["B", "C", "A"])
        _ = queue.removeAll()
        queue.append("A1", from: "A")
        queue.append("B1", from: "B")
        #expect(queue.roundSenders == ["A", "B"])
        _ = queue.popFirst(from: "A")
        queue.endRound()
        #expect(queue.roundSenders == ["B"])
        queue.append("A2", from: "A")
        #expect(queue.roundSenders == ["B", "A"])
        #expect(queue.hasWork(from: "A") && !queue.hasWork(from: "C"))
        #expect(queue.removeAll() == ["B1", "A2"])
        #expect(queue.isEmpty)
    }

    @Test("A lane counts its sender's calls under way, keeps its number while any is, and is recycled for the next sender once idle")
    func underWay() {
        var queue = FairQueue<String>()
        let lane = queue.lane(of: ":1.7")
        queue.append("call", to: lane)
        _ = queue.popFirst(from: lane)
        queue.beginUnderWay(in: lane)
        queue.endRound()
        #expect(queue.lane(of: ":1.7") == lane, "kept while a call is under way")
        #expect(queue.underWay(in: lane) == 1)
        #expect(queue.endUnderWay(in: lane) == 0)
        let next = queue.lane(of: ":1.8")
        #expect(next == lane, "an idle lane is recycled")
        #expect(queue.lane(of: ":1.7") != lane)
        #expect(queue.endUnderWay(in: 99) == 0, "a lane removed meanwhile is ignored")
    }
}
