import Glibc
@testable import ScenePlugins
import TestProcesses
import Testing

@Suite("Children the host starts (plugin probes) get only their standard streams")
struct ChildProcessTests {
    @Test("A descriptor this process holds without close-on-exec is not inherited; the outputs are collected and the status kept")
    func onlyStandardStreams() async throws {
        // No O_CLOEXEC, as a library's socket might be. Moved to 100 or above: the child's own `ls` opens
        // /proc/self/fd as its lowest free descriptor (3), so a leaked descriptor numbered 3 (this process
        // had 3 free at that moment) could not be told apart from it.
        let opened = open("/dev/null", O_RDONLY)
        try #require(opened > 2)
        let leaked = fcntl(opened, F_DUPFD, 100)  // F_DUPFD leaves close-on-exec clear
        close(opened)
        try #require(leaked >= 100)
        defer { close(leaked) }
        // Blocks its thread until the child exits, as the host's probes do off the main thread.
        let outcome = try await Task.detached {
            try ChildProcess.run(executable: "/bin/sh", arguments: ["-c", "ls /proc/self/fd; echo done >&2; exit 3"], timeout: 30)
        }.value
        #expect(outcome.termination == .exited(3))
        #expect(outcome.stderr == "done\n")
        // ls lists its own descriptor on /proc/self/fd as well: 0, 1, 2 and that one, never `leaked`.
        let listed = outcome.stdout.split(separator: "\n").compactMap { Int32($0) }.sorted()
        #expect(Array(listed.prefix(3)) == [0, 1, 2], "\(listed)")
        #expect(!listed.contains(leaked), "descriptor \(leaked) reached the child: \(listed)")
        #expect(listed.count == 4, "only the three standard streams and ls's own: \(listed)")
    }
}

@Suite("A child's time limit starts when it says it runs")
struct ChildProcessDeadlineTests {
    private static let marker = ChildProcess.runningMarker

    @Test("A child slow to start (a busy machine, a sanitizer) is not killed for it: its limit counts from its announcement")
    func slowStartIsNotCounted() async throws {
        let outcome = try await offPool {
            try ChildProcess.run(
                executable: "/bin/sh", arguments: ["-c", "sleep 1.5; echo '\(Self.marker)'; echo done"], timeout: 1)
        }
        #expect(outcome.termination == .exited(0))
        #expect(outcome.stdout.hasSuffix("done\n"))
    }

    @Test("A child that runs past its limit after announcing is killed, and the outcome says when it had started")
    func killedAfterRunning() async throws {
        let outcome = try await offPool {
            try ChildProcess.run(executable: "/bin/sh", arguments: ["-c", "echo '\(Self.marker)'; exec sleep 60"], timeout: 0.5)
        }
        guard case .timedOut(.running(let startedAfter)) = outcome.termination else {
            Issue.record("expected a timeout while running, got \(outcome.termination)")
            return
        }
        #expect(startedAfter >= 0)
    }

    @Test("A child that never announces is killed for the start limit")
    func killedWhileStarting() async throws {
        let outcome = try await offPool {
            try ChildProcess.run(executable: "/bin/sh", arguments: ["-c", "exec sleep 60"], timeout: 30, startLimit: 0.5)
        }
        #expect(outcome.termination == .timedOut(.starting))
    }

    @Test("A child that reports a crash has the crash limit, not its run limit, to write its report and end")
    func crashReportOutlastsTheRunLimit() async throws {
        let outcome = try await offPool {
            try ChildProcess.run(
                executable: "/bin/sh",
                arguments: ["-c", "echo '\(Self.marker)'; echo 'Plugin.swift:1: Fatal error: deliberately' >&2; sleep 6; exit 4"],
                timeout: 3, crashLimit: 60)
        }
        #expect(outcome.termination == .exited(4))
        #expect(outcome.stderr.contains("Fatal error: deliberately"))
    }

    @Test("A child whose crash report outlasts the crash limit is killed, and the outcome says when it crashed")
    func killedWhileCrashing() async throws {
        let outcome = try await offPool {
            try ChildProcess.run(
                executable: "/bin/sh", arguments: ["-c", "echo '\(Self.marker)'; echo '*** Program crashed: Bad pointer' >&2; exec sleep 60"],
                timeout: 30, crashLimit: 0.5)
        }
        guard case .timedOut(.crashing(let crashedAfter)) = outcome.termination else {
            Issue.record("expected a timeout while crashing, got \(outcome.termination)")
            return
        }
        #expect(crashedAfter >= 0)
    }
}
