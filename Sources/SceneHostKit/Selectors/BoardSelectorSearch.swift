import SceneChannel
import SceneCore

/// Matches a selector on the whole board: the board's own scenes in its model, and each scene that
/// runs in a process of its own (`isolation: process`) by asking that process (the `match` query),
/// merged scene by scene in connection order as ``SelectorMatcher`` orders one model's matches.
///
/// A scene process answers for its own windows only; the board then checks that a tap ready there
/// is not covered by another scene's window at the same screen point. The board's own scenes are
/// matched after the last answer, on the turn the search returns, so a ready tap on one of them can
/// be delivered on that turn against the tree it was checked on. Main actor.
@MainActor
struct BoardSelectorSearch {
    /// What a search found.
    struct Result {
        /// Every match, scene by scene in connection order, each scene's in tree order.
        var matches: [BoardTapReadiness.Target]
        var readiness: BoardTapReadiness
        /// Scenes in processes of their own that could not be searched (crashed, quarantined, not
        /// started yet), with why.
        var unsearched: [(scene: String, reason: String)]
        /// How many scene processes were asked: each call's end is a change of the board's
        /// (``PendingWorkRegistry/changeCount``) that the search made itself.
        var calls: Int
    }

    let matcher: SelectorMatcher
    let application: Application
    let isolation: SceneIsolation?

    /// Searches for `selector` (whose text is `text`). With `scrollingRowsIntoView` (a strict tap's
    /// search), a scene whose one match is a table row out of view scrolls it into view and is
    /// searched again (TapReadiness, [TV-12]). Throws when a scene process that should answer does not
    /// (not responding, crashed meanwhile) or answers what does not decode.
    func run(_ selector: ViewSelector, text: String, scrollingRowsIntoView: Bool = false) async throws(SceneCallError) -> Result {
        var answers: [(scene: IsolatedScene, answer: SceneSelectorAnswer)] = []
        var unsearched: [(scene: String, reason: String)] = []
        for isolated in isolation?.scenes ?? [] where selector.scene == nil || selector.scene == isolated.name {
            switch isolated.state {
            case .running, .notResponding:
                guard isolated.scene != nil else {
                    unsearched.append((isolated.name, "its process has not listed its windows yet"))
                    continue
                }
                answers.append((isolated, try await isolated.process.match(text, scrollingRowsIntoView: scrollingRowsIntoView)))
            case .starting:
                unsearched.append((isolated.name, "its process is starting"))
            case .crashed(let exit, let quarantined):
                unsearched.append((isolated.name, "its process ended (\(exit)) and is \(quarantined ? "quarantined" : "restarting")"))
            }
        }
        // From here on nothing awaits: the board's own scenes are matched on the returning turn.
        func localMatches() -> [SelectorMatcher.Match] {
            matcher.matches(selector, in: application).filter { isolation?.scene(of: $0.window) == nil }
        }
        var local = localMatches()
        if scrollingRowsIntoView, answers.allSatisfy({ $0.answer.matches.isEmpty }), TapReadiness.scrollIntoView(local) {
            local = localMatches()
        }
        var matches: [BoardTapReadiness.Target] = []
        var remoteOne: (scene: IsolatedScene, answer: SceneSelectorAnswer)?
        for scene in application.connectedScenes {
            if let entry = answers.first(where: { $0.scene.scene === scene }) {
                let found = entry.answer.matches.compactMap { target(of: $0, in: entry.scene) }
                if found.count == 1 { remoteOne = entry }
                matches += found
            } else {
                matches += local.filter { $0.window.windowScene === scene }.map(BoardTapReadiness.Target.init)
            }
        }
        let readiness: BoardTapReadiness
        if matches.isEmpty {
            readiness = .noMatch
        } else if matches.count > 1 {
            readiness = .ambiguous(matches)
        } else if let match = matches[0].local {
            readiness = board(BoardTapReadiness(TapReadiness.evaluate(match, matcher: matcher, application: application)))
        } else if let remoteOne {
            readiness = self.readiness(of: matches[0], answer: remoteOne.answer, in: remoteOne.scene)
        } else {
            readiness = .noMatch
        }
        return Result(matches: matches, readiness: readiness, unsearched: unsearched, calls: answers.count)
    }

    /// The stand-in's window and reference of a view a scene process named; nil for a window the
    /// stand-in does not have (yet).
    private func target(of view: SceneSelectorAnswer.View, in scene: IsolatedScene) -> BoardTapReadiness.Target? {
        guard Int(view.window) < scene.windows.count else { return nil }
        return BoardTapReadiness.Target(window: scene.windows[Int(view.window)], reference: view.reference)
    }

    /// A scene process's readiness for its one match, checked against the board's windows: another
    /// scene's window in front of the point takes the touch instead.
    private func readiness(of match: BoardTapReadiness.Target, answer: SceneSelectorAnswer, in scene: IsolatedScene) -> BoardTapReadiness {
        switch answer.readiness {
        case .none: return .noMatch
        case .notVisible: return .notVisible(match)
        case .notEnabled: return .notEnabled(match)
        case .notHittable(let x, let y, let hit):
            return .notHittable(match, point: Point(x: x, y: y), hit: hit.flatMap { target(of: $0, in: scene) })
        case .ready(let x, let y):
            let point = Point(x: x, y: y)
            guard let standIn = scene.scene else { return .notVisible(match) }
            guard let hit = application.hitTestOnceActive(screenPoint: match.window.convertToScreen(point), in: standIn) else {
                return .notHittable(match, point: point, hit: nil)
            }
            if hit.window === match.window { return .ready(match, point: point) }
            return .notHittable(match, point: point, hit: boardTarget(window: hit.window, view: hit.view))
        }
    }

    /// A readiness evaluated in the board's model, with a hit on a stand-in's picture named by its
    /// window only (the view there is the scene process's).
    private func board(_ readiness: BoardTapReadiness) -> BoardTapReadiness {
        guard case .notHittable(let match, let point, let hit?) = readiness, hit.local == nil, isolation?.scene(of: hit.window) != nil else {
            return readiness
        }
        return .notHittable(match, point: point, hit: BoardTapReadiness.Target(window: hit.window, reference: ""))
    }

    private func boardTarget(window: Window, view: View) -> BoardTapReadiness.Target {
        isolation?.scene(of: window) == nil
            ? BoardTapReadiness.Target(window: window, reference: ViewReference.reference(for: view))
            : BoardTapReadiness.Target(window: window, reference: "")
    }
}
