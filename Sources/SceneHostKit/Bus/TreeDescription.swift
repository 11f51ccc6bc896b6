import DBusKit
import Foundation
import SceneCore
import SceneViewTree

/// `Window1.DescribeTree`: the window and its view tree as JSON, frames in window coordinates.
///
///     {"window": {"path", "title", "frame": [x, y, w, h] (screen), "level", "hidden", "key", "firstResponder"},
///      "root": {"ref", "type", "frame" (window), "hidden", "alpha", "interaction", "role",
///               "identifier"?, "label"?, "text"?, "gestures": [...], "control"?: {...},
///               "scroll"?: {"contentOffset": [x, y], "contentSize": [w, h], "contentInset": [top, left, bottom, right]},
///               "focused"?, "children": [...]}}
///
/// `scroll` is a scroll view's (a table's) position in its content, in its own coordinates.
/// `text` is a label's text or a text field's displayed text (bullets for secure entry). The tree is
/// the ``ViewTreeWalker``'s description, the one the WebDriver page source renders as XML.
@MainActor
enum TreeDescription {
    static func json(of window: Window, path: ObjectPath) -> String {
        let frame = window.frame
        let document: [String: Any] = [
            "window": [
                "path": path.rawValue, "title": window.title, "frame": [frame.minX, frame.minY, frame.width, frame.height],
                "level": window.windowLevel.rawValue, "hidden": window.isHidden, "key": window.isKeyWindow,
                "firstResponder": SignalRecords.describe(window.firstResponder),
            ] as [String: Any],
            "root": json(of: ViewTreeWalker().describe(window)),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func json(of node: ViewDescription) -> [String: Any] {
        let frame = node.frame
        var object: [String: Any] = [
            "ref": ViewReference.reference(for: node.view),
            "type": node.typeName,
            "frame": [frame.minX, frame.minY, frame.width, frame.height],
            "hidden": node.isHidden, "alpha": node.alpha, "interaction": node.isUserInteractionEnabled,
            "role": node.role,
            "gestures": node.gestures,
            "children": node.children.map(json(of:)),
        ]
        if let identifier = node.identifier { object["identifier"] = identifier }
        if let label = node.label { object["label"] = label }
        if let control = node.control {
            var state: [String: Any] = ["enabled": control.isEnabled, "highlighted": control.isHighlighted, "selected": control.isSelected]
            if let isOn = control.isOn { state["on"] = isOn }
            if let value = control.sliderValue { state["value"] = value }
            if let caret = control.caret { state["caret"] = caret }
            object["control"] = state
        }
        if let scroll = node.scroll {
            let offset = scroll.contentOffset, size = scroll.contentSize, inset = scroll.contentInset
            object["scroll"] = [
                "contentOffset": [offset.x, offset.y], "contentSize": [size.width, size.height],
                "contentInset": [inset.top, inset.left, inset.bottom, inset.right],
            ]
        }
        if let text = node.text { object["text"] = text }
        if node.isFocused { object["focused"] = true }
        if node.isFirstResponder { object["firstResponder"] = true }
        return object
    }
}
