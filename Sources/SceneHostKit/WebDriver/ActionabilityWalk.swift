import SceneCore
import SceneViewTree

/// The WebDriver elements' `visible`, `enabled` and `hittable`, as the strict tap (element click)
/// answers them, computed for a whole window in one top-down walk (``ActionabilityPass``).
///
/// ``actionability(of:)`` is the plain definition, one view at a time: ``SelectorMatcher``'s
/// `visibleRect(of:)` (which walks the ancestors twice and converts each to the window) and
/// `isEnabled(_:)` (which walks them again), then ``TapReadiness``'s hit test at the centre of the
/// visible part. The pass gives the same answers with the ancestors' part carried down
/// (``Scope``): whether every ancestor is shown and interactive, and the window frames of the
/// ancestors that clip, which it intersects in the same order and with the same operands as
/// `visibleRect(of:)` does, so the visible rectangle, its centre and the hit test made there are
/// bit for bit the same. The hit test itself is still the application's own, once per visible
/// enabled view: views of any class may override it. Main actor.
@MainActor
struct ActionabilityWalk: ActionabilityPass {
    let matcher: SelectorMatcher
    let application: Application

    struct Scope {
        /// The window of the walk; nil below a window nested in a view, where every view is
        /// answered by the plain definition.
        let window: Window?
        /// The window is in a scene in the foreground, active or not (shown on the screen [WS-11]).
        let sceneShown: Bool
        /// This view and every ancestor are shown (not hidden, alpha not under 0.01).
        let shown: Bool
        /// This view and every ancestor take touches (`isUserInteractionEnabled`).
        let interactive: Bool
        /// The window frames of this view and its ancestors that clip to their bounds, the window
        /// excepted, outermost first.
        let clips: [Rect]
    }

    func enter(_ view: View, frame: Rect, parent: Scope?) -> (actionability: ViewDescription.Actionability, scope: Scope) {
        guard let parent else {
            // The window the walk starts at.
            let window = view as? Window ?? view.window
            let scope = Scope(
                window: window, sceneShown: window?.windowScene.map(Self.isShown) ?? false, shown: !view.isHidden && !(view.alpha < 0.01),
                interactive: view.isUserInteractionEnabled, clips: [])
            return (window == nil ? actionability(of: view) : actionability(of: view, frame: frame, in: scope, enabled: Self.isEnabledControl(view)), scope)
        }
        guard let window = parent.window, !(view is Window) else {
            // A window inside a view is its subtree's window (`View.window`): the plain definition.
            return (actionability(of: view), Scope(window: nil, sceneShown: false, shown: false, interactive: false, clips: []))
        }
        var clips = parent.clips
        if view.clipsToBounds { clips.append(frame) }
        let scope = Scope(
            window: window, sceneShown: parent.sceneShown, shown: parent.shown && !view.isHidden && !(view.alpha < 0.01),
            interactive: parent.interactive && view.isUserInteractionEnabled, clips: clips)
        return (actionability(of: view, frame: frame, in: scope, parentClips: parent.clips, enabled: Self.isEnabledControl(view) && parent.interactive), scope)
    }

    /// In the foreground, active or not: what ``SelectorMatcher/visibleRect(of:)`` asks of a scene.
    static func isShown(_ scene: WindowScene) -> Bool {
        scene.activationState == .foregroundActive || scene.activationState == .foregroundInactive
    }

    /// Not a disabled control.
    static func isEnabledControl(_ view: View) -> Bool {
        (view as? Control)?.isEnabled ?? true
    }

    /// `view`'s answer from its own scope (`scope.shown` covers it and its ancestors) and the clips
    /// of its ancestors.
    private func actionability(of view: View, frame: Rect, in scope: Scope, parentClips: [Rect] = [], enabled: Bool) -> ViewDescription.Actionability {
        guard let window = scope.window, scope.sceneShown, scope.shown else { return .init(isVisible: false, isEnabled: enabled, isHittable: false) }
        // visibleRect(of:)'s intersections: the nearest clipping ancestor first, the window last.
        var rect = frame
        for clip in parentClips.reversed() { rect = rect.intersection(clip) }
        rect = rect.intersection(window.bounds)
        guard !(rect.isEmpty || rect.isNull) else { return .init(isVisible: false, isEnabled: enabled, isHittable: false) }
        guard enabled else { return .init(isVisible: true, isEnabled: false, isHittable: false) }
        let probe = matcher.hitProbe(of: rect, in: window, application: application)
        let lands = TapReadiness.lands(probe.hit, on: SelectorMatcher.Match(window: window, view: view))
        return .init(isVisible: true, isEnabled: true, isHittable: lands)
    }

    /// The plain definition for one view: what element click's readiness answers for it now.
    func actionability(of view: View) -> ViewDescription.Actionability {
        let enabled = matcher.isEnabled(view)
        guard let window = view.window, let rect = matcher.visibleRect(of: view) else {
            return .init(isVisible: false, isEnabled: enabled, isHittable: false)
        }
        guard enabled else { return .init(isVisible: true, isEnabled: false, isHittable: false) }
        let readiness = TapReadiness.evaluate(SelectorMatcher.Match(window: window, view: view), matcher: matcher, application: application, visibleRect: rect)
        if case .ready = readiness { return .init(isVisible: true, isEnabled: true, isHittable: true) }
        return .init(isVisible: true, isEnabled: true, isHittable: false)
    }
}
