public import SceneCore

/// Answers ``ViewDescription/actionability`` for every view of one walk, top down: each view's
/// answer is made from what its superview passed down (a ``Scope``), so whatever is asked of the
/// ancestors (shown? interactive? clipped by?) is asked once per ancestor rather than once per
/// descendant. Main actor, within one ``ViewTreeWalker`` walk; the tree must not change meanwhile.
@MainActor
public protocol ActionabilityPass {
    /// What a view hands down to its subviews.
    associatedtype Scope

    /// `view`'s actionability and the scope its subviews get. `frame` is `view`'s bounds converted
    /// to its window (`view.convert(view.bounds, to: nil)`); `parent` is its superview's scope, nil
    /// for the window the walk starts at.
    func enter(_ view: View, frame: Rect, parent: Scope?) -> (actionability: ViewDescription.Actionability, scope: Scope)
}
