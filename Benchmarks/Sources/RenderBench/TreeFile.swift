import Foundation

/// The dressed tree as text, for the two other sides that draw it: the GTK peer
/// (Benchmarks/GTKPeer/render_peer.c) and the host's FixtureManyViews plugin (option `tree`), which
/// HostBench's snapshot section loads from `Benchmarks/Config/realistic-tree.txt`.
///
/// One view per line, in build order (a parent before its children, siblings back to front), the
/// fields separated by tabs:
///
///     index parent x y width height boundsX boundsY hidden alpha clips kind background textColor fontSize cornerRadius text
///
/// `parent` is -1 for the root (the window); `hidden` and `clips` are 0 or 1; `kind` is `view`,
/// `label` or `button`; colours are `RRGGBBAA` (straight alpha) or `-` for none; `text` (a label's
/// text, a button's title) is the rest of the line and may be empty. Lines starting with `#` are
/// comments.
enum TreeFile {
    static let header = """
        # SceneHost tree file 1: the realistic tree of Benchmarks/Sources/SceneBench/Trees.swift, dressed by
        # Benchmarks/Sources/RenderBench/DressedTree.swift. Made by `RenderBench export`; do not edit by hand.
        # index parent x y width height boundsX boundsY hidden alpha clips kind background textColor fontSize cornerRadius text
        """

    static func text(of tree: DressedTree) -> String {
        var lines = [header]
        for (index, node) in tree.spec.nodes.enumerated() {
            let look = tree.dress[index]
            let fields: [String] = [
                String(index), String(node.parent), number(node.x), number(node.y), number(node.width), number(node.height),
                number(node.boundsX), number(node.boundsY), node.isHidden ? "1" : "0", number(node.alpha),
                look.clipsToBounds ? "1" : "0", look.kind.rawValue, look.background?.hex ?? "-",
                look.kind == .view ? "-" : look.textColor.hex, number(look.kind == .view ? 0 : look.fontSize),
                number(look.cornerRadius), look.text ?? "",
            ]
            lines.append(fields.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Shortest decimal that reads back as the same Double.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// Writes the file when its content differs; returns true when it was already up to date.
    @discardableResult
    static func write(_ tree: DressedTree, to path: String) throws -> Bool {
        let content = text(of: tree)
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == content { return true }
        try content.write(toFile: path, atomically: true, encoding: .utf8)
        return false
    }
}
