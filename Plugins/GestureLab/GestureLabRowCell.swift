import SceneCore

/// A row of seed 002's table: it overrides the four touch methods, as the seed's author did, and logs
/// each with its row's text ("Row 3 touches began", … "moved", "ended", "cancelled") before passing it
/// on to the table, which highlights and selects the row [TV-5, TV-6].
final class GestureLabRowCell: TableViewCell {
    static let reuseIdentifier = "row"

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
        window?.windowScene?.log("\(textLabel.text ?? "Row") \(what)")
    }
}
