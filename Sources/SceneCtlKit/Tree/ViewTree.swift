import Foundation

/// The JSON document `Window1.DescribeTree` returns:
///
///     {"window": {"path", "title", "frame": [x, y, w, h] (screen), "level", "hidden", "key", "firstResponder"},
///      "root": {"ref", "type", "frame" (window), "hidden", "alpha", "interaction", "role",
///               "identifier"?, "label"?, "gestures": [...], "control"?: {...}, "scroll"?: {...}, "firstResponder"?,
///               "children": [...]}}
///
/// Every field but `ref` is optional when decoding, so a newer host that adds or drops a field still
/// renders.
struct ViewTree: Decodable, Sendable, Equatable {
    var window: Window
    var root: Node

    // Alike WindowSnapshot in shape only (`duplicates` pairs them): this is the window as the tree's
    // JSON names it (`key`), that one as Window1's properties do (`isKey`, with its number and scene).
    /// The window the tree belongs to.
    struct Window: Decodable, Sendable, Equatable {
        var path: String
        var title: String
        /// Screen points.
        var frame: [Double]
        var level: Double
        var hidden: Bool
        var key: Bool
        var firstResponder: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decodeIfPresent(String.self, forKey: .path) ?? ""
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
            frame = try container.decodeIfPresent([Double].self, forKey: .frame) ?? []
            level = try container.decodeIfPresent(Double.self, forKey: .level) ?? 0
            hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
            key = try container.decodeIfPresent(Bool.self, forKey: .key) ?? false
            firstResponder = try container.decodeIfPresent(String.self, forKey: .firstResponder) ?? ""
        }

        private enum CodingKeys: String, CodingKey {
            case path, title, frame, level, hidden, key, firstResponder
        }
    }

    /// One view.
    struct Node: Decodable, Sendable, Equatable {
        /// The reference `tap-view` and `MakeFirstResponder` accept.
        var ref: String
        var type: String
        /// Window points.
        var frame: [Double]
        var hidden: Bool
        var alpha: Double
        /// `isUserInteractionEnabled`.
        var interaction: Bool
        var role: String
        var identifier: String?
        var label: String?
        /// Gesture recognizer names.
        var gestures: [String]
        var control: Control?
        /// A scroll view's position in its content.
        var scroll: Scroll?
        var firstResponder: Bool
        var children: [Node]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ref = try container.decode(String.self, forKey: .ref)
            type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
            frame = try container.decodeIfPresent([Double].self, forKey: .frame) ?? []
            hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
            alpha = try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1
            interaction = try container.decodeIfPresent(Bool.self, forKey: .interaction) ?? true
            role = try container.decodeIfPresent(String.self, forKey: .role) ?? ""
            identifier = try container.decodeIfPresent(String.self, forKey: .identifier)
            label = try container.decodeIfPresent(String.self, forKey: .label)
            gestures = try container.decodeIfPresent([String].self, forKey: .gestures) ?? []
            control = try container.decodeIfPresent(Control.self, forKey: .control)
            scroll = try container.decodeIfPresent(Scroll.self, forKey: .scroll)
            firstResponder = try container.decodeIfPresent(Bool.self, forKey: .firstResponder) ?? false
            children = try container.decodeIfPresent([Node].self, forKey: .children) ?? []
        }

        private enum CodingKeys: String, CodingKey {
            case ref, type, frame, hidden, alpha, interaction, role, identifier, label, gestures, control, scroll,
                firstResponder, children
        }
    }

    /// A control's state (`Control`, plus `on` for a switch and `value` for a slider).
    struct Control: Decodable, Sendable, Equatable {
        var enabled: Bool?
        var highlighted: Bool?
        var selected: Bool?
        var on: Bool?
        var value: Double?
    }

    /// A scroll view's offset, content size and inset, in its own points.
    struct Scroll: Decodable, Sendable, Equatable {
        /// [x, y].
        var contentOffset: [Double]?
        /// [width, height].
        var contentSize: [Double]?
        /// [top, left, bottom, right].
        var contentInset: [Double]?
    }

    /// Decodes the JSON text `DescribeTree` returned.
    ///
    /// - Throws: ``ScenectlError`` (exit status 1) when the text is not such a document.
    static func parse(_ json: String) throws(ScenectlError) -> ViewTree {
        do {
            return try JSONDecoder().decode(ViewTree.self, from: Data(json.utf8))
        } catch {
            throw .failure("the host's DescribeTree answer is not a view tree: \(error)")
        }
    }
}
