import DBusKit
import Foundation
import SceneCore

/// `Window1.DescribeTree`: the window and its view tree as JSON, frames in window coordinates.
///
///     {"window": {"path", "title", "frame": [x, y, w, h] (screen), "level", "hidden", "key", "firstResponder"},
///      "root": {"ref", "type", "frame" (window), "hidden", "alpha", "interaction", "role",
///               "identifier"?, "label"?, "text"?, "gestures": [...], "control"?: {...}, "focused"?,
///               "children": [...]}}
///
/// `text` is a label's text or a text field's displayed text (bullets for secure entry).
@MainActor
enum TreeDescription {
    static func json(of window: Window, path: ObjectPath) -> String {
        let frame = window.frame
        let document: [String: Any] = [
            "window": [
                "path": path.rawValue, "title": window.title, "frame": [frame.minX, frame.minY, frame.width, frame.height],
                "level": window.windowLevel.rawValue, "hidden": window.isHidden, "key": window.isKeyWindow,
                "firstResponder": BusPublisher.describe(window.firstResponder),
            ] as [String: Any],
            "root": describe(window, in: window),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func describe(_ view: View, in window: Window) -> [String: Any] {
        let frame = view.convert(view.bounds, to: nil)
        var node: [String: Any] = [
            "ref": ViewReference.reference(for: view),
            "type": String(describing: type(of: view)),
            "frame": [frame.minX, frame.minY, frame.width, frame.height],
            "hidden": view.isHidden, "alpha": view.alpha, "interaction": view.isUserInteractionEnabled,
            "role": view.accessibilityRole.rawValue,
            "gestures": view.gestureRecognizers.map(\.displayName),
            "children": view.subviews.map { describe($0, in: window) },
        ]
        if let identifier = view.accessibilityIdentifier { node["identifier"] = identifier }
        if let label = view.accessibilityLabel { node["label"] = label }
        if let control = view as? Control {
            var state: [String: Any] = ["enabled": control.isEnabled, "highlighted": control.isHighlighted, "selected": control.isSelected]
            if let toggle = control as? Switch { state["on"] = toggle.isOn }
            if let slider = control as? Slider { state["value"] = slider.value }
            if let field = control as? TextField { state["caret"] = field.caretOffset }
            node["control"] = state
        }
        if let label = view as? Label, let text = label.text { node["text"] = text }
        if let field = view as? TextField { node["text"] = field.displayedText }
        if view.isFocused { node["focused"] = true }
        if window.firstResponder === view { node["firstResponder"] = true }
        return node
    }
}
