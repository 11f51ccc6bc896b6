import SceneCore

/// ``TapReadiness`` on the whole board: the views a selector matched may live in the board's own
/// model or in scene processes (`isolation: process`), where the board knows a view only by its
/// window (the stand-in's) and its reference.
@MainActor
enum BoardTapReadiness {
    /// A view a selector matched: its window as the bus names it, its reference, and the view itself
    /// when it is in the board's own model.
    @MainActor
    struct Target {
        let window: Window
        let reference: String
        let local: SelectorMatcher.Match?

        init(window: Window, reference: String, local: SelectorMatcher.Match? = nil) {
            self.window = window
            self.reference = reference
            self.local = local
        }

        init(_ match: SelectorMatcher.Match) {
            self.init(window: match.window, reference: match.reference, local: match)
        }
    }

    /// A touch at `point` (window coordinates) reaches it.
    case ready(Target, point: Point)
    case noMatch
    case ambiguous([Target])
    case notVisible(Target)
    case notEnabled(Target)
    /// A touch at `point` would reach `hit` (nil: no view; an empty reference: a window of a scene in
    /// a process of its own, whose view there the board does not know) instead.
    case notHittable(Target, point: Point, hit: Target?)

    /// The board's form of a readiness evaluated in its own model.
    init(_ readiness: TapReadiness) {
        switch readiness {
        case .ready(let match, let point): self = .ready(Target(match), point: point)
        case .noMatch: self = .noMatch
        case .ambiguous(let matches): self = .ambiguous(matches.map(Target.init))
        case .notVisible(let match): self = .notVisible(Target(match))
        case .notEnabled(let match): self = .notEnabled(Target(match))
        case .notHittable(let match, let point, let hit):
            self = .notHittable(Target(match), point: point, hit: hit.map { Target(window: $0.window, reference: ViewReference.reference(for: $0.view)) })
        }
    }
}
