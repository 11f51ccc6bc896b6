import SceneCore

/// Hears the board's model change a scene's activation, size or key window and has ``SceneIsolation`` tell the
/// scene process whose stand-in it is (``SceneIsolation/followActivation(of:to:)``,
/// ``SceneIsolation/followGeometry(of:)``, ``SceneIsolation/followKeyWindow(_:)``). Main actor.
@MainActor
final class StandInObserver: ApplicationObserver {
    weak var isolation: SceneIsolation?

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        isolation?.followActivation(of: scene, to: state)
    }

    func sceneGeometryDidChange(_ scene: WindowScene, from old: Rect) {
        isolation?.followGeometry(of: scene)
    }

    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) {
        if let new { isolation?.followKeyWindow(new) }
    }
}
