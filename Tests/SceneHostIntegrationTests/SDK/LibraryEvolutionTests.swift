import Foundation
import Testing

/// A copy of SceneCore in a temporary folder, changed as a core release might change it: a class
/// gains a stored property and an open method at the front (additive), and a public method plugins
/// may call is removed (breaking). Built once (debug) and shared by the tests.
struct EvolvedCore: Sendable {
    /// The build folder of the copy (its Modules and libSceneCore.so).
    let bin: String
    /// A folder holding the installed scene-host next to the changed libSceneCore.so: a host that
    /// runs with the changed core.
    let host: String

    static let shared = Task { try await make() }

    /// The method the copy removes, and the declaration the additive change puts first in `View`.
    static let removedMethod = "public func exchangeSubview(at index1: Int, withSubviewAt index2: Int)"
    static let additions = """
            /// Added by the library-evolution test: a stored property and an open method, first in the class.
            public var evolutionMarker = 42
            open func evolutionProbe() -> Int { evolutionMarker }

        """

    private static func make() async throws -> EvolvedCore {
        let workspace = try await SDKWorkspace.shared.value
        let root = workspace.prefix + "/../evolved-core"
        let core = root + "/SceneCore"
        let manager = FileManager.default
        try manager.createDirectory(atPath: core, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources"] {
            try manager.copyItem(atPath: ActivationTests.repository + "/Sources/SceneCore/" + item, toPath: core + "/" + item)
        }
        let sources = core + "/Sources/SceneCore"
        var added = false, removed = false
        for file in manager.enumerator(atPath: sources)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".swift") }) ?? [] {
            let path = sources + "/" + file
            var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            var changed = false
            if let start = lines.firstIndex(where: { $0.hasPrefix("open class View: Responder {") }) {
                lines.insert(additions, at: start + 1)
                added = true
                changed = true
            }
            if let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(removedMethod) }) {
                let indent = String(lines[start].prefix { $0 == " " })
                guard let end = lines[start...].firstIndex(where: { $0 == indent + "}" }) else { break }
                var first = start
                while first > 0 && lines[first - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { first -= 1 }
                lines.removeSubrange(first...end)
                removed = true
                changed = true
            }
            if changed { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) }
        }
        try #require(added && removed, "the core copy no longer has `open class View: Responder {` or `\(removedMethod)`: update EvolvedCore")
        let scratch = root + "/build"
        let outcome = try await SDKWorkspace.runToolchain(
            [try SDKWorkspace.tool("swift"), "build", "--package-path", core, "--scratch-path", scratch],
            pkgConfigPath: workspace.pkgConfigPath)
        try #require(outcome.status == 0, "the changed core does not build: \(outcome)")
        let bin = scratch + "/debug"
        let host = root + "/host"
        try manager.createDirectory(atPath: host, withIntermediateDirectories: true)
        try manager.copyItem(atPath: workspace.library + "/scene-host", toPath: host + "/scene-host")
        try manager.copyItem(atPath: bin + "/libSceneCore.so", toPath: host + "/libSceneCore.so")
        return EvolvedCore(bin: bin, host: host)
    }
}

@MainActor
@Suite("Library evolution and the ABI guard", .serialized)
struct LibraryEvolutionTests {
    func validate(_ plugin: String, with host: String) async throws -> ExternalProcess.Outcome {
        try await ExternalProcess([host + "/scene-host", "validate-plugin", plugin], environment: ProcessInfo.processInfo.environment)
            .finish(timeout: 120)
    }

