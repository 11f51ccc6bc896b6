import Foundation
import Testing

/// `scenectl wait-idle`, `advance`, `find` and `tap --match` against the real scene-host.
@MainActor
@Suite("scenectl for test engineers", .serialized)
struct ToolkitScenectlTests {
    /// Runs scenectl to its end; the wait holds no thread (the main actor serves the tests' D-Bus clients).
    private func scenectl(_ arguments: [String], host: HostProcess) async throws -> ScenectlProcess.Outcome {
        let process = try ScenectlProcess(arguments, runtimeFolder: host.runtimeFolder)
        let status = await process.exitStatus(timeout: 60)
        return ScenectlProcess.Outcome(status: status, stdout: process.stdout, stderr: process.stderr)
    }

    @Test("wait-idle prints the seq; on a virtual clock a pending double tap makes it fail naming the recognizer until advance moves the clock")
    func waitIdleAndAdvance() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        #expect(await host.line(containing: "host ready"))
        let idle = try await scenectl(["wait-idle"], host: host)
        #expect(idle.status == 0, "\(idle)")
        #expect(idle.stdout.hasPrefix("idle at seq "), "\(idle)")
        #expect(try await scenectl(["tap", "290", "70", "--window", "toolkit"], host: host).stdout == "taps\n")
        let busy = try await scenectl(["wait-idle", "--timeout", "0"], host: host)
        #expect(busy.status == 1, "\(busy)")
        #expect(busy.stderr.hasPrefix("scenectl: not idle after 0 s;"), "\(busy)")
        #expect(busy.stderr.contains("recognizer double-tap on taps waits for tap 2 of 2 to begin"), "\(busy)")
        #expect(busy.stderr.contains("(org.scenehost.Error.Timeout)"), "\(busy)")
        let advanced = try await scenectl(["advance", "0.35"], host: host)
        #expect(advanced.status == 0, "\(advanced)")
        #expect(advanced.stdout.hasPrefix("advanced 0.35 s; last seq "), "\(advanced)")
        #expect(try await scenectl(["wait-idle", "--timeout", "0"], host: host).status == 0)
        let bad = try await scenectl(["wait-idle", "--timeout=-1"], host: host)
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.stderr.contains("--timeout '-1.0' is not a number of seconds in [0, 3600]"), "\(bad)")
    }

    @Test("find lists window/N REFERENCE lines (or JSON); tap --match taps the one match and prints it, or fails like the host says; usage errors are 64")
    func findAndTapMatch() async throws {
        let host = try ToolkitHost.start(clock: "virtual", toolkitOnly: true)
        #expect(await host.line(containing: "host ready"))
        let found = try await scenectl(["find", "Label"], host: host)
        #expect(found.status == 0, "\(found)")
        #expect(found.lines == ["window/1 twin-1", "window/1 twin-2", "window/1 row-1", "window/1 row-2", "window/1 row-3"])
        let json = try await scenectl(["find", "#target", "--json"], host: host)
        #expect(json.stdout == "[{\"view\":\"target\",\"window\":\"/org/scenehost/SceneHost/window/1\"}]\n", "\(json)")
        #expect(try await scenectl(["find", "#nothing"], host: host).stdout.isEmpty)
        let broken = try await scenectl(["find", "#a >"], host: host)
        #expect(broken.status == 1, "\(broken)")
        #expect(broken.stderr.contains("selector column 5: '>' needs a view after it"), "\(broken)")

        let tapped = try await scenectl(["tap", "--match", "#shuffle"], host: host)
        #expect(tapped.status == 0, "\(tapped)")
        #expect(tapped.stdout == "shuffle\n")
        #expect(try await scenectl(["tap", "--match", "#target"], host: host).stdout == "target\n")
        let covered = try await scenectl(["tap", "--match", "#covered", "--wait", "0"], host: host)
        #expect(covered.status == 1, "\(covered)")
        #expect(covered.stderr.contains("would go to cover") && covered.stderr.contains("org.scenehost.Error.NotHittable"), "\(covered)")
        for arguments in [["tap", "--match", "#a", "1", "2"], ["tap", "--match", "#a", "--count", "2"], ["tap", "--match", "#a", "--window", "1"], ["tap"]] {
            let usage = try await scenectl(arguments, host: host)
            #expect(usage.status == 64, "\(arguments): \(usage)")
        }
    }
}
