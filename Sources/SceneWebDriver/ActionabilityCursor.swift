public import SceneCore
public import SceneViewTree

/// The page source's `visible`, `enabled` and `hittable` for the views of one walk, asked top down
/// in document order: what the host's ``ActionabilityPass`` answers, with the scopes its views hand
/// down kept by the cursor (a stack by depth), so that a walk outside the host's module needs no
/// generic code of the pass. Main actor; one walk at a time, and the tree must not change meanwhile.
@MainActor
public protocol ActionabilityCursor: AnyObject {
    /// `view`'s actionability. `depth` is its depth below the walk's window (0: the window itself,
    /// which starts a walk); every view entered since its parent (at `depth - 1`) was entered belongs
    /// to its earlier siblings' subtrees. `frame` is `view.convert(view.bounds, to: nil)`.
    func enter(_ view: View, frame: Rect, depth: Int) -> ViewDescription.Actionability
}
