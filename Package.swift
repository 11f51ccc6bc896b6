// swift-tools-version:6.1
import PackageDescription

/// Every module that uses the model depends on this product: the one libSceneCore.so (see
/// Sources/SceneCore/Package.swift for why the core is a package of its own).
let sceneCore = Target.Dependency.product(name: "SceneCore", package: "SceneCore")

/// Module hygiene on every target: an import is internal unless written `public import` (so a module
/// says which dependencies its public API exposes), existentials are spelled `any P`, and a member is
/// visible only where its module is imported. Sources/SceneCore/Package.swift and
/// Benchmarks/Package.swift use the same three features.
let strictImports: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The SDK's build-tool plugin: a plugin declares itself in `ScenePlugin.toml` and gets its two entry
/// points generated (docs/plugins.md).
let pluginEntryPoints = Target.PluginUsage.plugin(name: "PluginEntryPoints", package: "SceneCore")
/// The declaration's parser and the entry points it makes, for the tests of the template and the generator.
let pluginDeclaration = Target.Dependency.product(name: "ScenePluginDeclarationForTesting", package: "SceneCore")

/// A view-tree plugin: one folder of sources built as one shared library, `lib<Name>.so`, next to
/// `scene-host`. Plugins depend on the SceneCore product only, never on the host. A declared plugin
/// has a `ScenePlugin.toml` and the PluginEntryPoints plugin makes its entry points; the others (a
/// few broken fixtures) write them by hand.
@MainActor func pluginTarget(_ name: String, folder: String = "Plugins", declared: Bool = true) -> Target {
    .target(
        name: name, dependencies: [sceneCore], path: "\(folder)/\(name)", swiftSettings: strictImports,
        plugins: declared ? [pluginEntryPoints] : [])
}

/// Test targets this build leaves out, by name, separated by spaces (SCENEHOST_OMIT_TEST_TARGETS, unset
/// by default). scripts/lib/test-groups.sh has ThreadSanitizer's build leave out the suites of modules
/// without threads of their own, which it would only compile and never run.
let omittedTestTargets = Set((Context.environment["SCENEHOST_OMIT_TEST_TARGETS"] ?? "").split(separator: " ").map(String.init))

func pluginLibrary(_ name: String) -> Product {
    .library(name: name, type: .dynamic, targets: [name])
}

/// Deliberately broken plugins (Tests/PluginFixtures/<Name>): the loader must refuse them, or — FixtureCrashInHandler
/// and FixtureHangInHandler, which load and then crash or hang when their button is tapped — the host must survive
/// them (restart, quarantine; a scene process reported crashed or not responding).
/// Those declared in a ScenePlugin.toml, then those whose defect is in their hand-written entry points.
let declaredBrokenPluginFixtures = ["FixtureCrashInScene", "FixtureHangInScene", "FixtureNewerCore", "FixtureCrashInHandler", "FixtureHangInHandler"]
let handWrittenBrokenPluginFixtures = ["FixtureCrashOnCreate", "FixtureHangOnCreate", "FixtureNoEntry", "FixtureWrongABI", "FixtureWrongBuild"]
let brokenPluginFixtures = declaredBrokenPluginFixtures + handWrittenBrokenPluginFixtures

