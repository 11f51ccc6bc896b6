import SceneCore

/// Hears the board's model change a scene's activation and has ``SceneIsolation`` tell the scene
/// process whose stand-in it is (``SceneIsolation/followActivation(of:to:)``). Main actor.
@MainActor
final class StandInActivationObserver: ApplicationObserver {
    weak var isolation: SceneIsolation?

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        isolation?.followActivation(of: scene, to: state)
    }
}
