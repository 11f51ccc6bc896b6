import DBusKit
import Foundation
import Glibc
import TestProcesses
import Testing

/// Issue 26's idle target, "no frames, no wake-ups, 0% CPU in the host and every scene process",
/// for wake-ups: once settled, the board and its scene processes sleep until something happens.
@MainActor
@Suite("An idle board and its scene processes wake no thread", .serialized)
struct IdleBoardTests {
    @Test("After a tap, once idle, no thread of the board or of its three scene processes is woken for 3 s (libdispatch's worker-pool monitor woke the board once a second, for good, after the first awaited reply)")
    func settledBoardSleeps() async throws {
        let host = try HostProcess(arguments: ["--isolation", "process"])
        let client = try await HostBusClient(host: host, subscribe: false)
        // Work through the board and a scene process, and replies the board awaits (its own calls to
        // the bus at start): what used to start libdispatch's global pool.
        _ = try await client.host("TouchDown", [.uint32(0)] + doubles(240, 250))
        _ = try await client.host("TouchUp", [.uint32(0)])
        _ = try await client.waitForIdle(SanitizedRun.seconds(10))
        client.close()
        let board = host.process.processIdentifier
        let sceneProcesses = HostLifecycleTests.children(of: board).filter { HostLifecycleTests.commandLine(of: $0).contains("--scene-process") }
        #expect(sceneProcesses.count == 3)
        // The client's departure and the scenes' last log lines settle first.
        try await Task.sleep(for: SanitizedRun.scaled(.seconds(1)))
        let before = ThreadSwitches(of: [board] + sceneProcesses)
        try await Task.sleep(for: .seconds(3))
        let woken = before.woken(since: ThreadSwitches(of: [board] + sceneProcesses))
        #expect(woken.isEmpty, "threads woken while idle (pid/tid name: times): \(woken)")
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }
}

/// The context switches so far of every thread of some processes (`/proc/PID/task/TID/status`,
/// voluntary and involuntary): a thread asleep in `epoll_wait` adds none, each wake-up one.
private struct ThreadSwitches {
    /// "pid/tid name" → switches.
    let counts: [String: Int]

    init(of processes: [pid_t]) {
        var counts: [String: Int] = [:]
        for pid in processes {
            for tid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
                guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8) else { continue }
                var name = "", switches = 0
                for line in status.split(separator: "\n") {
                    let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2 else { continue }
                    if parts[0] == "Name" { name = parts[1] }
                    if parts[0].hasSuffix("voluntary_ctxt_switches") { switches += Int(parts[1]) ?? 0 }
                }
                counts["\(pid)/\(tid) \(name)"] = switches
            }
        }
        self.counts = counts
    }

    /// The threads switched in between this reading and `later`, with how often (threads that
    /// began or ended meanwhile are left out).
    func woken(since later: ThreadSwitches) -> [String: Int] {
        var woken: [String: Int] = [:]
        for (thread, count) in later.counts { if let earlier = counts[thread], count > earlier { woken[thread] = count - earlier } }
        return woken
    }
}