let package = Package(
    name: "SceneHost",
    products: [
        .executable(name: "scene-host", targets: ["scene-host"]),
        .executable(name: "scenectl", targets: ["scenectl"]),
        // For other Swift clients of the bus (and Benchmarks/HostBench).
        .library(name: "DBusKit", targets: ["DBusKit"]),
        // A private dbus-daemon (BusDaemon), for the tests and Benchmarks/HostBench.
        .library(name: "SceneProcesses", targets: ["SceneProcesses"]),
        // The board's channel to scene processes (Benchmarks/HostBench drives scene processes with it).
        .library(name: "SceneChannel", targets: ["SceneChannel"]),
        .library(name: "SceneBusContract", targets: ["SceneBusContract"]),
        // Pixels of windows and scenes (for a display layer and Benchmarks/).
        .library(name: "SceneRender", targets: ["SceneRender"]),
        // The desktop display (SDL2 on its own thread), for Benchmarks/.
        .library(name: "SceneDisplay", targets: ["SceneDisplay"]),
        // Demo plugins. A new plugin is a folder under Plugins/ plus one line here and one in `targets`.
        pluginLibrary("FindView"),
        pluginLibrary("GestureLab"),
        pluginLibrary("Gallery"),
        pluginLibrary("Settings"),
        // Test fixtures.
        .library(name: "FixtureDuplicateCore", type: .dynamic, targets: ["FixtureDuplicateCore"]),
        // A window of many views for the accessibility benchmark and tests.
        pluginLibrary("FixtureManyViews"),
        // The test toolkit's window: timers, moving and covered views (idle, selectors, races).
        pluginLibrary("FixtureToolkit"),
        // Tries what a sandboxed scene process must not do (docs/scene-processes.md).
        pluginLibrary("FixtureSandboxProbe"),
    ] + brokenPluginFixtures.map(pluginLibrary),
    dependencies: [
        .package(path: "Sources/SceneCore"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: ([
        // libdbus, seen only by DBusKit.
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // A Mutex whose hand-over ThreadSanitizer can see (see CheckedMutex), for every module with threads.
        .target(name: "SceneSync", swiftSettings: strictImports),
        // The one shape of the host's error types: a code of a domain and a message (see CodedError).
        .target(name: "SceneErrors", swiftSettings: strictImports),
        // Services started in order and stopped gracefully in reverse order (HostService, ServiceGroup).
        .target(name: "SceneLifecycle", swiftSettings: strictImports),
        .target(name: "DBusKit", dependencies: ["CDBus", "SceneSync", "SceneErrors", "SceneLoop"], swiftSettings: strictImports),
        // Child processes: what a spawned child inherits (SpawnDescriptors) and a private dbus-daemon
        // under a watchdog (BusDaemon). Process management, kept out of the libdbus wrapper.
        .target(name: "SceneProcesses", dependencies: ["DBusKit", "SceneSync", "CLinux", "CSceneSignals"], swiftSettings: strictImports),
        // A scene process's fatal-signal handler (its plugin's frames on standard error): C, as a
        // signal handler's code must be async-signal-safe.
        .target(name: "CSceneSignals", path: "Sources/CSceneSignals"),
        // Linux calls Glibc's module lacks (memfd, pidfd) and descriptor passing's control messages,
        // seen only by SceneChannel and SceneProcesses (the scene channel and the processes on its ends).
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        // The channel between the board and a scene process (docs/scene-processes.md): the versioned
        // binary protocol as values, SOCK_SEQPACKET ends that pass descriptors, sealed shared-memory
        // frame buffers and the slots both sides hand back and forth.
        .target(name: "SceneChannel", dependencies: ["CLinux", "SceneErrors"], swiftSettings: strictImports),
        // epoll, eventfd and libdispatch's main-queue calls for a run loop of one's own, seen only by SceneLoop.
        .systemLibrary(name: "CEventLoop", path: "Sources/CEventLoop"),
        // The main loop of the host and of a scene process: one epoll on the main thread serving the
        // watched descriptors and the main dispatch queue (EventLoop), and the narrow protocol the
        // channels' owners are given (DescriptorWatching).
        .target(name: "SceneLoop", dependencies: ["CEventLoop", "SceneErrors"], swiftSettings: strictImports),
        // Cairo and Pango (libcairo2-dev, libpango1.0-dev), seen only by SceneRender. CPango declares
        // the few Pango functions used itself (see its shim.h for why it has no pkg-config name).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", path: "Sources/CPango"),
        // Draws windows and scenes into images, encodes PNG.
        .target(name: "SceneRender", dependencies: [sceneCore, "SceneErrors", "CCairo", "CPango"], swiftSettings: strictImports),
        // SDL2 (libsdl2-dev's headers), seen only by SceneDisplay; libSDL2 itself is opened when the display
        // first calls it (sdl_library.c), so a process without a display never maps it. No pkgConfig:
        // sdl2.pc's -D_REENTRANT is a flag SwiftPM refuses with a warning on every build; the shim includes
        // <SDL2/SDL.h> instead.
        .target(name: "CSDL2", path: "Sources/CSDL2"),
        // The desktop display: one SDL window per scene on a thread of its own; input out, frames in.
        .target(name: "SceneDisplay", dependencies: [sceneCore, "SceneRender", "CSDL2", "SceneSync"], swiftSettings: strictImports),
        // What every object the host serves on a bus shares: members declared reading or changing, the
        // input policy that gates them (InputGate), a connection's output report (BusOutputReport), and
        // when a window takes scripted touches.
        .target(
            name: "SceneBusServing", dependencies: [sceneCore, "DBusKit", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictImports),
        // Plugins: search path, probe (in a child process), loader, registry, crash quarantine and
        // validation. Takes SceneCore and a logger, nothing of the host.
        .target(
            name: "ScenePlugins",
            dependencies: [sceneCore, "SceneSync", "SceneProcesses", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictImports),
        // The host on the AT-SPI2 accessibility bus. Takes the application, the input policy and a
        // desktop-offset closure (AccessibilityBridge.start) and the main loop's descriptor watches,
        // nothing else of the host.
        .target(
            name: "SceneAccessibility",
            dependencies: [
                sceneCore, "DBusKit", "SceneLoop", "SceneErrors", "SceneRender", "SceneBusServing", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictImports),
        // The host as an MPRIS media player. Takes a MediaPlayerHost (the application, the input policy,
        // the host API's connection, call budget, remote-control path and the main loop's descriptor
        // watches), nothing else of the host.
        .target(
            name: "SceneMedia",
            dependencies: [sceneCore, "DBusKit", "SceneLoop", "SceneErrors", "SceneBusServing", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictImports),
        // libxml2 (libxml2-dev), seen only by SceneXPath.
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // XML documents built element by element and XPath 1.0 queries on them (libxml2's engine).
        .target(name: "SceneXPath", dependencies: ["CLibXML2"], swiftSettings: strictImports),
        // The one walk of a window's view tree that DescribeTree's JSON and the page source's XML render.
        .target(name: "SceneViewTree", dependencies: [sceneCore], swiftSettings: strictImports),
        // The W3C WebDriver endpoint (`scene-host --webdriver`): HTTP/1.1 on the main loop's watches,
        // sessions, locators, page source; it reaches the host only through its WebDriverHost protocol.
        .target(
            name: "SceneWebDriver",
            dependencies: [
                sceneCore, "SceneViewTree", "SceneXPath", "SceneLoop", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictImports),
        // Names, paths and bus discovery shared by the host and its clients (no model inside).
        .target(name: "SceneBusContract", dependencies: ["DBusKit"], swiftSettings: strictImports),
        // Before each build: the git commit, for `scene-host --version` and Host1.Version.
        .plugin(name: "BuildInfoPlugin", capability: .buildTool(), path: "Tools/BuildInfoPlugin"),
        .target(
            name: "SceneHostKit",
            dependencies: [
                sceneCore,
                "SceneSync",
                "SceneErrors",
                "DBusKit",
                "SceneProcesses",
                "SceneChannel",
                "SceneLoop",
                "SceneBusServing",
                "ScenePlugins",
                "SceneAccessibility",
                "SceneMedia",
                "SceneLifecycle",
                "SceneRender",
                "SceneDisplay",
                "SceneBusContract",
                "SceneViewTree",
                "SceneWebDriver",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictImports, plugins: ["BuildInfoPlugin"]),
        .executableTarget(name: "scene-host", dependencies: ["SceneHostKit", "SceneProcesses"], swiftSettings: strictImports),
        // The command-line client: speaks only D-Bus (no model inside).
        .target(
            name: "SceneCtlKit",
            dependencies: [
                "DBusKit", "SceneBusContract", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictImports),
        .executableTarget(name: "scenectl", dependencies: ["SceneCtlKit"], swiftSettings: strictImports),

        pluginTarget("FindView"),
        pluginTarget("GestureLab"),
        pluginTarget("Gallery"),
        pluginTarget("Settings"),

        .target(
            name: "FixtureDuplicateCore",
            dependencies: [.product(name: "SceneCoreStaticForTesting", package: "SceneCore")],
            path: "Tests/PluginFixtures/FixtureDuplicateCore",
            swiftSettings: strictImports, plugins: [pluginEntryPoints]),
        pluginTarget("FixtureManyViews", folder: "Tests/PluginFixtures"),
        pluginTarget("FixtureToolkit", folder: "Tests/PluginFixtures"),
        pluginTarget("FixtureSandboxProbe", folder: "Tests/PluginFixtures"),

        // Starting and awaiting the programs the tests run (see SpawnedProcess), shared by the test targets.
        .target(name: "TestProcesses", dependencies: ["SceneProcesses"], path: "Tests/TestProcesses", swiftSettings: strictImports),
        // What the test targets share: the seeded generator they draw random cases from, and the scene
        // delegate that builds a scene from a closure.
        .target(name: "TestSupport", dependencies: [sceneCore], path: "Tests/TestSupport", swiftSettings: strictImports),

        .testTarget(name: "SceneSyncTests", dependencies: ["SceneSync"], swiftSettings: strictImports),
        .testTarget(name: "SceneErrorsTests", dependencies: ["SceneErrors"], swiftSettings: strictImports),
        .testTarget(name: "SceneLifecycleTests", dependencies: ["SceneLifecycle"], swiftSettings: strictImports),
        .testTarget(name: "SceneCoreTests", dependencies: [sceneCore, "TestSupport", pluginDeclaration], swiftSettings: strictImports),
        .testTarget(name: "DBusKitTests", dependencies: ["DBusKit", "SceneErrors", "SceneProcesses", "TestProcesses"], swiftSettings: strictImports),
        .testTarget(name: "SceneBusServingTests", dependencies: ["SceneBusServing", "DBusKit"], swiftSettings: strictImports),
        .testTarget(
            name: "SceneAccessibilityTests", dependencies: ["SceneAccessibility", sceneCore, "DBusKit", "TestSupport"], swiftSettings: strictImports),
        .testTarget(name: "SceneMediaTests", dependencies: ["SceneMedia", sceneCore, "DBusKit"], swiftSettings: strictImports),
        .testTarget(
            name: "ScenePluginsTests", dependencies: ["ScenePlugins", "SceneHostKit", sceneCore, "TestProcesses", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictImports),
        .testTarget(name: "SceneLoopTests", dependencies: ["SceneLoop", "SceneErrors"], swiftSettings: strictImports),
        .testTarget(name: "SceneChannelTests", dependencies: ["SceneChannel", "SceneErrors", "TestSupport"], swiftSettings: strictImports),
        .testTarget(name: "SceneProcessesTests", dependencies: ["SceneProcesses", "DBusKit", "TestProcesses"], swiftSettings: strictImports),
        .testTarget(name: "SceneRenderTests", dependencies: ["SceneRender", "SceneErrors", sceneCore, "TestSupport"], swiftSettings: strictImports),
        .testTarget(name: "SceneDisplayTests", dependencies: ["SceneDisplay", "SceneRender", sceneCore], swiftSettings: strictImports),
        .testTarget(name: "SceneHostKitTests", dependencies: ["SceneHostKit", "SceneChannel", "SceneSync", "SceneBusServing", "ScenePlugins", "SceneAccessibility", "SceneMedia", sceneCore, "SceneViewTree", "SceneErrors", "DBusKit", "SceneRender", "TestSupport", "TestProcesses", .product(name: "Logging", package: "swift-log")], swiftSettings: strictImports),
        .testTarget(name: "SceneXPathTests", dependencies: ["SceneXPath"], swiftSettings: strictImports),
        .testTarget(name: "SceneWebDriverTests", dependencies: ["SceneWebDriver", "SceneViewTree", "SceneLoop", sceneCore, "TestSupport"], swiftSettings: strictImports),
        .testTarget(
            name: "SceneCtlTests",
            dependencies: [
                "SceneCtlKit", "SceneBusContract", "DBusKit", pluginDeclaration,
            ],
            swiftSettings: strictImports),
        .testTarget(
            name: "SceneHostIntegrationTests", dependencies: ["SceneHostKit", "ScenePlugins", "SceneAccessibility", "SceneMedia", sceneCore, "DBusKit", "SceneProcesses", "SceneBusContract", "SceneRender", "SceneLoop", "TestProcesses", "TestSupport"],
            exclude: ["Snapshots/Golden"], swiftSettings: strictImports),
    ] + declaredBrokenPluginFixtures.map { pluginTarget($0, folder: "Tests/PluginFixtures") }
        + handWrittenBrokenPluginFixtures.map { pluginTarget($0, folder: "Tests/PluginFixtures", declared: false) })
        .filter { $0.type != .test || !omittedTestTargets.contains($0.name) },
    swiftLanguageModes: [.v6]
)