    @Test("A plugin built against the installed SDK keeps loading and working on a core whose View gained a stored property and an open method")
    func additiveChange() async throws {
        let workspace = try await SDKWorkspace.shared.value
        let evolved = try await EvolvedCore.shared.value
        let ldd = try await ExternalProcess(["/usr/bin/ldd", evolved.host + "/scene-host"], environment: [:]).finish(timeout: 60)
        #expect(ldd.stdout.contains("libSceneCore.so => \(evolved.host)/libSceneCore.so"), "the host runs with the changed core: \(ldd.stdout)")
        let run = try await validate(workspace.plugin, with: evolved.host)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("ok    tap Button 'tap-me' in window 'Clock'") && run.stdout.contains("log: tapped 1"), "\(run.stdout)")
    }

    @Test("A plugin built against a core that has a method this host's core lacks is refused, naming the missing declaration")
    func incompatibleCore() async throws {
        let workspace = try await SDKWorkspace.shared.value
        let evolved = try await EvolvedCore.shared.value
        // A plugin that calls View.exchangeSubview, built against the installed SDK (which has it).
        let package = workspace.prefix + "/../legacy-plugin"
        let created = try await ActivationTests.run([workspace.prefix + "/bin/scenectl", "new-plugin", "Legacy", "--dir", package])
        try #require(created.status == 0, "\(created.output)")
        let scene = package + "/Sources/Legacy/LegacySceneDelegate.swift"
        let text = try String(contentsOfFile: scene, encoding: .utf8)
        // The template's column holds the label and the button: swap them.
        try #require(text.contains("        window.addSubview(column)\n"), "the template no longer adds its column: \(text)")
        try text.replacingOccurrences(of: "        window.makeKeyAndVisible()", with: "        column.exchangeSubview(at: 0, withSubviewAt: 1)\n        window.makeKeyAndVisible()")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        _ = try await SDKWorkspace.build(package, configuration: workspace.configuration, pkgConfigPath: workspace.pkgConfigPath)
        let plugin = package + "/.build/\(workspace.configuration)/libLegacy.so"
        let onInstalled = try await validate(plugin, with: workspace.library)
        #expect(onInstalled.status == 0, "it works with the core it was built against: \(onInstalled)")
        let onEvolved = try await validate(plugin, with: evolved.host)
        #expect(onEvolved.status == 1, "\(onEvolved)")
        #expect(onEvolved.stdout.contains("FAIL  load: refused (loadFailed): dlopen failed:"), "\(onEvolved.stdout)")
        #expect(onEvolved.stdout.contains("undefined symbol: $s9SceneCore4ViewC15exchangeSubview"), "\(onEvolved.stdout)")
        #expect(onEvolved.stdout.contains("(SceneCore.View.exchangeSubview(at: Swift.Int, withSubviewAt: Swift.Int) -> ())"), "\(onEvolved.stdout)")
        #expect(onEvolved.stdout.contains("it was built against a SceneCore with declarations this host's SceneCore 1.1.0 lacks"), "\(onEvolved.stdout)")
    }

    @Test("scripts/check-abi passes on the current tree and fails on the deliberately removed public method, saying how to move on")
    func abiGuard() async throws {
        let workspace = try await SDKWorkspace.shared.value
        let current = try await ActivationTests.run(["scripts/check-abi", "--bin-path", workspace.bin])
        #expect(current.status == 0, "\(current.output)")
        #expect(current.output.contains("check-abi: SceneCore's public ABI is compatible with the baseline"), "\(current.output)")
        let evolved = try await EvolvedCore.shared.value
        let broken = try await ActivationTests.run(["scripts/check-abi", "--bin-path", evolved.bin])
        #expect(broken.status == 1, "\(broken.output)")
        #expect(broken.output.contains("View.exchangeSubview(at:withSubviewAt:) has been removed"), "\(broken.output)")
        #expect(broken.output.contains("bump SCENE_PLUGIN_ABI_VERSION"), "\(broken.output)")
        #expect(!broken.output.contains("evolutionProbe"), "an added open method is not a breaking change: \(broken.output)")
        // The baseline cannot be moved past a breaking change without the version.
        let baseline = workspace.prefix + "/../abi-baseline"
        try FileManager.default.createDirectory(atPath: baseline, withIntermediateDirectories: true)
        for file in ["SceneCore.abi.json", "abi-version"] {
            try FileManager.default.copyItem(atPath: ActivationTests.repository + "/Sources/SceneCore/ABI/" + file, toPath: baseline + "/" + file)
        }
        let update = try await ActivationTests.run(["scripts/check-abi", "--bin-path", evolved.bin, "--baseline-dir", baseline, "--update"])
        #expect(update.status == 1, "\(update.output)")
        #expect(update.output.contains("refusing to update the baseline"), "\(update.output)")
        // An ABI version that moved without the baseline is refused too.
        try Data("999\n".utf8).write(to: URL(fileURLWithPath: baseline + "/abi-version"))
        let stale = try await ActivationTests.run(["scripts/check-abi", "--bin-path", workspace.bin, "--baseline-dir", baseline])
        #expect(stale.status == 1)
        #expect(stale.output.contains("the committed baseline is for plugin ABI 999"), "\(stale.output)")
    }
}
