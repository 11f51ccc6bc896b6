import Glibc
@testable import SceneHostKit
import Testing

@Suite("Children the host starts (plugin probes) get only their standard streams")
struct ChildProcessTests {
    @Test("A descriptor this process holds without close-on-exec is not inherited; the outputs are collected and the status kept")
    func onlyStandardStreams() async throws {
        let leaked = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, as a library's socket might be
        try #require(leaked > 2)
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
    }
}
