@testable import DBusKit
import Dispatch
import Glibc
import SceneProcesses
import Synchronization
import Testing

/// A connection whose owner (the main actor) is busy for longer than a call's timeout still gets the
/// reply that reached its socket in time: DBusKit reads what the socket holds before it lets libdbus
/// declare the call timed out. (Before, the timer's event could be served ahead of the socket's on the
/// main queue, and a reply that came in time was reported as NoReply: CI's 20 s NoReply failures in
/// ConnectionTests while other suites held the test process's main actor.)
@Suite("Connections whose owner is busy", .tags(.needsBus))
@MainActor
struct BusyOwnerTests {
    let bus: BusFixture

    init() async throws {
        bus = try await BusFixture()
    }

    /// Holds the main actor for `duration` in a job queued now, before anything the test does next, as
    /// another suite's long model run or a slow handler does.
    private func queueBusySpell(of duration: Duration) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { Self.occupyMainActor(for: duration) }
        }
    }

    /// Holds the main actor without yielding.
    private static func occupyMainActor(for duration: Duration) {
        var request = timespec(tv_sec: Int(duration.components.seconds), tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) == -1 && errno == EINTR { request = left }
    }

    @Test("A reply from another process that arrived before the timeout is the call's result, however late the main actor reads it")
    func replyFromAnotherProcess() async throws {
        queueBusySpell(of: .milliseconds(600))
        let connection = try await bus.connect()
        let name = try #require(connection.uniqueName)
        let reply = try await connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner",
            arguments: [.string(name.rawValue)], timeout: .milliseconds(200))
        #expect(reply.arguments == [.string(name.rawValue)])
    }

    @Test("A call to a connection of this same process is answered although the main actor was busy past the timeout")
    func replyFromThisProcess() async throws {
        queueBusySpell(of: .milliseconds(600))
        let client = try await bus.connect()
        let server = try await bus.connect()
        let reply = try await client.call(
            destination: server.uniqueName, path: "/any/path", interface: .peer, member: "Ping", timeout: .milliseconds(200))
        #expect(reply.kind == .methodReturn)
    }

    @Test("A private connection authenticates and registers (Hello) while the main actor is blocked: no step of it waits for a turn of the main queue")
    func registersWithoutTheMainActor() throws {
        let address = bus.daemon.address
        let outcome = OpeningOutcome()
        let opened = DispatchSemaphore(value: 0)
        BlockingThread.detach {
            do {
                let (raw, name) = try BusTransport.openRegistered(address: address)
                BusTransport.discard(raw)
                outcome.text.withLock { $0 = name.rawValue }
            } catch {
                outcome.text.withLock { $0 = "failed: \(error)" }
            }
            opened.signal()
        }
        // The main actor blocks here until the connection is registered. (Before, Hello and its
        // reply went through the main run loop: this wait would have timed out, and a test process
        // whose main actor was busy for 25 s timed out its own Hello.) The limit only guards against a hang.
        #expect(opened.wait(timeout: .now() + .seconds(30)) == .success)
        let name = try #require(outcome.text.withLock { $0 })
        #expect(name.hasPrefix(":"), "the unique name, or the error: \(name)")
    }

    @Test("A call nobody answers still times out with NoReply after a busy spell")
    func unansweredCallStillTimesOut() async throws {
        let client = try await bus.connect()
        let server = try await bus.connect()
        let hold = try bus.exportHold(on: server)
        queueBusySpell(of: .milliseconds(600))
        let error = try await bus.expectError(
            from: client, destination: server.uniqueName, path: "/hold", interface: "org.example.Hold1", member: "Hold",
            timeout: .milliseconds(200))
        #expect(error.name == .noReply)
        let held = try await hold.wait(for: 1, "Hold calls")
        held[0].reply([])
    }
}

/// What the opening thread of ``BusyOwnerTests/registersWithoutTheMainActor()`` found.
private final class OpeningOutcome: Sendable {
    /// The unique name the bus assigned, or the error.
    let text = Mutex<String?>(nil)
}
