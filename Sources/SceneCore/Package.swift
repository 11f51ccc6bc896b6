// swift-tools-version:6.1
import PackageDescription

// SceneCore is its own package so that it can be ONE dynamic library (libSceneCore.so) shared by the
// host, every plugin and the tests. Inside a single package SwiftPM links target dependencies
// statically, which would give each plugin its own copy of every class and global (a cast to a core
// protocol fails in the host, and each copy keeps its own globals). Everyone depends on
// `.product(name: "SceneCore", package: "SceneCore")`.
//
// Library evolution keeps plugins built against an older core working after additive changes to the
// core's public classes (adding a stored property or an open method no longer shifts the layout that
// plugins compiled in). The emitted module interface (SceneCore.swiftinterface, what the installed SDK
// gives plugin authors) is verified on every build: it must compile on its own.
/// The ABI header's folder, with its module map: an import path of SceneCore's own, because the
/// verification of the emitted module interface sees Swift import paths but not the Clang flags
/// SwiftPM gives the compiler for the C target.
let abiHeaders = Context.packageDirectory + "/Sources/CScenePluginABI/include"

/// The root package's module hygiene (an import is internal unless `public import`, `any P` for
/// existentials, members visible only where their module is imported).
let strictImports: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "SceneCore",
    products: [
        .library(name: "SceneCore", type: .dynamic, targets: ["SceneCore"]),
        // Test fixture only: lets the test suite build a plugin that carries its own copy of the core,
        // which the loader must refuse. Nothing shipped may depend on it.
        .library(name: "SceneCoreStaticForTesting", type: .static, targets: ["SceneCore"]),
        // A plugin declares itself in ScenePlugin.toml; this build-tool plugin makes its entry points.
        .plugin(name: "PluginEntryPoints", targets: ["PluginEntryPoints"]),
        // Test fixture only: the declaration's parser and the entry points it generates, for the tests.
        .library(name: "ScenePluginDeclarationForTesting", targets: ["ScenePluginDeclaration"]),
    ],
    targets: [
        .target(name: "CScenePluginABI", path: "Sources/CScenePluginABI"),
        // A plugin's declaration (ScenePlugin.toml): parsed, checked, turned into the entry points'
        // source. Standard library only: it is compiled in every plugin author's clean build.
        .target(name: "ScenePluginDeclaration", path: "Sources/ScenePluginDeclaration", swiftSettings: strictImports),
        .executableTarget(
            name: "scene-plugin-entry-points", dependencies: ["ScenePluginDeclaration"], path: "Sources/scene-plugin-entry-points",
            swiftSettings: strictImports),
        .plugin(
            name: "PluginEntryPoints", capability: .buildTool(), dependencies: ["scene-plugin-entry-points"],
            path: "Sources/PluginEntryPoints"),
        .target(
            name: "SceneCore",
            dependencies: ["CScenePluginABI"],
            path: "Sources/SceneCore",
            swiftSettings: [.unsafeFlags(["-enable-library-evolution", "-I", abiHeaders])] + strictImports,
            // The core calls round, sqrt, fmod... from libm: name it, so that libSceneCore.so records
            // the dependency and links into executables that do not happen to pull libm in.
            linkerSettings: [.linkedLibrary("m")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
