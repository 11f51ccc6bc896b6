import DBusKit
import Foundation
import Glibc
import SceneBusContract
import Testing

/// Nothing blocks the host's main thread on a socket: with its session bus stopped, the host keeps
/// serving its other connections, and what it could not write waits, in order, until the bus runs.
@MainActor
@Suite("The host with its session bus stopped", .serialized)
struct StoppedBusTests {
    @Test("With the session bus stopped for 5 s, AT-SPI DoAction taps are delivered and answered, and after it resumes every queued signal arrives in order")
    func sessionBusStopped() async throws {
        let session = try await Task.detached { try BusDaemon() }.value
        let accessibilityBus = try await Task.detached { try BusDaemon() }.value
        let registry = try await FakeAtspiRegistry(address: accessibilityBus.address)
        defer { registry.leave() }
        let host = try HostProcess(arguments: ["--bus", session.address], environment: ["AT_SPI_BUS_ADDRESS": accessibilityBus.address])
        try await eventually("scene-host to register with the AT-SPI registry", timeout: 60) {
            host.log.contains { $0.contains("registered with the AT-SPI registry") }
        }
        let probe = try AtspiProbe(address: accessibilityBus.address, application: registry.plugs[0].bus)
        defer { probe.close() }

        // Every Host1 signal, recorded by seq, from a subscriber on the session bus.
        let subscriber = try BusConnection.connect(to: .address(session.address))
        defer { subscriber.close() }
        var seqs: [UInt64] = []
        var tapsEnded = 0
        let subscription = try await subscriber.addMatch(.signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface)) {
            message in
            let arguments = message.arguments
            seqs.append(arguments.first?.uint64Value ?? 0)
            if message.member == "Touch", arguments.count > 6, arguments[3].stringValue == "ended", arguments[6].stringValue == "taps" {
                tapsEnded += 1
            }
        }
        defer { subscription.cancel() }

        let taps = try await probe.path(ofID: "taps")
        #expect(try await probe.call(taps, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
        try await eventually("the first tap's signals") { tapsEnded == 1 }

        kill(session.processID, SIGSTOP)
        var stopped = true
        defer { if stopped { kill(session.processID, SIGCONT) } }
        let clock = ContinuousClock()
        let start = clock.now
        var answered = 1
        var slowest: Duration = .zero
        // At least 5 s, and at least 1,500 taps (about 5,000 signals, 1 MB: far more than the
        // socket's buffer holds), however slow the machine.
        while clock.now - start < .seconds(5) || (answered < 1500 && clock.now - start < .seconds(30)) {
            let sent = clock.now
            #expect(try await probe.call(taps, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
            slowest = max(slowest, clock.now - sent)
            answered += 1
        }
        #expect(answered >= 1500, "the accessibility bus was served while the session bus was stopped (\(answered) taps)")
        // Before the outgoing queue, the host waited up to 30 s in poll() once the socket was full.
        // (Generous: with every suite running in parallel this process's own main actor is busy.)
        #expect(slowest < .seconds(10), "no DoAction waited for the stopped bus (slowest \(slowest))")
        #expect(tapsEnded == 1, "nothing reached the stopped bus's subscriber")
        kill(session.processID, SIGCONT)
        stopped = false

        try await eventually("every tap's Touch signals after the bus resumed (\(answered) taps)", timeout: 60) { tapsEnded == answered }
        let first = try #require(seqs.first)
        #expect(seqs == Array(first..<(first + UInt64(seqs.count))), "seq has no gap and no disorder over \(seqs.count) signals")
        #expect(seqs.count > 2 * answered)
        #expect(host.process.isRunning)
        withExtendedLifetime((session, accessibilityBus)) {}
    }
}
