import BenchSupport
import Glibc
// The four trees of BENCHMARKS.md, as one description that both implementations build.
//
// A tree is a list of nodes in build order: every node's parent comes before it, and siblings are
// added in list order (so a later sibling is in front). The node's index is its "build index": both
// implementations store it in `tag`, which is how hit results are compared.

/// One view of a tree description.
struct NodeSpec {
    /// Index of the superview; -1 for the root.
    var parent: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var boundsX: Double = 0
    var boundsY: Double = 0
    var isHidden = false
    var alpha: Double = 1
    var isUserInteractionEnabled = true
    /// When > 0 the view is an `EnlargedView` whose `point(inside:with:)` accepts its bounds grown by
    /// this many points on every side.
    var enlargement: Double = 0
    /// What the view stands for in an app (set in the realistic tree; RenderBench dresses the views by
    /// it: colours, texts, titles). Hit testing and dispatch ignore it.
    var role: NodeRole = .view
}

/// The part a view plays in the realistic tree's screen.
enum NodeRole: Equatable {
    case view, tableHeader, cell, cellContent, image, title, subtitle, buttonStack, button, icon, separator
    case scrollIndicator, barBackground, barButton, barLabel, barTitle, tabItem, tabLabel
}

/// A tree description.
struct TreeSpec {
    let name: String
    var nodes: [NodeSpec]

    var count: Int { nodes.count }
    var rootWidth: Double { nodes[0].width }
    var rootHeight: Double { nodes[0].height }
    var enlargedCount: Int { nodes.filter { $0.enlargement > 0 }.count }

    /// The same tree with every `EnlargedView` replaced by a plain view (for the heap figures).
    var allPlain: TreeSpec {
        var copy = self
        for index in copy.nodes.indices { copy.nodes[index].enlargement = 0 }
        return copy
    }

    /// `count` random points uniform over the root's bounds: SplitMix64, seed `0xC0FFEE ^ views`.
    func randomPoints(_ count: Int) -> [(x: Double, y: Double)] {
        var random = SplitMix64(seed: 0xC0FFEE ^ UInt64(nodes.count))
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            let x = random.nextUnit() * rootWidth
            let y = random.nextUnit() * rootHeight
            points.append((x, y))
        }
        return points
    }
}

enum Trees {
    static func named(_ name: String) -> TreeSpec? {
        switch name {
        case "wide": wide()
        case "deep": deep()
        case "balanced": balanced()
        case "realistic": realistic()
        case "mixed": mixed()
        case "large": large()
        case "layered": layered()
        default: nil
        }
    }

    static let names = ["wide", "deep", "balanced", "realistic", "mixed", "large", "layered"]

    /// Flat trees of 10,000 leaves of many sizes and overlaps (the hit index must not depend on the
    /// leaves being small): (e) mixed, (f) large, (g) layered.
    static let flatShapes: Set<String> = ["mixed", "large", "layered"]

    /// The flags of the wide tree, by leaf number: every 37th leaf hidden, every 53rd alpha 0.005
    /// (another 53rd alpha 0.02, still hittable), every 71st interaction-disabled.
    private static func applyWideFlags(_ node: inout NodeSpec, leaf: Int) {
        if leaf % 37 == 36 { node.isHidden = true }
        if leaf % 53 == 52 { node.alpha = 0.005 }
        if leaf % 53 == 26 { node.alpha = 0.02 }
        if leaf % 71 == 70 { node.isUserInteractionEnabled = false }
    }

    /// (e) 10,001 views: a 3000×3000 root with 10,000 leaves whose width and height are each uniform
    /// in 2…200 pt, at uniform random positions (SplitMix64, seed 0x5EED_0E): about 11 leaves over
    /// an average point, the front one decides. The flags of wide. No `EnlargedView`.
    static func mixed() -> TreeSpec {
        scattered("mixed", side: 3000, seed: 0x5EED_0E) { random in 2 + random.nextUnit() * 198 }
    }

