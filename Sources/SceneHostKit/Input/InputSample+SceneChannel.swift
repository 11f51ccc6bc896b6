import SceneChannel
import SceneCore

/// Scripted input's samples as the scene channel carries them (``SceneInputScript``): the one
/// conversion both sides use, the board to send a script and the scene process to run it.
extension InputSample {
    init(_ step: SceneInputScript.Step) {
        let phase: Phase =
            switch step.phase {
            case .down: .down
            case .move: .move
            case .up: .up
            case .cancel: .cancel
            }
        self.init(slot: step.slot, phase: phase, location: Point(x: step.x, y: step.y), delay: step.delay)
    }

    var sceneStep: SceneInputScript.Step {
        let phase: SceneTouchRecord.Phase =
            switch self.phase {
            case .down: .down
            case .move: .move
            case .up: .up
            case .cancel: .cancel
            }
        return SceneInputScript.Step(slot: slot, phase: phase, x: location.x, y: location.y, delay: delay)
    }
}
