import Foundation
import SceneHostKit
import Testing

@Suite("scene-host --version and Host1.Version")
struct VersionTests {
    @Test("scene-host --version names the version, the commit it was built from, SceneCore, the plugin ABI and the D-Bus API")
    func version() async throws {
        let run = try await ExternalProcess([buildFolder() + "/scene-host", "--version"], environment: ProcessInfo.processInfo.environment)
            .finish(timeout: 60)
        #expect(run.status == 0, "\(run)")
        let git = try await ExternalProcess(
            ["/usr/bin/git", "-C", ActivationTests.repository, "rev-parse", "--short=12", "HEAD"], environment: ProcessInfo.processInfo.environment
        ).finish(timeout: 60)
        let commit = git.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!commit.isEmpty && HostVersion.commit == commit, "built from \(HostVersion.commit), checkout at \(commit)")
        #expect(run.stdout.hasPrefix("scene-host 1.1.0 (commit \(commit); SceneCore 1.1.0, plugin ABI 1, D-Bus API 1.0.0, "), "\(run.stdout)")
        #expect(HostVersion.busVersion == "1.1.0+\(commit)")
    }
}
