import SceneCore
import SceneDisplay

/// The desktop display's pending work, for idle detection (`Host1.WaitForIdle`): input events the
/// display thread queued that the model has not had yet, and frames owed to a scene's window (it
/// changed and was not drawn yet). A frame already handed to the display thread is SDL's to present
/// and no longer the model's work. ``settle()`` draws owed frames at once instead of at the next
/// refresh.
@MainActor
final class DisplayWorkSource: PendingWorkSource {
    private weak var display: DesktopDisplay?

    init(display: DesktopDisplay) {
        self.display = display
    }

    func appendBusySources(to list: inout [BusySource]) {
        guard let display else { return }
        let queued = display.pendingWork.queuedInputs
        if queued > 0 {
            list.append(BusySource(kind: .queuedInput, detail: "\(queued) input event\(queued == 1 ? "" : "s") of the desktop display not yet delivered"))
        }
        for scene in display.scenesOwingFrames {
            list.append(BusySource(kind: .redraw, window: scene.keyWindow, detail: "the desktop window of scene \(scene.name) owes a frame"))
        }
    }

    func settle() {
        display?.renderOwedFrames()
    }
}
