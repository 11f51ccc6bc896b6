public import SceneCore

/// Where a strict, selector-driven tap stands at one moment: ready (exactly one match, visible,
/// enabled, and the host's hit test at the centre of its visible part lands on it or inside it — or,
/// for a view that takes no touches itself, such as a label, on the ancestor behind it, where a
/// finger there would land), or why not. `TapMatching` waits until it is ready and reports the last reason when time runs out.
@MainActor
public enum TapReadiness {
    case ready(SelectorMatcher.Match, point: Point)
    case noMatch
    case ambiguous([SelectorMatcher.Match])
    case notVisible(SelectorMatcher.Match)
    case notEnabled(SelectorMatcher.Match)
    /// A touch at `point` (window coordinates) would reach `hit` (nil: no view at all) instead.
    case notHittable(SelectorMatcher.Match, point: Point, hit: (window: Window, view: View)?)

    /// Evaluates `selector` against the live tree now. With `scrollingRowsIntoView`, a strict tap's
    /// look [TV-12]: when the one match is in a table row out of view, the row is scrolled into view
    /// first (as little as shows it whole) and the selector evaluated again, so the tap reaches the
    /// row's own cell through the real hit test.
    public static func evaluate(
        _ selector: ViewSelector, matcher: SelectorMatcher, application: Application, scrollingRowsIntoView: Bool = false
    ) -> TapReadiness {
        var matches = matcher.matches(selector, in: application)
        if scrollingRowsIntoView, scrollIntoView(matches) {
            matches = matcher.matches(selector, in: application)
        }
        guard let match = matches.first else { return .noMatch }
        guard matches.count == 1 else { return .ambiguous(matches) }
        return evaluate(match, matcher: matcher, application: application)
    }

    /// Scrolls the one match into view when `matches` is exactly one match in a table row out of view
    /// [TV-12]; returns whether it scrolled (the tree changed: match again).
    public static func scrollIntoView(_ matches: [SelectorMatcher.Match]) -> Bool {
        guard matches.count == 1, let row = matches[0].offscreenRow, let table = matches[0].view as? TableView else { return false }
        return table.scrollRowIntoView(row.indexPath) != nil
    }

    /// Evaluates one view (a WebDriver element) now. `visibleRect`, when the caller has it already, is
    /// the view's ``SelectorMatcher/visibleRect(of:)``.
    public static func evaluate(
        _ match: SelectorMatcher.Match, matcher: SelectorMatcher, application: Application, visibleRect: Rect? = nil
    ) -> TapReadiness {
        // A row out of view is not visible until a strict tap scrolls it in [TV-12].
        guard match.offscreenRow == nil, let rect = visibleRect ?? matcher.visibleRect(of: match.view) else { return .notVisible(match) }
        let probe = matcher.hitProbe(of: rect, in: match.window, application: application)
        guard matcher.isEnabled(match.view) else { return .notEnabled(match) }
        guard lands(probe.hit, on: match) else { return .notHittable(match, point: probe.point, hit: probe.hit) }
        return .ready(match, point: probe.point)
    }

    /// Whether a touch that the hit test sends to `hit` reaches `match`'s view: the view or one of
    /// its descendants was hit in its window, or — for a view that takes no touches itself — the
    /// ancestor behind it.
    public static func lands(_ hit: (window: Window, view: View)?, on match: SelectorMatcher.Match) -> Bool {
        guard let hit, hit.window === match.window else { return false }
        return hit.view === match.view || hit.view.isDescendant(of: match.view)
            || (!match.view.isUserInteractionEnabled && match.view.isDescendant(of: hit.view))
    }
}
