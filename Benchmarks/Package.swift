// swift-tools-version:6.1
import PackageDescription

// The benchmarks of SceneHost (BENCHMARKS.md). A package of its own so that the main build stays lean
// (ARCHITECTURE.md "Benchmarks/"). No third-party dependency: the harness is in SceneBench.
//
// - NaiveUIKit: the classic UIKit clone of research/perf.md §4, the baseline every figure is a ratio
//   against. A separate module, built with the default settings (dynamic exclusivity checks on), so
//   that `open` really means vtable dispatch.
// - CAllocCounter: interposes malloc & co. to count heap allocations, plus a mallinfo2() shim.
// - SceneBench: the executable (`swift run -c release --package-path Benchmarks SceneBench all`).
let package = Package(
    name: "SceneHostBenchmarks",
    dependencies: [
        .package(path: "../Sources/SceneCore"),
    ],
    targets: [
        .target(name: "NaiveUIKit", path: "Sources/NaiveUIKit"),
        .target(name: "CAllocCounter", path: "Sources/CAllocCounter"),
        .executableTarget(
            name: "SceneBench",
            dependencies: [
                "NaiveUIKit",
                "CAllocCounter",
                .product(name: "SceneCore", package: "SceneCore"),
            ],
            path: "Sources/SceneBench"
        ),
    ],
    swiftLanguageModes: [.v6]
)
