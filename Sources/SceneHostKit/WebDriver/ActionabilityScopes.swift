import SceneCore
import SceneViewTree
import SceneWebDriver

/// ``ActionabilityWalk`` as a cursor for the WebDriver endpoint's live page source: the answers are
/// the walk's own, given top down in document order as ``ViewTreeWalker`` gives them, with what each
/// view hands down kept by depth (``Stack``). Main actor; one walk at a time, and the tree must not
/// change meanwhile (hit-test overrides must not change it either [HQ-1]).
///
/// The walk's ``ActionabilityWalk/Scope`` holds the window and an array of clips, so handing one
/// down retains both; here the window, its scene and its bounds are read once per window (depth 0)
/// and each depth keeps only plain values, the clips in one shared array, so a view costs no retain
/// of the walk's own. The page source's differential test (`LivePageSourceTests`) compares every
/// answer with the reference walk's on random scenes under random edits.
@MainActor
final class ActionabilityScopes: ActionabilityCursor {
    /// The whole state in one value: one exclusive access of this object per view, not one per read.
    private var stack: Stack

    init(walk: ActionabilityWalk) {
        stack = Stack(walk: walk)
    }

    func enter(_ view: View, frame: Rect, depth: Int) -> ViewDescription.Actionability {
        stack.enter(view, frame: frame, depth: depth)
    }

    /// What the views from the walk's window down to the one being entered hand down.
    @MainActor
    struct Stack {
        /// One depth's part of ``ActionabilityWalk/Scope``.
        struct Level {
            /// Below a window nested in a view: every view is answered by the plain definition.
            var isPlain: Bool
            /// This view and every ancestor are shown (not hidden, alpha not under 0.01).
            var shown: Bool
            /// This view and every ancestor take touches (`isUserInteractionEnabled`).
            var interactive: Bool
            /// How many of ``clips`` belong to this view and its ancestors.
            var clipCount: Int
        }

        /// The window of the walk (nil when the walk starts at a view in no window), read at depth 0.
        struct WindowContext {
            let window: Window
            /// The scene the hit tests are made in (`window.windowScene`).
            let scene: WindowScene?
            /// The window is in a scene in the foreground, active or not [WS-11].
            let sceneShown: Bool
            let bounds: Rect
        }

        let walk: ActionabilityWalk
        private var context: WindowContext?
        /// By depth: `levels[d]` is the part of the view entered last at depth `d`.
        private var levels: [Level] = []
        /// The window frames of the clipping views on the way down, outermost first (the window
        /// excepted); each level owns a prefix.
        private var clips: [Rect] = []

        init(walk: ActionabilityWalk) {
            self.walk = walk
            levels.reserveCapacity(64)
            clips.reserveCapacity(16)
        }

        mutating func enter(_ view: View, frame: Rect, depth: Int) -> ViewDescription.Actionability {
            let ownShown = !view.isHidden && !(view.alpha < 0.01)
            let ownInteractive = view.isUserInteractionEnabled
            guard depth > 0 else {
                // The window the walk starts at.
                clips.removeAll(keepingCapacity: true)
                // (`if let`, not `Optional.map`: a main-actor closure handed to the standard library
                // gets a check of the executor at every call.)
                guard let window = view as? Window ?? view.window else {
                    context = nil
                    set(Level(isPlain: true, shown: ownShown, interactive: ownInteractive, clipCount: 0), at: 0)
                    return walk.actionability(of: view)
                }
                let scene = window.windowScene
                var sceneShown = false
                if let scene { sceneShown = ActionabilityWalk.isShown(scene) }
                context = WindowContext(window: window, scene: scene, sceneShown: sceneShown, bounds: window.bounds)
                set(Level(isPlain: false, shown: ownShown, interactive: ownInteractive, clipCount: 0), at: 0)
                return answer(view, frame: frame, shown: ownShown, parentClipCount: 0, enabled: ActionabilityWalk.isEnabledControl(view))
            }
            let parent = levels[depth - 1]
            guard !parent.isPlain, !(view is Window) else {
                // A window inside a view is its subtree's window (`View.window`): the plain definition.
                set(Level(isPlain: true, shown: false, interactive: false, clipCount: parent.clipCount), at: depth)
                return walk.actionability(of: view)
            }
            if clips.count > parent.clipCount { clips.removeSubrange(parent.clipCount...) }
            if view.clipsToBounds { clips.append(frame) }
            let shown = parent.shown && ownShown
            set(Level(isPlain: false, shown: shown, interactive: parent.interactive && ownInteractive, clipCount: clips.count), at: depth)
            return answer(view, frame: frame, shown: shown, parentClipCount: parent.clipCount, enabled: ActionabilityWalk.isEnabledControl(view) && parent.interactive)
        }

        private mutating func set(_ level: Level, at depth: Int) {
            if depth < levels.count {
                levels[depth] = level
            } else {
                levels.append(level)
            }
        }

        /// ``ActionabilityWalk``'s answer for `view`: its visible rectangle is `frame` intersected with
        /// the clips of its ancestors (the nearest first), then the window's bounds; the hit test is
        /// made at its centre, as ``SelectorMatcher/hitProbe(of:in:application:)`` makes it.
        private func answer(_ view: View, frame: Rect, shown: Bool, parentClipCount: Int, enabled: Bool) -> ViewDescription.Actionability {
            guard let context, context.sceneShown, shown else { return .init(isVisible: false, isEnabled: enabled, isHittable: false) }
            var rect = frame
            var index = parentClipCount - 1
            while index >= 0 {
                rect = rect.intersection(clips[index])
                index -= 1
            }
            rect = rect.intersection(context.bounds)
            guard !(rect.isEmpty || rect.isNull) else { return .init(isVisible: false, isEnabled: enabled, isHittable: false) }
            guard enabled else { return .init(isVisible: true, isEnabled: false, isHittable: false) }
            let window = context.window
            let screenPoint = window.convertToScreen(rect.center)
            guard let scene = context.scene, let hit = walk.application.hitTestOnceActive(screenPoint: screenPoint, in: scene) else {
                return .init(isVisible: true, isEnabled: true, isHittable: false)
            }
            let lands = TapReadiness.lands((hit.window, hit.view), on: SelectorMatcher.Match(window: window, view: view))
            return .init(isVisible: true, isEnabled: true, isHittable: lands)
        }
    }
}
