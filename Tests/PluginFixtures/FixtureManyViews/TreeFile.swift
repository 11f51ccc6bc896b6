public import SceneCore

/// A window's views described in a tree file (Benchmarks/Config/realistic-tree.txt, written by
/// `RenderBench export`): one view per line, a parent before its children, tab-separated
///
///     index parent x y width height boundsX boundsY hidden alpha clips kind background textColor fontSize cornerRadius text
///
/// where `parent` is -1 for the window itself, `kind` is `view`, `label` or `button`, colours are
/// `RRGGBBAA` or `-`, and `text` (a label's text, a button's title) runs to the end of the line.
/// HostBench's snapshot section loads it into the host (option `tree`) and into its own process,
/// so that both draw the same window.
public struct TreeFile: Sendable {
    /// A line of the file that is not a view.
    public struct FormatError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "tree file line \(line): \(message)" }
    }

    struct Node: Sendable {
        var parent: Int
        var frame: Rect
        var boundsOrigin: Point
        var isHidden: Bool
        var alpha: Double
        var clips: Bool
        var kind: String
        var background: Color?
        var textColor: Color?
        var fontSize: Double
        var cornerRadius: Double
        var text: String
    }

    let nodes: [Node]

    /// Parses the file's text.
    ///
    /// - Throws: ``FormatError`` naming the line and what is wrong with it.
    public init(text: String) throws(FormatError) {
        var nodes: [Node] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", maxSplits: 16, omittingEmptySubsequences: false).map(String.init)
            let number = offset + 1
            guard fields.count >= 16 else {
                throw FormatError(line: number, message: "expected 16 or 17 tab-separated fields, found \(fields.count)")
            }
            func double(_ index: Int) throws(FormatError) -> Double {
                guard let value = Double(fields[index]), value.isFinite else {
                    throw FormatError(line: number, message: "field \(index + 1) '\(fields[index])' is not a number")
                }
                return value
            }
            func color(_ index: Int) throws(FormatError) -> Color? {
                let hex = fields[index]
                if hex == "-" { return nil }
                guard hex.count == 8, let value = UInt32(hex, radix: 16) else {
                    throw FormatError(line: number, message: "field \(index + 1) '\(hex)' is not a colour RRGGBBAA or -")
                }
                func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
                return Color(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
            }
            guard let parent = Int(fields[1]), parent < nodes.count, parent >= (nodes.isEmpty ? -1 : 0) else {
                throw FormatError(line: number, message: "parent '\(fields[1])' is not an earlier view (-1 for the window, first line only)")
            }
            guard ["view", "label", "button"].contains(fields[11]) else {
                throw FormatError(line: number, message: "kind '\(fields[11])' is not view, label or button")
            }
            nodes.append(
                Node(
                    parent: parent, frame: Rect(x: try double(2), y: try double(3), width: try double(4), height: try double(5)),
                    boundsOrigin: Point(x: try double(6), y: try double(7)), isHidden: fields[8] == "1", alpha: try double(9),
                    clips: fields[10] == "1", kind: fields[11], background: try color(12), textColor: try color(13),
                    fontSize: try double(14), cornerRadius: try double(15), text: fields.count > 16 ? fields[16] : ""))
        }
        guard !nodes.isEmpty else { throw FormatError(line: 1, message: "no views") }
        self.nodes = nodes
    }

    /// Number of views, the window included.
    public var viewCount: Int { nodes.count }

    /// Dresses `window` as the first line says and adds the other views under it.
    @MainActor
    public func build(in window: Window) {
        var views: [View] = [window]
        apply(nodes[0], to: window)
        for node in nodes.dropFirst() {
            let view: View
            switch node.kind {
            case "label":
                let label = Label(frame: node.frame, text: node.text)
                label.font = .systemFont(ofSize: node.fontSize)
                if let color = node.textColor { label.textColor = color }
                view = label
            case "button":
                let button = Button(frame: node.frame, title: node.text.isEmpty ? nil : node.text)
                button.font = .systemFont(ofSize: node.fontSize)
                if let color = node.textColor { button.setTitleColor(color, for: .normal) }
                view = button
            default:
                view = View(frame: node.frame)
            }
            if node.boundsOrigin != .zero {
                view.bounds = Rect(origin: node.boundsOrigin, size: node.frame.size)
                view.frame = node.frame
            }
            apply(node, to: view)
            views[node.parent].addSubview(view)
            views.append(view)
        }
    }

    @MainActor
    private func apply(_ node: Node, to view: View) {
        if let color = node.background { view.backgroundColor = color }
        if node.cornerRadius > 0 { view.cornerRadius = node.cornerRadius }
        if node.clips { view.clipsToBounds = true }
        if node.isHidden { view.isHidden = true }
        if node.alpha != 1 { view.alpha = node.alpha }
    }
}
