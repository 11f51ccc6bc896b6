public import SceneCore
public import SceneViewTree

/// A scene's page source read straight from its live views, without coordinates or actionability:
/// what an XPath query that reads neither needs (``XPathAttributes``), made without building a
/// ``ViewDescription`` per view (the walk's descriptions, and freeing them, were most of such a find).
///
/// Its elements are exactly those of `PageSource(scene:host:tags:actionability: false, geometry: false)`
/// — the same tags, attribute values and numbers — because ``PageSource`` writes both through one
/// generic writer, and each live node reads the view as ``ViewTreeWalker`` does for a description
/// (`accessibilityIdentifier`, `accessibilityLabel` and `accessibilityValue` once per view, the
/// frame as the bounds' size at the origin, the screen origin zero). `PageOutlineTests` compares the
/// two on random trees. Main actor; a snapshot of the tree's shape when made (its numbering), read
/// live when written.
@MainActor
public final class PageOutline {
    public let scene: WindowScene
    /// The view of each element, by number; nil for the scene element.
    public private(set) var views: [View?] = []
    private let names: ViewTreeWalker
    private let tags: TagNames

    /// The outline of `scene`; `names` gives class names (``ViewTreeWalker/typeName(of:)``).
    public init(scene: WindowScene, names: ViewTreeWalker, tags: TagNames) {
        self.scene = scene
        self.names = names
        self.tags = tags
        views.append(nil)
        for window in scene.windows { number(window) }
    }

    private func number(_ view: View) {
        views.append(view)
        for subview in view.subviews { number(subview) }
    }

    /// The view of element `number`; nil for the scene element.
    public func view(at number: Int) -> View? { views[number] }

    /// The number of `view`'s element, if it is in this outline.
    public func number(of view: View) -> Int? {
        views.firstIndex { $0 === view }
    }

    /// Writes the elements to `sink` as ``PageSource`` writes a source without coordinates and
    /// actionability.
    func write(to sink: inout some ElementSink) {
        PageSource.writeScene(scene, origin: scene.screenFrame.origin, windows: scene.windows.map { LiveNode($0, names: names) }, tags: tags, to: &sink)
    }

    /// A live view as a page-source element.
    private struct LiveNode: PageSourceNode {
        let view: View
        let names: ViewTreeWalker
        // Read once, when the node is made, as the walk reads them for a description.
        let typeName: String
        let identifier: String?
        let label: String?
        let value: String?

        init(_ view: View, names: ViewTreeWalker) {
            self.view = view
            self.names = names
            typeName = names.typeName(of: view)
            identifier = view.accessibilityIdentifier
            label = view.accessibilityLabel
            value = view.accessibilityValue
        }

        var actionability: ViewDescription.Actionability? { nil }
        var screenOrigin: Point { .zero }
        var frame: Rect { Rect(origin: .zero, size: view.bounds.size) }
        var role: String { view.accessibilityRole.rawValue }

        func forEachChild(_ body: (LiveNode) -> Void) {
            for subview in view.subviews { body(LiveNode(subview, names: names)) }
        }
    }
}
