// swift-tools-version:6.1
import PackageDescription

// The benchmarks of SceneHost (BENCHMARKS.md). A package of its own so that the main build stays lean.
// No third-party dependency: the harness is in SceneBench.
//
// - NaiveUIKit: the classic UIKit clone, the baseline every figure is a ratio against. A separate
//   module, built with the default settings (dynamic exclusivity checks on), so that `open` really
//   means vtable dispatch.
// - CAllocCounter: interposes malloc & co. to count heap allocations, plus a mallinfo2() shim.
// - BenchSupport: clocks, statistics and the markdown report, shared by the executables.
// - SceneBench: the model's benchmarks (`swift run -c release --package-path Benchmarks SceneBench all`).
// - RenderBench: SceneRender's (`swift run -c release --package-path Benchmarks RenderBench`): the realistic
//   window drawn against GTK 4's Cairo renderer (a C peer in GTKPeer/, built with gcc when libgtk-4-dev
//   is installed), the redraw after one highlight, PNG encoding, and what damage tracking adds to touch
//   dispatch. Shares Trees.swift, Harness.swift, SceneCoreSide.swift and TerminalCounts.swift with
//   SceneBench (symbolic links: one source, two executables).
// - HostBench: the running host's (start-up, D-Bus), against `swift build -c release` of the root
//   package (`swift run -c release --package-path Benchmarks HostBench all`).
/// The root package's identity: SwiftPM names a path dependency after its folder, which is whatever the
/// clone is called (`SceneHost`, `main`...), so it is read from where this manifest lives.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map { String($0).lowercased() } ?? "scenehost"

let package = Package(
    name: "SceneHostBenchmarks",
    dependencies: [
        .package(path: "../Sources/SceneCore"),
        // The root package, for DBusKit and the API names (HostBench only; SceneBench does not build it).
        .package(path: ".."),
    ],
    targets: [
        .target(name: "NaiveUIKit", path: "Sources/NaiveUIKit"),
        .target(name: "CAllocCounter", path: "Sources/CAllocCounter"),
        .target(name: "BenchSupport", path: "Sources/BenchSupport"),
        .executableTarget(
            name: "SceneBench",
            dependencies: [
                "NaiveUIKit",
                "CAllocCounter",
                "BenchSupport",
                .product(name: "SceneCore", package: "SceneCore"),
            ],
            path: "Sources/SceneBench"
        ),
        .executableTarget(
            name: "RenderBench",
            dependencies: [
                "BenchSupport",
                "CAllocCounter",
                .product(name: "SceneCore", package: "SceneCore"),
                .product(name: "SceneRender", package: rootPackage),
            ],
            path: "Sources/RenderBench"
        ),
        .executableTarget(
            name: "HostBench",
            dependencies: [
                "BenchSupport",
                .product(name: "DBusKit", package: rootPackage),
                .product(name: "SceneProcesses", package: rootPackage),
                .product(name: "SceneChannel", package: rootPackage),
                .product(name: "SceneBusContract", package: rootPackage),
                // The snapshot section draws the host's window in process too: the same tree file
                // (FixtureManyViews' TreeFile) and the same renderer.
                .product(name: "SceneCore", package: "SceneCore"),
                .product(name: "SceneRender", package: rootPackage),
                .product(name: "FixtureManyViews", package: rootPackage),
            ],
            path: "Sources/HostBench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
