// swift-tools-version:6.1
import PackageDescription

/// Every module that uses the model depends on this product: the one libSceneCore.so (see
/// Sources/SceneCore/Package.swift for why the core is a package of its own).
let sceneCore = Target.Dependency.product(name: "SceneCore", package: "SceneCore")

let package = Package(
    name: "SceneHost",
    dependencies: [
        .package(path: "Sources/SceneCore"),
    ],
    targets: [
        .testTarget(name: "SceneCoreTests", dependencies: [sceneCore]),
    ],
    swiftLanguageModes: [.v6]
)
