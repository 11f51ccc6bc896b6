import Glibc
import SceneErrors
import SceneLoop
import Testing

/// The loop's turns, driven one at a time (`runTurn(timeout: 0)` never waits), with pipes for the
/// watched descriptors and for its wake-up: the real main queue's loop runs in `scene-host` and in
/// each scene process, which the integration suites drive.
@MainActor
@Suite("The main loop: one epoll on the main thread")
struct EventLoopTests {
    let wake = Pipe()
    let wakes: Counter
    let loop: EventLoop

    init() throws {
        let wakes = Counter()
        self.wakes = wakes
        loop = try EventLoop(wake: wake.readEnd) { wakes.count += 1 }
    }

    @Test("A readable descriptor's handler runs in the turn that finds it, and again while bytes are left unread (level-triggered); not once it is read or its watch cancelled")
    func readableUntilReadOrCancelled() throws {
        let pipe = Pipe()
        let calls = Counter()
        let watch = try loop.watchReadable(pipe.readEnd, owner: nil) { calls.count += 1 }
        #expect(loop.runTurn(timeout: 0) == 0, "nothing to read")
        pipe.write("a")
        #expect(loop.runTurn(timeout: 0) == 1)
        #expect(loop.runTurn(timeout: 0) == 1, "the byte is still there")
        #expect(calls.count == 2)
        #expect(pipe.read() == "a")
        #expect(loop.runTurn(timeout: 0) == 0)
        pipe.write("b")
        watch.cancel()
        #expect(loop.runTurn(timeout: 0) == 0, "cancelled")
        #expect(calls.count == 2)
        #expect(loop.watchCount == 0)
        watch.cancel()  // twice: nothing
    }

    @Test("The wake-up descriptor runs onWake once per turn and is emptied, so it does not run again until woken again")
    func wakeUpIsEmptied() {
        wake.write("x")
        #expect(loop.runTurn(timeout: 0) == 1)
        #expect(wakes.count == 1)
        #expect(loop.runTurn(timeout: 0) == 0)
        wake.write("y")
        #expect(loop.runTurn(timeout: 0) == 1)
        #expect(wakes.count == 2)
    }

    @Test("A watch that an earlier handler of the same turn cancels is not called, though the wait found it readable")
    func cancelledInTheSameTurn() throws {
        let first = Pipe(), second = Pipe()
        let calls = Counter()
        let watches = Watches()
        for pipe in [first, second] {
            watches.all.append(try loop.watchReadable(pipe.readEnd, owner: nil) {
                calls.count += 1
                for watch in watches.all { watch.cancel() }
            })
        }
        first.write("1")
        second.write("2")
        #expect(loop.runTurn(timeout: 0) == 1, "the other's watch was cancelled by the first handler")
        #expect(calls.count == 1)
        #expect(loop.watchCount == 0)
    }

    @Test("The owner is kept until the watch is cancelled, and let go at once then, so its descriptor may be closed")
    func ownerKeptUntilCancelled() throws {
        let pipe = Pipe()
        weak var released: Pipe?
        var owner: Pipe? = Pipe()
        released = owner
        let watch = try loop.watchReadable(pipe.readEnd, owner: owner) {}
        owner = nil
        #expect(released != nil)
        watch.cancel()
        #expect(released == nil)
    }

    @Test("A descriptor epoll cannot watch is refused with an error naming it; nothing else changes")
    func refused() throws {
        let file = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        defer { close(file) }
        #expect(file >= 0)
        let error = #expect(throws: EventLoopError.self) { _ = try loop.watchReadable(file, owner: nil) {} }
        #expect(error?.code == .system)
        #expect(error?.message.contains("descriptor \(file)") == true, "\(String(describing: error))")
        let closed = #expect(throws: EventLoopError.self) { _ = try loop.watchReadable(-1, owner: nil) {} }
        #expect(closed?.message.contains("descriptor -1") == true)
        #expect(loop.watchCount == 0)
    }

    @Test("run serves the wake-up first, then turns, each followed by endOfTurn, until the condition holds")
    func runUntilDone() throws {
        let pipe = Pipe()
        var turns = 0
        var read: [String] = []
        let watch = try loop.watchReadable(pipe.readEnd, owner: nil) { read.append(pipe.read()) }
        defer { watch.cancel() }
        pipe.write("z")
        loop.run(endOfTurn: { turns += 1 }) { read == ["z"] }
        #expect(wakes.count == 1, "the main queue's blocks queued before the loop ran")
        #expect(turns == 2, "the first serving, then the turn that read")
    }

    @Test("An action deferred to the end of the turn runs after every handler of the turn, once; outside a turn nothing is kept and the caller is told to act at once")
    func deferredToTheEndOfTheTurn() throws {
        let first = Pipe(), second = Pipe()
        var log: [String] = []
        #expect(!loop.deferToEndOfTurn { log.append("outside") }, "no turn is running")
        let watches = Watches()
        for (name, pipe) in [("first", first), ("second", second)] {
            watches.all.append(try loop.watchReadable(pipe.readEnd, owner: nil) {
                _ = pipe.read()
                log.append(name)
                #expect(self.loop.deferToEndOfTurn { log.append("after \(name)") })
            })
        }
        defer { watches.all.forEach { $0.cancel() } }
        first.write("a")
        second.write("b")
        #expect(loop.runTurn(timeout: 0) == 2)
        #expect(log == ["first", "second", "after first", "after second"])
        log.removeAll()
        #expect(loop.runTurn(timeout: 0) == 0)
        #expect(log.isEmpty, "each action ran once")
        #expect(!loop.deferToEndOfTurn { log.append("outside") }, "the turn has ended")
    }

    @Test("run ends each turn with endOfTurn and then the deferred actions, those an action defers included, before it checks whether it is done")
    func runEndsTurnsWithDeferredActions() throws {
        let pipe = Pipe()
        var log: [String] = []
        let watch = try loop.watchReadable(pipe.readEnd, owner: nil) {
            _ = pipe.read()
            log.append("read")
            _ = self.loop.deferToEndOfTurn {
                log.append("deferred")
                _ = self.loop.deferToEndOfTurn { log.append("deferred by it") }
            }
        }
        defer { watch.cancel() }
        pipe.write("z")
        loop.run(endOfTurn: { log.append("end") }) { log.last == "deferred by it" }
        #expect(log == ["end", "read", "end", "deferred", "deferred by it"])
    }
}

/// A count a handler moves.
@MainActor
final class Counter {
    var count = 0
}

/// Watches a handler cancels.
@MainActor
final class Watches {
    var all: [any DescriptorWatch] = []
}

/// A non-blocking pipe, closed with its owner.
final class Pipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "pipe failed: errno \(errno)")
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(Glibc.write(writeEnd, bytes, bytes.count) == bytes.count)
    }

    func read() -> String {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(readEnd, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }
}
