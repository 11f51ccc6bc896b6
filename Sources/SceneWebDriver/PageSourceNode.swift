import SceneCore
import SceneViewTree

/// One element below the scene as ``PageSource`` writes it: what its attributes are made of, and its
/// children in document order. ``ViewDescription`` is one (the host's walk, with coordinates and
/// actionability when asked); ``PageOutline``'s live nodes are the other (read straight from the
/// views, for a query that reads neither). One writer serves both, so the two cannot disagree about
/// how a value becomes an attribute. Main actor.
@MainActor
protocol PageSourceNode {
    /// The view's class name (the tag and `type`).
    var typeName: String { get }
    var identifier: String? { get }
    var label: String? { get }
    var value: String? { get }
    /// Nil: not computed (`enabled` reads true, `visible` and `hittable` false).
    var actionability: ViewDescription.Actionability? { get }
    /// Where ``frame``'s origin is on the screen.
    var screenOrigin: Point { get }
    /// The view's bounds in its window's coordinates (only its size is written besides
    /// ``screenOrigin``).
    var frame: Rect { get }
    /// The accessibility role's name.
    var role: String { get }
    /// Calls `body` with each child, back to front.
    func forEachChild(_ body: (Self) -> Void)
}

extension ViewDescription: PageSourceNode {
    func forEachChild(_ body: (ViewDescription) -> Void) {
        for child in children { body(child) }
    }
}
