/// Work waiting to be served, one lane per sender, served in turn: the fairness of a connection's
/// method dispatch.
///
/// ```
///  arrival:  A1 A2 A3 A4 A5 B1 A6 C1 B2          (A floods, B and C call now and then)
///  lanes:    A: A1 A2 A3 A4 A5 A6   B: B1 B2   C: C1
///  rounds (batch 2):  A1 A2 B1 B2 C1 | A3 A4 | A5 A6
/// ```
///
/// Within a lane, items keep their arrival order; across lanes, every sender with work gets a bounded
/// batch per round (``DispatchPolicy``), so a sender that floods delays another by at most one batch
/// per round instead of by its whole backlog. A round visits the senders that had work when it began,
/// in the order their lanes became non-empty. Value type, no I/O, tested without a bus.
struct FairQueue<Item> {
    private var lanes: [String: Queue<Item>] = [:]
    /// Senders whose lane is not empty, in the order their lanes became non-empty.
    private var ring: [String] = []
    /// Items waiting in all lanes.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// How many senders have work waiting.
    var senderCount: Int { ring.count }

    /// Adds `item` at the end of `sender`'s lane.
    mutating func append(_ item: Item, from sender: String) {
        if lanes[sender, default: Queue()].isEmpty {
            ring.append(sender)
        }
        lanes[sender, default: Queue()].append(item)
        count += 1
    }

    /// Whether `sender` has work waiting.
    func hasWork(from sender: String) -> Bool {
        !(lanes[sender]?.isEmpty ?? true)
    }

    /// The senders one round visits, in turn order: every sender with work now.
    var roundOrder: [String] { ring }

    /// Takes the next item of `sender`'s lane (`nil` when it has none).
    mutating func popFirst(from sender: String) -> Item? {
        guard let item = lanes[sender]?.popFirst() else { return nil }
        count -= 1
        return item
    }

    /// Ends a round: lanes that ran empty leave the ring (and give back their storage); the others
    /// keep their place.
    mutating func endRound() {
        ring.removeAll { sender in
            guard lanes[sender]?.isEmpty ?? true else { return false }
            lanes[sender] = nil
            return true
        }
    }

    /// Removes everything (the connection closed) and returns it, lane by lane.
    mutating func removeAll() -> [Item] {
        var all: [Item] = []
        for sender in ring {
            while let item = lanes[sender]?.popFirst() { all.append(item) }
        }
        lanes.removeAll()
        ring.removeAll()
        count = 0
        return all
    }
}

/// How much of one sender's work a round serves, and when a round waits for output.
public struct DispatchPolicy: Sendable, Hashable {
    /// Method calls served from one sender per round, at most.
    public var batch: Int
    /// Time one sender's batch may take: once a call ends after it, the sender's turn ends (a single
    /// call is never cut).
    public var batchTime: Duration
    /// Whether to wait, before serving a round, until the socket takes output again when what the
    /// previous rounds sent is still queued: replies then leave within a bounded time after being
    /// made, and a flood cannot pile up output (and memory) faster than the bus takes it.
    public var waitsForOutput: Bool

    public init(batch: Int = 8, batchTime: Duration = .milliseconds(2), waitsForOutput: Bool = true) {
        self.batch = max(1, batch)
        self.batchTime = batchTime
        self.waitsForOutput = waitsForOutput
    }
}
