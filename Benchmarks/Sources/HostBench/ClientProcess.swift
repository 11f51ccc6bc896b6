import BenchSupport
import Foundation
import Glibc

/// This benchmark binary started again in a client role (`bus-subscriber`, `bus-client`), so that
/// clients run in processes of their own, as real clients do. The parent talks to it with lines: it
/// writes to the child's standard input, the child answers on its standard output.
final class ClientProcess {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var pending: [UInt8] = []
    private var exited = false

    init(arguments: [String]) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchError("pipe(): errno \(errno)") }
        // Single-threaded: no other spawn can inherit the ends before these flags are set.
        for end in toChild + fromChild { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))") }
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(input)
        close(output)
    }

    /// The next line the child wrote, or nil after `timeout` seconds or at end of file.
    func readLine(timeout: Double) -> String? {
        let deadline = Clock.monotonic() + UInt64(timeout * 1e9)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let now = Clock.monotonic()
            guard now < deadline else { return nil }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(Double(deadline - now) / 1e6, 1000).rounded(.up))) == 1 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(output, &chunk, chunk.count)
            guard count > 0 else { return nil }
            pending.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes one line with `expected` to the child (what it means depends on the role).
    func signalDone(expected: Int) {
        let line = Array("\(expected)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
    }

    /// Reads the child's output to the end, waits for it, and returns its last line.
    func finish() -> String {
        var last = ""
        while let line = readLine(timeout: 120) { last = line }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        exited = true
        return last
    }
}
