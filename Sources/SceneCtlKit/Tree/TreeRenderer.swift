import SceneBusContract

/// Renders a ``ViewTree`` as indented text, one line per view:
///
///     window 2 "GestureLab": screen (400, 0, 390, 844), level 0, visible, key, first responder player
///     Window#  Window  (0, 0, 390, 844)  frame
///       root  View  (0, 0, 390, 844)  panel
///         button  Button "Button"  (20, 260, 160, 50)  push-button  control: enabled
///         canvas  View "Canvas"  (20, 520, 350, 300)  canvas  gestures: pan, pinch, rotation
///         table  TableView "Table"  (20, 60, 350, 180)  table  scroll: offset (0, 132), content 350 × 44000
///
/// After the reference and type come the accessibility label (quoted), the frame in window points and
/// the role; then flags, only when they apply: `hidden`, `alpha A`, `interaction off`,
/// `first responder`, `gestures: …`, `control: …`, `scroll: …` (a scroll view's content offset and
/// size, and its inset when not zero).
enum TreeRenderer {
    static func render(_ tree: ViewTree) -> String {
        var lines = [header(tree.window)]
        appendNode(tree.root, depth: 0, to: &lines)
        return lines.joined(separator: "\n")
    }

    static func header(_ window: ViewTree.Window) -> String {
        let name = WindowSnapshot.number(fromPath: window.path).map { "window \($0)" } ?? window.path
        var facts = [
            "screen \(TextFormat.frame(window.frame))", "level \(TextFormat.number(window.level))",
            window.hidden ? "hidden" : "visible",
        ]
        if window.key { facts.append("key") }
        facts.append("first responder \(TextFormat.orNone(window.firstResponder))")
        return "\(name) \"\(window.title)\": " + facts.joined(separator: ", ")
    }

    /// The line for one view, without indentation.
    static func line(_ node: ViewTree.Node) -> String {
        var parts = [node.ref]
        var type = node.type
        if let label = node.label, !label.isEmpty { type += " \"\(label)\"" }
        parts.append(type)
        parts.append(TextFormat.frame(node.frame))
        if !node.role.isEmpty { parts.append(node.role) }
        if node.hidden { parts.append("hidden") }
        if node.alpha != 1 { parts.append("alpha \(TextFormat.number(node.alpha))") }
        if !node.interaction { parts.append("interaction off") }
        if node.firstResponder { parts.append("first responder") }
        if !node.gestures.isEmpty { parts.append("gestures: " + node.gestures.joined(separator: ", ")) }
        if let control = node.control { parts.append("control: " + describe(control)) }
        if let scroll = node.scroll { parts.append("scroll: " + describe(scroll)) }
        return parts.joined(separator: "  ")
    }

    /// `offset (x, y), content w × h`, then `inset (top, left, bottom, right)` when any is not zero.
    static func describe(_ scroll: ViewTree.Scroll) -> String {
        var facts: [String] = []
        if let offset = scroll.contentOffset { facts.append("offset \(TextFormat.frame(offset))") }
        if let size = scroll.contentSize { facts.append("content " + size.map(TextFormat.number).joined(separator: " × ")) }
        if let inset = scroll.contentInset, inset.contains(where: { $0 != 0 }) { facts.append("inset \(TextFormat.frame(inset))") }
        return facts.joined(separator: ", ")
    }

    /// `enabled`/`disabled`, then `highlighted`, `selected`, `on`/`off` and `value V` where they apply.
    static func describe(_ control: ViewTree.Control) -> String {
        var facts: [String] = []
        if let enabled = control.enabled { facts.append(enabled ? "enabled" : "disabled") }
        if control.highlighted == true { facts.append("highlighted") }
        if control.selected == true { facts.append("selected") }
        if let on = control.on { facts.append(on ? "on" : "off") }
        if let value = control.value { facts.append("value \(TextFormat.number(value))") }
        return facts.joined(separator: ", ")
    }

    private static func appendNode(_ node: ViewTree.Node, depth: Int, to lines: inout [String]) {
        lines.append(String(repeating: "  ", count: depth) + line(node))
        for child in node.children {
            appendNode(child, depth: depth + 1, to: &lines)
        }
    }
}
