import SceneChannel
import SceneCore

/// A scene process's pending work as busy sources of the board's `WaitForIdle`: what the process
/// last reported it still has to do (its fingers, recognizers, scrolling, animations, timers,
/// scripts; ``SceneBusyList``), and the calls it has not answered yet. A crashed or stopped
/// process has nothing left to do. Main actor.
@MainActor
final class SceneProcessWorkSource: PendingWorkSource {
    private unowned let scene: IsolatedScene
    /// What the process last reported.
    var reported = SceneBusyList(entries: [])

    init(scene: IsolatedScene) {
        self.scene = scene
    }

    func appendBusySources(to list: inout [BusySource]) {
        for entry in reported.entries {
            list.append(
                BusySource(
                    kind: BusySource.Kind(rawValue: entry.kind) ?? .model, window: scene.window(at: entry.window),
                    detail: "scene process '\(scene.name)': \(entry.detail)"))
        }
        let calls = scene.process.pendingCallCount
        if calls > 0 {
            list.append(
                BusySource(kind: .queuedInput, detail: "scene process '\(scene.name)': \(calls) call\(calls == 1 ? "" : "s") not answered yet"))
        }
    }
}