    /// (f) 10,001 views: wide's 100×100 grid of leaves at a 10 pt pitch on a 1000×1000 root, but each
    /// leaf 20…40 pt wide and high (uniform, seed 0x5EED_0F), so about 9 leaves cover a point (the
    /// shape the first grid index gave up on). The flags of wide; 40 leaves (every 250th) are
    /// `EnlargedView`s grown by 3 pt.
    static func large() -> TreeSpec {
        var random = SplitMix64(seed: 0x5EED_0F)
        var nodes = [NodeSpec(parent: -1, x: 0, y: 0, width: 1000, height: 1000)]
        for leaf in 0..<10_000 {
            var node = NodeSpec(
                parent: 0, x: Double(leaf % 100) * 10, y: Double(leaf / 100) * 10,
                width: 20 + random.nextUnit() * 20, height: 20 + random.nextUnit() * 20)
            applyWideFlags(&node, leaf: leaf)
            if leaf % 250 == 125 { node.enlargement = 3 }
            nodes.append(node)
        }
        return TreeSpec(name: "large", nodes: nodes)
    }

    /// (g) 10,001 views: panels over panels on a 2000×2000 root. 10,000 leaves whose width and height
    /// are each log-uniform in 2…1000 pt (seed 0x5EED_10) at uniform random positions inside the
    /// root: a few leaves span half the root, most are small, and a point lies under about 15 of them.
    /// The flags of wide; no `EnlargedView`.
    static func layered() -> TreeSpec {
        scattered("layered", side: 2000, seed: 0x5EED_10) { random in 2 * pow(500, random.nextUnit()) }
    }

    /// 10,000 leaves with the flags of wide, each `length(random)` wide and high, at uniform random
    /// positions inside a `side` × `side` root.
    private static func scattered(
        _ name: String, side: Double, seed: UInt64, length: (inout SplitMix64) -> Double
    ) -> TreeSpec {
        var random = SplitMix64(seed: seed)
        var nodes = [NodeSpec(parent: -1, x: 0, y: 0, width: side, height: side)]
        for leaf in 0..<10_000 {
            let width = length(&random)
            let height = length(&random)
            var node = NodeSpec(
                parent: 0, x: random.nextUnit() * (side - width), y: random.nextUnit() * (side - height),
                width: width, height: height)
            applyWideFlags(&node, leaf: leaf)
            nodes.append(node)
        }
        return TreeSpec(name: name, nodes: nodes)
    }

    /// (a) 10,001 views: a 1000×1000 root with a 100×100 grid of 12×12 leaves at a 10 pt pitch (the 2 pt
    /// overlap makes subview order matter). Every 37th leaf hidden, every 53rd alpha 0.005 (another
    /// 53rd alpha 0.02, still hittable), every 71st interaction-disabled. 40 leaves (every 250th) are
    /// `EnlargedView`s grown by 3 pt.
    static func wide() -> TreeSpec {
        var nodes = [NodeSpec(parent: -1, x: 0, y: 0, width: 1000, height: 1000)]
        for leaf in 0..<10_000 {
            var node = NodeSpec(
                parent: 0, x: Double(leaf % 100) * 10, y: Double(leaf / 100) * 10, width: 12, height: 12)
            applyWideFlags(&node, leaf: leaf)
            if leaf % 250 == 125 { node.enlargement = 3 }
            nodes.append(node)
        }
        return TreeSpec(name: "wide", nodes: nodes)
    }

    /// (b) 1,000 views in a chain: root 2000×1000, each child at x = 1 and 1 pt narrower, so a point at
    /// root x lands at depth min(⌊x⌋, 999). Views with k % 100 == 50 have bounds.origin.y = 1. View 500
    /// is an `EnlargedView` grown by 2 pt.
    static func deep() -> TreeSpec {
        var nodes = [NodeSpec(parent: -1, x: 0, y: 0, width: 2000, height: 1000)]
        for k in 1..<1000 {
            var node = NodeSpec(parent: k - 1, x: 1, y: 0, width: Double(2000 - k), height: 1000)
            if k % 100 == 50 { node.boundsY = 1 }
            if k == 500 { node.enlargement = 2 }
            nodes.append(node)
        }
        return TreeSpec(name: "deep", nodes: nodes)
    }

