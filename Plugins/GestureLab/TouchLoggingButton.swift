import SceneCore

/// Seed 002's orange button: it overrides the four touch methods, as the seed's author did, and logs
/// each ("Button touches began", … "moved", "ended", "cancelled") before the control tracks it. Beside
/// the table's rows it shows that a control outside a scroll view gets its `touchesBegan` at the
/// touch-down, with no delay [SV-12].
final class TouchLoggingButton: Button {
    override func touchesBegan(_ touches: TouchSet, with event: Event?) {
        log("touches began")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: TouchSet, with event: Event?) {
        log("touches moved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event?) {
        log("touches ended")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event?) {
        log("touches cancelled")
        super.touchesCancelled(touches, with: event)
    }

    private func log(_ what: String) {
        window?.windowScene?.log("Button \(what)")
    }
}
