import SceneCore
import SceneViewTree
import SceneWebDriver

/// ``ActionabilityWalk`` as a cursor for the WebDriver endpoint's live page source: the scope each
/// view hands down is kept on a stack by depth, so the answers are the walk's own, given top down in
/// document order as ``ViewTreeWalker`` gives them. Main actor; one walk at a time.
@MainActor
final class ActionabilityScopes: ActionabilityCursor {
    private let walk: ActionabilityWalk
    /// The scopes of the view being entered's ancestors, the window's first.
    private var scopes: [ActionabilityWalk.Scope] = []

    init(walk: ActionabilityWalk) {
        self.walk = walk
        scopes.reserveCapacity(64)
    }

    func enter(_ view: View, frame: Rect, depth: Int) -> ViewDescription.Actionability {
        // What is deeper belongs to earlier siblings' subtrees, all written by now.
        while scopes.count > depth { scopes.removeLast() }
        let (actionability, scope) = walk.enter(view, frame: frame, parent: scopes.last)
        scopes.append(scope)
        return actionability
    }
}
