/// Work waiting to be served, one lane per sender, served in turn: the fairness of a connection's
/// method dispatch.
///
/// ```
///  arrival:  A1 A2 A3 A4 A5 B1 A6 C1 B2          (A floods, B and C call now and then)
///  lanes:    A: A1 A2 A3 A4 A5 A6   B: B1 B2   C: C1
///  rounds (batch 2):  C1 B1 B2 A1 A2 | A3 A4 | A5 A6
/// ```
///
/// Within a lane, items keep their arrival order; across lanes, every sender with work gets a bounded
/// batch per round (``DispatchPolicy``), so a sender that floods delays another by at most one batch
/// per round instead of by its whole backlog. A round visits the senders that had work when it began,
/// the shortest lanes first. A lane also counts its sender's calls *under way* (answered later), so
/// the dispatcher can hold a sender at a limit. Value type, no I/O, tested without a bus.
///
/// Lanes are identified by a small number looked up once per item; a lane that has nothing waiting
/// and nothing under way is recycled, its storage kept for the next sender.
struct FairQueue<Item> {
    /// A sender's lane.
    typealias Lane = Int

    private struct LaneState {
        var sender = ""
        var items = Queue<Item>()
        var underWay = 0
        var inRing = false
    }

    private var lanes: [LaneState] = []
    private var lanesBySender: [String: Lane] = [:]
    private var freeLanes: [Lane] = []
    /// Lanes with work waiting, in the order they became non-empty.
    private var ring: [Lane] = []
    /// Items waiting in all lanes.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// How many senders have work waiting.
    var senderCount: Int { ring.count }

    /// The lane of `sender`, made (or recycled) on first use.
    mutating func lane(of sender: String) -> Lane {
        if let lane = lanesBySender[sender] { return lane }
        let lane: Lane
        if let free = freeLanes.popLast() {
            lane = free
            lanes[lane].sender = sender
        } else {
            lane = lanes.count
            lanes.append(LaneState(sender: sender))
        }
        lanesBySender[sender] = lane
        return lane
    }

    /// Adds `item` at the end of `sender`'s lane.
    mutating func append(_ item: Item, from sender: String) {
        append(item, to: lane(of: sender))
    }

    /// Adds `item` at the end of `lane`.
    mutating func append(_ item: Item, to lane: Lane) {
        lanes[lane].items.append(item)
        count += 1
        if !lanes[lane].inRing {
            lanes[lane].inRing = true
            ring.append(lane)
        }
    }

    /// Whether `sender` has work waiting.
    func hasWork(from sender: String) -> Bool {
        lanesBySender[sender].map { !lanes[$0].items.isEmpty } ?? false
    }

    /// Whether `lane` has work waiting.
    func hasWork(in lane: Lane) -> Bool { !lanes[lane].items.isEmpty }

    /// The lanes one round visits, in turn order: every lane with work now, those with the fewest
    /// items waiting first (ties in ring order). Every sender still gets its batch each round; a
    /// client that waits for one reply at a time is served before the batches of one that floods.
    var roundOrder: [Lane] {
        guard ring.count > 1 else { return ring }
        return ring.enumerated()
            .sorted { (lanes[$0.element].items.count, $0.offset) < (lanes[$1.element].items.count, $1.offset) }
            .map(\.element)
    }

    /// The senders one round visits, in turn order (see ``roundOrder``).
    var roundSenders: [String] { roundOrder.map { lanes[$0].sender } }

    /// Takes the next item of `lane` (`nil` when it has none).
    mutating func popFirst(from lane: Lane) -> Item? {
        guard let item = lanes[lane].items.popFirst() else { return nil }
        count -= 1
        return item
    }

    /// Takes the next item of `sender`'s lane (`nil` when it has none).
    mutating func popFirst(from sender: String) -> Item? {
        guard let lane = lanesBySender[sender] else { return nil }
        return popFirst(from: lane)
    }

    /// Calls of `lane`'s sender under way (answered later).
    func underWay(in lane: Lane) -> Int { lanes[lane].underWay }

    /// Counts one more call of `lane`'s sender under way.
    mutating func beginUnderWay(in lane: Lane) {
        lanes[lane].underWay += 1
    }

    /// Counts one call of `lane`'s sender as answered; returns how many remain under way.
    @discardableResult
    mutating func endUnderWay(in lane: Lane) -> Int {
        guard lanes.indices.contains(lane) else { return 0 }  // everything was removed meanwhile
        lanes[lane].underWay = max(0, lanes[lane].underWay - 1)
        let left = lanes[lane].underWay
        recycleIfIdle(lane)
        return left
    }

    /// Ends a round: lanes that ran empty leave the ring (and are recycled once nothing of theirs is
    /// under way); the others keep their place.
    mutating func endRound() {
        let emptied = ring.filter { lanes[$0].items.isEmpty }
        guard !emptied.isEmpty else { return }
        ring.removeAll { lanes[$0].items.isEmpty }
        for lane in emptied {
            lanes[lane].inRing = false
            recycleIfIdle(lane)
        }
    }

    private mutating func recycleIfIdle(_ lane: Lane) {
        let state = lanes[lane]
        guard !state.inRing, state.items.isEmpty, state.underWay == 0, lanesBySender[state.sender] == lane else { return }
        lanesBySender[state.sender] = nil
        freeLanes.append(lane)
    }

    /// Removes everything (the connection closed) and returns the items, lane by lane.
    mutating func removeAll() -> [Item] {
        var all: [Item] = []
        for lane in ring {
            while let item = lanes[lane].items.popFirst() { all.append(item) }
        }
        lanes.removeAll()
        lanesBySender.removeAll()
        freeLanes.removeAll()
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
    /// Output (bytes of replies and signals) after which a round ends early, even inside a sender's
    /// batch: what a round makes is written when the turn ends, and a reply made later in the round
    /// leaves behind it.
    public var outputPerRound: Int
    /// Calls of one sender that may be answered later (deferred or async handlers) at once: further
    /// calls of that sender wait in its lane until one of them is answered. This bounds the work a
    /// sender can start that runs later outside its turn (timers, tasks).
    public var answersPerSender: Int
    /// Whether to wait, before serving a round, until the socket takes output again when what the
    /// previous rounds sent is still queued: replies then leave within a bounded time after being
    /// made, and a flood cannot pile up output (and memory) faster than the bus takes it.
    public var waitsForOutput: Bool

    public init(
        batch: Int = 8, batchTime: Duration = .milliseconds(2), outputPerRound: Int = 32 * 1024, answersPerSender: Int = 32,
        waitsForOutput: Bool = true
    ) {
        self.batch = max(1, batch)
        self.batchTime = batchTime
        self.outputPerRound = max(1, outputPerRound)
        self.answersPerSender = max(1, answersPerSender)
        self.waitsForOutput = waitsForOutput
    }
}
