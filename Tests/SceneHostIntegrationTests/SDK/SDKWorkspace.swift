import Foundation
import Glibc
import Testing

/// SceneHost installed under a temporary prefix, and a plugin made with `scenectl new-plugin` in a
/// temporary folder outside the repository and built against the installed SDK only. Made once per
/// test run and shared by the SDK tests (building Swift packages is what costs time).
///
/// The installed binaries are the release build in `$SCENEHOST_RELEASE_BIN` when set (for a run that
/// installs exactly what a user's `scripts/install` does), the plugin then being built with
/// `swift build -c release`; otherwise the tested debug build, and a debug plugin (a host refuses
/// plugins of the other configuration). scripts/test uses the tested build: its one build is the
/// AddressSanitizer debug build, and a release build of the whole package would add 4 minutes to CI.
struct SDKWorkspace: Sendable {
    let prefix: String
    let bin: String
    /// `debug` or `release`.
    let configuration: String
    let package: String
    let plugin: String
    let buildSeconds: Double
    let buildOutput: String
    let pkgConfigPath: String

    static let shared = Task { try await make() }

    static var releaseBin: String? {
        ProcessInfo.processInfo.environment["SCENEHOST_RELEASE_BIN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var library: String { prefix + "/lib/scenehost" }

    /// `swift build` (with `-c release` for a release workspace) of `package`, timed.
    static func build(_ package: String, configuration: String, pkgConfigPath: String, extra: [String] = []) async throws
        -> (seconds: Double, output: String)
    {
        let started = Date()
        var arguments = [try tool("swift"), "build", "--package-path", package] + sanitizerArguments + extra
        if configuration == "release" { arguments += ["-c", "release"] }
        let outcome = try await runToolchain(arguments, pkgConfigPath: pkgConfigPath)
        try #require(outcome.status == 0, "swift build of \(package) failed: \(outcome)")
        return (Date().timeIntervalSince(started), outcome.stdout + outcome.stderr)
    }

    /// Runs `swift build` or `swift test` (`arguments`) in ``toolEnvironment(pkgConfigPath:)``, and
    /// runs it again, three attempts in all, when the toolchain's own process died from a crash
    /// signal (as scripts/lib/swift-build.sh does for the project's builds, and why). A build or
    /// test that fails exits with a status and is never run again. Hang guard: 900 s per attempt.
    static func runToolchain(_ arguments: [String], pkgConfigPath: String) async throws -> ExternalProcess.Outcome {
        var attempt = 1
        while true {
            let outcome = try await ExternalProcess(arguments, environment: toolEnvironment(pkgConfigPath: pkgConfigPath))
                .finish(timeout: 900)
            guard let signal = outcome.signal, [SIGSEGV, SIGBUS, SIGILL, SIGABRT].contains(signal), attempt < 3 else {
                return outcome
            }
            print("\(arguments.prefix(3).joined(separator: " ")): the toolchain crashed (signal \(signal), attempt \(attempt) of 3); running it again")
            attempt += 1
        }
    }

    /// `--sanitize=…` in a sanitized run (scripts/test-sanitizers): a package that links the
    /// installed, sanitized libSceneCore.so must be built with the same sanitizer.
    static var sanitizerArguments: [String] { SanitizedRun.sanitizer.map { ["--sanitize=\($0)"] } ?? [] }

    /// The environment for the toolchain: this process's, without what SwiftPM set for the tests, with
    /// the SDK's pkg-config folder, and the scratch folder as the temporary directory (SwiftPM leaves
    /// a lock file per package build and temporary folders there).
    static func toolEnvironment(pkgConfigPath: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM_") && !$0.key.hasPrefix("XCTest") }
        environment["PKG_CONFIG_PATH"] = pkgConfigPath
        environment["TMPDIR"] = scratchFolder
        return environment
    }

    /// The executable `name` from PATH.
    static func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw TimedOut(description: "\(name) is not on PATH")
    }

    private static func make() async throws -> SDKWorkspace {
        let bin = releaseBin ?? buildFolder()
        let configuration = releaseBin == nil ? "debug" : "release"
        let root = scratchPath("sdk")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let prefix = root + "/prefix"
        let installed = try await ActivationTests.run(["scripts/install", "--prefix", prefix, "--bin-path", bin])
        try #require(installed.status == 0, "scripts/install failed: \(installed.output)")
        let package = root + "/clock-plugin"
        let created = try await ActivationTests.run([prefix + "/bin/scenectl", "new-plugin", "Clock", "--dir", package])
        try #require(created.status == 0, "scenectl new-plugin failed: \(created.output)")
        let pkgConfigPath = prefix + "/lib/pkgconfig"
        let (seconds, output) = try await build(package, configuration: configuration, pkgConfigPath: pkgConfigPath)
        return SDKWorkspace(
            prefix: prefix, bin: bin, configuration: configuration, package: package,
            plugin: package + "/.build/\(configuration)/libClock.so", buildSeconds: seconds, buildOutput: output,
            pkgConfigPath: pkgConfigPath)
    }
}
