public import SceneCore

/// A scene delegate that runs a closure to build the scene when it connects: the test targets'
/// way to give a scene its windows and views in place.
@MainActor
public final class ClosureSceneDelegate: SceneDelegate {
    public let build: @MainActor (WindowScene) -> Void

    public init(_ build: @escaping @MainActor (WindowScene) -> Void) { self.build = build }

    public func scene(_ scene: WindowScene, willConnectWith options: [String: String]) { build(scene) }
}
