import DBusKit
import Foundation
import Glibc
import SceneBusContract
import SceneProcesses
import TestProcesses
import Testing

/// Nothing blocks the host's main thread on a socket: with its session bus stopped, the host keeps
/// serving its other connections, and what it could not write waits, in order, until the bus runs.
/// The filling is measured by the host itself (its log and `Host1.BusStatistics`), not by time.
@MainActor
@Suite("The host with its session bus stopped", .serialized)
struct StoppedBusTests {
    @Test("With the session bus stopped until the host's socket to it is full, AT-SPI DoAction taps are still delivered and answered, and after it resumes every queued signal arrives in order")
    func sessionBusStopped() async throws {
        let session = try await offPool { try BusDaemon() }
        let accessibilityBus = try await offPool { try BusDaemon() }
        let registry = try await FakeAtspiRegistry(address: accessibilityBus.address)
        defer { registry.leave() }
        let host = try HostProcess(arguments: ["--bus", session.address], environment: ["AT_SPI_BUS_ADDRESS": accessibilityBus.address])
        try await eventually("scene-host to register with the AT-SPI registry", timeout: 60) {
            host.log.contains { $0.contains("registered with the AT-SPI registry") }
        }
        // The registry's own line, read from its output by another thread, can come after the host's.
        try await eventually("the registry to say it embedded the host", timeout: 60) { !registry.plugs.isEmpty }
        let probe = try await AtspiProbe(address: accessibilityBus.address, application: try #require(registry.plugs.first).bus)
        defer { probe.close() }

        // Every Host1 signal, recorded by seq, from a subscriber on the session bus.
        let subscriber = try await BusConnection.connect(to: .address(session.address))
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
        // Tap until the host says its socket to the stopped bus is full (its own statistic: the kernel
        // refused bytes, which now wait in the host's queue), then tap on: each tap is still answered.
        let full = "the D-Bus API's bus at \(session.address) does not read"
        var answered = 1
        while !host.log.contains(where: { $0.contains(full) }) {
            #expect(try await probe.call(taps, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
            answered += 1
            // A hang guard only: about 1 KB of signals per tap fills any socket buffer long before.
            try #require(answered < 50_000, "the host never said its socket was full")
        }
        for _ in 0..<200 {
            #expect(try await probe.call(taps, Atspi.action, "DoAction", [.int32(0)]) == [.bool(true)])
            answered += 1
        }
        #expect(tapsEnded == 1, "nothing reached the stopped bus's subscriber")
        kill(session.processID, SIGCONT)
        stopped = false

        try await eventually("every tap's Touch signals after the bus resumed (\(answered) taps)", timeout: 120) { tapsEnded == answered }
        let first = try #require(seqs.first)
        #expect(seqs == Array(first..<(first + UInt64(seqs.count))), "seq has no gap and no disorder over \(seqs.count) signals")
        #expect(seqs.count > 2 * answered)
        #expect(await host.line(containing: "the D-Bus API's bus at \(session.address) reads again"))
        let statistics = try #require(
            try await subscriber.call(
                destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: SceneBusContract.hostInterface,
                member: "BusStatistics", timeout: .seconds(120)
            ).arguments.first)
        // Full once while stopped, and maybe again while the resumed daemon drains the backlog more
        // slowly than the host writes it (a loaded machine): each time is counted, logged, and ends.
        let fills = Int(try #require(statistics["api.socket-full"]?.uint64Value, "\(statistics)"))
        #expect(fills >= 1, "\(statistics)")
        let readsAgain = "the D-Bus API's bus at \(session.address) reads again"
        try await eventually("a warning and a reads-again line in the host's log for each of the \(fills) times the socket filled") {
            host.log.filter { $0.contains(full) }.count == fills && host.log.filter { $0.contains(readsAgain) }.count == fills
        }
        #expect((statistics["api.queued-bytes-peak"]?.uint64Value ?? 0) > 0, "\(statistics)")
        #expect(statistics["api.queued-bytes"] == .uint64(0), "\(statistics)")
        #expect(statistics["accessibility.socket-full"] == .uint64(0), "the accessibility bus always read: \(statistics)")
        #expect(host.process.isRunning)
        withExtendedLifetime((session, accessibilityBus)) {}
    }
}
