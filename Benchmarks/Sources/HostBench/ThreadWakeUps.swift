import Foundation
import Glibc

/// How often the threads of a process and of its child processes have been switched in so far:
/// the voluntary and involuntary context switches of every thread (`/proc/PID/task/TID/status`). A
/// thread asleep in `epoll_wait` adds none; each wake-up (a timer, a message) adds one. A thread that
/// began or ended between two readings is left out of their difference.
struct ThreadWakeUps {
    /// Switches so far per thread (`pid/tid`): the process's own threads, and its children's.
    let own: [String: Int]
    let children: [String: Int]
    /// Each thread's name (`comm`), for the report.
    let names: [String: String]
    private let pid: pid_t

    /// Reads the threads of `pid` and of its children now.
    init(of pid: pid_t) {
        var names: [String: String] = [:]
        own = Self.threads(of: pid, names: &names)
        var children: [String: Int] = [:]
        for child in Self.children(of: pid) { children.merge(Self.threads(of: child, names: &names)) { $1 } }
        self.children = children
        self.names = names
        self.pid = pid
    }

    /// The wake-ups from this reading until now, `seconds` later.
    func rates(over seconds: Double) -> Rates {
        let now = ThreadWakeUps(of: pid)
        func woken(_ before: [String: Int], _ after: [String: Int]) -> [String: Int] {
            var woken: [String: Int] = [:]
            for (thread, count) in after { if let earlier = before[thread], count > earlier { woken[thread] = count - earlier } }
            return woken
        }
        return Rates(seconds: seconds, own: woken(own, now.own), children: woken(children, now.children), names: names.merging(now.names) { $1 })
    }

    /// Wake-ups over a period: per thread that woke, and per second.
    struct Rates {
        let seconds: Double
        let own: [String: Int]
        let children: [String: Int]
        let names: [String: String]

        var isZero: Bool { own.isEmpty && children.isEmpty }

        /// "own / children" per second, then the threads that woke most, by name.
        var summary: String {
            let perSecond = { (counts: [String: Int]) in String(format: "%.1f", Double(counts.values.reduce(0, +)) / seconds) }
            let busiest = own.merging(children) { $1 }.sorted { $0.value > $1.value }.prefix(3)
                .map { "\(names[$0.key] ?? $0.key) \(String(format: "%.1f", Double($0.value) / seconds))" }
            return "\(perSecond(own)) / \(perSecond(children))" + (busiest.isEmpty ? "" : " (\(busiest.joined(separator: ", ")))")
        }
    }

    /// Every thread of `pid` with its switches so far; records its name in `names`.
    private static func threads(of pid: pid_t, names: inout [String: String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for tid in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? [] {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8) else { continue }
            let key = "\(pid)/\(tid)"
            var switches = 0
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                switch parts[0] {
                case "voluntary_ctxt_switches", "nonvoluntary_ctxt_switches": switches += Int(value) ?? 0
                case "Name": names[key] = value
                default: break
                }
            }
            counts[key] = switches
        }
        return counts
    }

    /// The child processes of `pid`, from each of its threads' `children`.
    private static func children(of pid: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).flatMap { tid in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { pid_t($0) }
        }
    }
}
