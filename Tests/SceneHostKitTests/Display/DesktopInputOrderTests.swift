import Testing
import TestSupport

@testable import SceneHostKit

@Suite("Desktop input order: events read after an input to a scene process wait for its answer")
struct DesktopInputOrderTests {
    /// Events are their names; processes are scene names.
    private typealias Order = DesktopInputOrder<String, String>
    private let second: UInt64 = 1_000_000_000

    /// Handles what the order lets go; `forwarding` says which events go to which process as input
    /// it answers (with their serials), as the board's handling of a press does.
    private func handle(_ order: inout Order, now: UInt64, forwarding: [String: (process: String, serial: UInt64)] = [:]) -> [String] {
        var handled: [String] = []
        while let event = order.next() {
            handled.append(event)
            if let input = forwarding[event] { _ = order.forwarded(serial: input.serial, to: input.process, now: now) }
        }
        return handled
    }

    @Test("Without an input to a scene process, every event read is handled in one go, in order")
    func eventsWithoutAnAwaitedInputGoThrough() {
        var order = Order(limit: second)
        order.hold(["move", "wheel", "focus"])
        #expect(handle(&order, now: 0) == ["move", "wheel", "focus"])
        #expect(order.heldCount == 0)
        #expect(order.next() == nil)
    }

    @Test("A click on another scene read in the same batch as a press to a process waits for the press's answer")
    func aBatchStopsAtAnInputToAProcessUntilItAnswers() {
        var order = Order(limit: second)
        order.hold(["press gallery", "release gallery", "press findview"])
        let forwarding = ["press gallery": ("gallery", UInt64(1)), "release gallery": ("gallery", UInt64(2)), "press findview": ("findview", UInt64(3))]
        #expect(handle(&order, now: 0, forwarding: forwarding) == ["press gallery"])
        #expect(order.state == .awaiting(process: "gallery", serial: 1, deadline: second))
        #expect(order.heldCount == 2)
        #expect(order.answered(serial: 1, by: "gallery") == .resume)
        #expect(handle(&order, now: 10, forwarding: forwarding) == ["release gallery"])
        #expect(order.answered(serial: 2, by: "gallery") == .resume)
        #expect(handle(&order, now: 20, forwarding: forwarding) == ["press findview"])
        #expect(order.answered(serial: 3, by: "findview") == .none, "nothing is left to resume")
        #expect(order.state == .delivering)
    }

    @Test("Events read while waiting join the held ones behind them")
    func laterBatchesQueueBehindTheWait() {
        var order = Order(limit: second)
        order.hold(["press gallery"])
        #expect(handle(&order, now: 0, forwarding: ["press gallery": ("gallery", 1)]) == ["press gallery"])
        order.hold(["move"])
        order.hold(["key a"])
        #expect(order.next() == nil)
        #expect(order.heldCount == 2)
        #expect(order.answered(serial: 1, by: "gallery") == .resume)
        #expect(handle(&order, now: 5) == ["move", "key a"])
    }

    @Test("Another process's answer, or an older serial's, does not end the wait")
    func onlyTheAwaitedAnswerResumes() {
        var order = Order(limit: second)
        order.hold(["press gallery", "press findview"])
        #expect(handle(&order, now: 0, forwarding: ["press gallery": ("gallery", 7)]) == ["press gallery"])
        #expect(order.answered(serial: 7, by: "findview") == .none)
        #expect(order.answered(serial: 6, by: "gallery") == .none)
        #expect(order.next() == nil)
        #expect(order.answered(serial: 7, by: "gallery") == .resume)
        #expect(order.next() == "press findview")
    }