    /// (c) 37,449 views: branching 8, depth 5, in breadth-first order. Children tile their parent 4×2
    /// (parent at an even level) or 2×4 (odd level); the 32,768 leaves are 8×8 inset by 1 pt in
    /// 10×10 cells, so 36% of points fall into gaps. Every 7th level-3 view has bounds.origin (2, 3).
    /// id % 41 == 3 hidden, id % 59 == 4 interaction-disabled, id % 67 == 5 alpha 0 (whole subtrees
    /// skipped). `EnlargedView`s: level-2 views 10 and 40 (grown by 2 pt) and the leaves with
    /// id % 4096 == 100 (8 of them, grown by 1 pt, reaching into the gaps).
    static func balanced() -> TreeSpec {
        // Tiling of a parent at `level`.
        func tiling(_ level: Int) -> (columns: Int, rows: Int) { level % 2 == 0 ? (4, 2) : (2, 4) }
        // Size of a node at `level` (level 5 = leaf cell 10×10).
        func size(_ level: Int) -> (Double, Double) {
            if level == 5 { return (10, 10) }
            let (child, tile) = (size(level + 1), tiling(level))
            return (child.0 * Double(tile.columns), child.1 * Double(tile.rows))
        }
        let rootSize = size(0)
        var nodes = [NodeSpec(parent: -1, x: 0, y: 0, width: rootSize.0, height: rootSize.1)]
        var levelOf = [0]
        var index = 0
        while index < nodes.count {
            let level = levelOf[index]
            if level < 5 {
                let tile = tiling(level)
                let cell = size(level + 1)
                for child in 0..<8 {
                    let column = Double(child % tile.columns), row = Double(child / tile.columns)
                    var node: NodeSpec
                    if level + 1 == 5 {
                        node = NodeSpec(parent: index, x: column * 10 + 1, y: row * 10 + 1, width: 8, height: 8)
                    } else {
                        node = NodeSpec(parent: index, x: column * cell.0, y: row * cell.1, width: cell.0, height: cell.1)
                    }
                    nodes.append(node)
                    levelOf.append(level + 1)
                }
            }
            index += 1
        }
        var level3Seen = 0
        for id in nodes.indices {
            if levelOf[id] == 3 {
                if level3Seen % 7 == 0 {
                    nodes[id].boundsX = 2
                    nodes[id].boundsY = 3
                }
                level3Seen += 1
            }
            if id % 41 == 3 { nodes[id].isHidden = true }
            if id % 59 == 4 { nodes[id].isUserInteractionEnabled = false }
            if id % 67 == 5 { nodes[id].alpha = 0 }
            if id == 10 || id == 40 { nodes[id].enlargement = 2 }
            if levelOf[id] == 5 && id % 4096 == 100 { nodes[id].enlargement = 1 }
        }
        return TreeSpec(name: "balanced", nodes: nodes)
    }

    /// Build index of the view the dispatch and gesture benchmarks touch in the realistic tree, and
    /// of its ancestors: filled in by `realistic()`.
    struct RealisticLandmarks {
        var touchPoint = (x: 132.0, y: 190.0)
        /// The plain view in the button slot of table cell 15: the view the touch hits.
        var cell15Button = -1
        var cell15 = -1
        var table = -1
        var controllerView = -1
    }

    /// (d) 482 views: a 390×844 "iPhone" screen. Window → transition → layout → nav → navTransition →
    /// wrapper → VC view → table view (scrolled: bounds.origin.y = 1200) → 50 cells of 84 pt. Each cell
    /// has 8 subviews: contentView (image, title, subtitle, buttonStack → button → icon) and a
    /// separator. Also a table header, a scroll indicator, a nav bar (background, back button with
    /// icon and label, title, right button with icon) and a tab bar (background, 4 items with icon and
    /// label). Labels, images, separators, backgrounds and the indicator are interaction-disabled (UIKit
    /// defaults); cell 17 is disabled. Max depth 12.
    ///
    /// The cells' buttons and the nav bar's two buttons are `EnlargedView`s grown by 10 pt, except the
    /// button of cell 15, which is a plain view: the touch at (132, 190) hits it and bubbles up the
    /// 12 views button → stack → contentView → cell → table → VC view → wrapper → navTransition →
    /// nav → layout → transition → window.
    static func realistic() -> TreeSpec { realisticWithLandmarks().tree }

