import Foundation
import Testing

/// `scenectl wait-idle`, `advance`, `find` and `tap --match` against the real scene-host.
@MainActor
@Suite("scenectl for test engineers", .serialized)
struct ToolkitScenectlTests {
    private func scenectl(_ arguments: [String], host: HostProcess) throws -> ScenectlProcess.Outcome {
        let process = try ScenectlProcess(arguments, runtimeFolder: host.runtimeFolder)
        let status = process.waitForExit(timeout: 60)
        return ScenectlProcess.Outcome(status: status, stdout: process.stdout, stderr: process.stderr)
    }

    @Test("wait-idle prints the seq; on a virtual clock a pending double tap makes it fail naming the recognizer until advance moves the clock")
    func waitIdleAndAdvance() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        #expect(await host.line(containing: "host ready"))
        let idle = try scenectl(["wait-idle"], host: host)
        #expect(idle.status == 0, "\(idle)")
        #expect(idle.stdout.hasPrefix("idle at seq "), "\(idle)")
        #expect(try scenectl(["tap", "290", "70", "--window", "toolkit"], host: host).stdout == "taps\n")
        let busy = try scenectl(["wait-idle", "--timeout", "0"], host: host)
        #expect(busy.status == 1, "\(busy)")
        #expect(busy.stderr.hasPrefix("scenectl: not idle after 0 s;"), "\(busy)")
        #expect(busy.stderr.contains("recognizer double-tap on taps waits for tap 2 of 2 to begin"), "\(busy)")
        #expect(busy.stderr.contains("(org.scenehost.Error.Timeout)"), "\(busy)")
        let advanced = try scenectl(["advance", "0.35"], host: host)
        #expect(advanced.status == 0, "\(advanced)")
        #expect(advanced.stdout.hasPrefix("advanced 0.35 s; last seq "), "\(advanced)")
        #expect(try scenectl(["wait-idle", "--timeout", "0"], host: host).status == 0)
        let bad = try scenectl(["wait-idle", "--timeout=-1"], host: host)
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.stderr.contains("--timeout '-1.0' is not a number of seconds in [0, 3600]"), "\(bad)")
    }
}
