import SceneCore
import SceneRender

/// Windows whose pixels the host keeps (a snapshot was taken of them) and that changed since they
/// were drawn: a redraw is owed. The host does it itself when someone waits for idle (``settle()``),
/// so that the next snapshot is already drawn and shows the settled state; a window that cannot be
/// drawn stays listed.
@MainActor
final class RedrawSource: PendingWorkSource {
    private let renderer: Renderer

    init(renderer: Renderer) {
        self.renderer = renderer
    }

    func appendBusySources(to list: inout [BusySource]) {
        for owed in renderer.redrawsOwed {
            list.append(
                BusySource(
                    kind: .redraw, window: owed.window,
                    detail: "its pixels at scale \(owed.scale.compactDescription) changed since they were last drawn"))
        }
    }

    func settle() {
        renderer.performRedrawsOwed()
    }
}