    static func realisticWithLandmarks() -> (tree: TreeSpec, landmarks: RealisticLandmarks) {
        var nodes: [NodeSpec] = []
        var marks = RealisticLandmarks()
        @discardableResult
        func add(
            _ parent: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
            enabled: Bool = true, enlargement: Double = 0, role: NodeRole = .view
        ) -> Int {
            var node = NodeSpec(parent: parent, x: x, y: y, width: width, height: height)
            node.isUserInteractionEnabled = enabled
            node.enlargement = enlargement
            node.role = role
            nodes.append(node)
            return nodes.count - 1
        }
        let window = add(-1, 0, 0, 390, 844)
        let transition = add(window, 0, 0, 390, 844)
        let layout = add(transition, 0, 0, 390, 844)
        let nav = add(layout, 0, 0, 390, 844)
        let navTransition = add(nav, 0, 0, 390, 844)
        let wrapper = add(navTransition, 0, 0, 390, 844)
        let controllerView = add(wrapper, 0, 0, 390, 844)
        let table = add(controllerView, 0, 91, 390, 670)
        nodes[table].boundsY = 1200
        marks.table = table
        marks.controllerView = controllerView
        add(table, 0, -60, 390, 60, role: .tableHeader)
        for cellIndex in 0..<50 {
            let cell = add(table, 0, Double(cellIndex) * 84, 390, 84, enabled: cellIndex != 17, role: .cell)
            let content = add(cell, 0, 0, 390, 83, role: .cellContent)
            add(content, 16, 12, 60, 60, enabled: false, role: .image)
            add(content, 196, 14, 178, 22, enabled: false, role: .title)
            add(content, 196, 44, 178, 20, enabled: false, role: .subtitle)
            let stack = add(content, 100, 17, 80, 50, role: .buttonStack)
            let button = add(stack, 8, 5, 64, 40, enlargement: cellIndex == 15 ? 0 : 10, role: .button)
            add(button, 20, 8, 24, 24, enabled: false, role: .icon)
            add(cell, 16, 83, 374, 1, enabled: false, role: .separator)
            if cellIndex == 15 {
                marks.cell15 = cell
                marks.cell15Button = button
            }
        }
        add(table, 384, 1210, 3, 100, enabled: false, role: .scrollIndicator)
        let navBar = add(nav, 0, 47, 390, 44)
        add(navBar, 0, 0, 390, 44, enabled: false, role: .barBackground)
        let back = add(navBar, 8, 6, 80, 32, enlargement: 10, role: .barButton)
        add(back, 0, 4, 24, 24, enabled: false, role: .icon)
        add(back, 26, 6, 54, 20, enabled: false, role: .barLabel)
        add(navBar, 120, 12, 150, 20, enabled: false, role: .barTitle)
        let right = add(navBar, 340, 6, 40, 32, enlargement: 10, role: .barButton)
        add(right, 8, 4, 24, 24, enabled: false, role: .icon)
        let tabBar = add(layout, 0, 761, 390, 83)
        add(tabBar, 0, 0, 390, 83, enabled: false, role: .barBackground)
        for item in 0..<4 {
            let view = add(tabBar, Double(item) * 97.5, 0, 97.5, 49, role: .tabItem)
            add(view, 36, 4, 25, 25, enabled: false, role: .icon)
            add(view, 0, 31, 97.5, 14, enabled: false, role: .tabLabel)
        }
        precondition(nodes.count == 482, "realistic tree has \(nodes.count) views, expected 482")
        return (TreeSpec(name: "realistic", nodes: nodes), marks)
    }
}
