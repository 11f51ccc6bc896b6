import DBusKit
import Foundation
import SceneBusContract
import Testing

/// The host serves the callers waiting on its connection in turn (DBusKit's fair dispatch): a client
/// with a deep backlog of calls delays another client's call by a batch, not by its whole backlog.
/// Not a timing test: it checks the order in which replies come back.
@MainActor
@Suite("D-Bus API: fair to every client", .serialized)
struct BusFairnessTests {
    @Test("A Ping sent while a flood of 10,000 HitTest calls is being served is answered before most of what is left of the flood")
    func pingOvertakesFlood() async throws {
        // The per-client budget lifted, so every flood call is served (the worst case for the others).
        let config = try temporaryFile("fairness.yaml", HostConfigurationText.demo + "bus:\n  limits:\n    calls-per-second: 1000000\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let host = try HostProcess(arguments: ["--config", config])
        let flooder = try await HostBusClient(host: host, subscribe: false)
        let pinger = try await HostBusClient(host: host, subscribe: false)
        defer {
            flooder.close()
            pinger.close()
        }
        let floodSize = 10_000
        var answered = 0
        var failures: [String] = []
        let window = SceneBusContract.windowPath(DemoWindow.findview)
        var tasks: [Task<Void, Never>] = []
        for _ in 0..<floodSize {
            tasks.append(Task { @MainActor in
                do {
                    // Not a timing test: on a loaded machine serving the whole flood can take longer than
                    // the usual 20 s per call.
                    _ = try await flooder.connection.call(
                        destination: SceneBusContract.busName, path: window, interface: SceneBusContract.windowInterface, member: "HitTest",
                        arguments: doubles(240, 250), timeout: .seconds(180))
                } catch {
                    failures.append("\(error)")
                }
                answered += 1
            })
        }
        // The host is serving the flood, and most of it still waits.
        try await eventually("the first flood reply", timeout: 60) { answered > 0 }
        let answeredBeforePing = answered
        _ = try await pinger.call(SceneBusContract.rootPath, .peer, "Ping")
        let answeredAtPing = answered
        for task in tasks { await task.value }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(answered == floodSize)
        // HitTest answers at once, so replies come back in the order calls are served. First come,
        // first served, the Ping would be answered after all that was left of the flood; served in
        // turn, it waits for a batch of the flood per round, plus what the host read meanwhile.
        let left = floodSize - answeredBeforePing
        #expect(left > floodSize / 2, "the flood was mostly answered (\(answeredBeforePing)) before the Ping was sent")
        #expect(
            answeredAtPing - answeredBeforePing < left / 2,
            "\(answeredAtPing - answeredBeforePing) of the \(left) flood calls left were answered before the Ping")
        #expect(host.process.isRunning)
    }
}