    @Test("A process that does not answer within the limit is given up on: the held events go on, and it is not waited for again until it answers")
    func aLateProcessIsWaitedForOnce() {
        var order = Order(limit: second)
        order.hold(["press hung", "press findview", "press hung again", "press findview again"])
        let forwarding = [
            "press hung": ("hung", UInt64(1)), "press findview": ("findview", UInt64(2)),
            "press hung again": ("hung", UInt64(3)), "press findview again": ("findview", UInt64(4)),
        ]
        #expect(handle(&order, now: 0, forwarding: forwarding) == ["press hung"])
        #expect(order.deadlinePassed(now: second - 1) == .none, "before the deadline nothing changes")
        #expect(order.deadlinePassed(now: second) == .resume)
        #expect(handle(&order, now: second, forwarding: forwarding) == ["press findview"])
        #expect(order.answered(serial: 2, by: "findview") == .resume)
        // The hung process's next input is not waited for: the desktop goes on at once.
        #expect(handle(&order, now: second + 10, forwarding: forwarding) == ["press hung again", "press findview again"])
        #expect(order.state == .awaiting(process: "findview", serial: 4, deadline: 2 * second + 10))
        // Once it answers what it was late with, it is waited for again.
        #expect(order.answered(serial: 1, by: "hung") == .none)
        #expect(order.answered(serial: 4, by: "findview") == .none)
        order.hold(["press hung once more"])
        #expect(handle(&order, now: 3 * second, forwarding: ["press hung once more": ("hung", 5)]) == ["press hung once more"])
        #expect(order.state == .awaiting(process: "hung", serial: 5, deadline: 4 * second))
    }

    @Test("A deadline of an earlier wait does not end a later one")
    func aStaleDeadlineIsIgnored() {
        var order = Order(limit: second)
        order.hold(["press a", "press b", "move"])
        let forwarding = ["press a": ("a", UInt64(1)), "press b": ("b", UInt64(2))]
        #expect(handle(&order, now: 0, forwarding: forwarding) == ["press a"])
        #expect(order.answered(serial: 1, by: "a") == .resume)
        #expect(handle(&order, now: second / 2, forwarding: forwarding) == ["press b"])
        #expect(order.deadlinePassed(now: second) == .none, "the first wait's timer firing")
        #expect(order.next() == nil)
        #expect(order.deadlinePassed(now: second + second / 2) == .resume)
        #expect(order.next() == "move")
    }

    @Test("With a limit of 0 nothing is ever held")
    func aZeroLimitHoldsNothing() {
        var order = Order(limit: 0)
        order.hold(["press a", "press b"])
        #expect(handle(&order, now: 0, forwarding: ["press a": ("a", 1), "press b": ("b", 2)]) == ["press a", "press b"])
        #expect(order.state == .delivering)
    }

    @Test("On random sequences, events come out once each, in the order read, and never while an answer is awaited before the deadline")
    func randomSequencesKeepTheOrder() {
        var random = SplitMix64(seed: 0x5eed_0d3e)
        for _ in 0..<200 {
            var order = DesktopInputOrder<Int, Int>(limit: second)
            var now: UInt64 = 0
            var read = 0
            var handled: [Int] = []
            var unanswered: [(process: Int, serial: UInt64)] = []
            for _ in 0..<60 {
                now += random.next() % (second / 2)
                switch random.next() % 4 {
                case 0:
                    let count = Int(random.next() % 4)
                    order.hold(read..<(read + count))
                    read += count
                case 1:
                    if !unanswered.isEmpty {
                        let answer = unanswered.remove(at: Int(random.next() % UInt64(unanswered.count)))
                        _ = order.answered(serial: answer.serial, by: answer.process)
                    }
                case 2:
                    _ = order.deadlinePassed(now: now)
                default:
                    break
                }
                if case .awaiting(_, _, let deadline) = order.state, now < deadline {
                    #expect(order.next() == nil, "nothing is handled while an answer is awaited")
                    continue
                }
                while let event = order.next() {
                    handled.append(event)
                    // Every third event is an input to one of three processes.
                    if event % 3 == 0 {
                        let input = (process: Int(random.next() % 3), serial: UInt64(event + 1))
                        unanswered.append(input)
                        _ = order.forwarded(serial: input.serial, to: input.process, now: now)
                    }
                }
            }
            #expect(handled == Array(0..<handled.count), "in the order read, each once")
            #expect(handled.count + order.heldCount == read)
        }
    }
}
