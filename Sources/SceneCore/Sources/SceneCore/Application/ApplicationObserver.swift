/// Receives everything the model does that a host publishes (on D-Bus, to AT-SPI, to its log).
///
/// Callbacks run on the main actor, synchronously, right after the UIKit callbacks of the step they
/// report [WS-10], so the order observers see matches the order of the §9 traces. Every method has
/// an empty default. An observer must not re-enter the model from a callback (for example deliver
/// a touch); it may read it.
@MainActor
public protocol ApplicationObserver: AnyObject {
    /// A touch changed phase and was delivered (to recognizers and views) in its window: one call per
    /// touch per event, phases `began`, `moved`, `ended` and `cancelled`.
    func touchDidChange(_ touch: Touch)
    /// A window's first-responder slot changed [FR-2, FR-3, FR-7].
    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?)
    /// A scene's key window changed [WS-5, WS-7]; `new` is nil when no window could take over.
    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?)
    /// The application's key window (the key window of the most recently activated active scene) changed [WS-4].
    func applicationKeyWindowDidChange(from old: Window?, to new: Window?)
    /// [WS-6] notification.
    func windowDidBecomeVisible(_ window: Window)
    /// [WS-7] notification.
    func windowDidBecomeHidden(_ window: Window)
    /// [WS-5] notification, after the window's `becomeKey()`.
    func windowDidBecomeKey(_ window: Window)
    /// [WS-5] notification, after the window's `resignKey()`.
    func windowDidResignKey(_ window: Window)
    /// A window joined or left `scene`.
    func windowsDidChange(in scene: WindowScene)
    /// A view was added to, removed from or reordered in `parent` (nil: a subtree left the window).
    func viewHierarchyDidChange(in window: Window, parent: View?)
    /// An accessibility-visible property of `view` changed.
    func accessibilityDidChange(_ change: AccessibilityChange, of view: View)
    /// A gesture recognizer changed state (after its actions ran) [GR-4].
    func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State)
    /// An action was dispatched by ``Application/sendAction(_:to:from:for:)``: `target` is the object
    /// that performed it, nil when nobody did [RC-3, RC-4].
    func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?)
    /// A motion event went through the responder chain; `handledBy` consumed it (nil: nobody) [FR-8].
    func motionWasDelivered(_ subtype: Event.EventSubtype, phase: MotionPhase, handledBy: Responder?)
    /// A remote-control event went through the responder chain [FR-9]; `handledBy` nil when nobody
    /// handled it or remote control is not enabled.
    func remoteControlWasDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?)
    /// The application started (`true`) or stopped receiving remote-control events
    /// (``Application/beginReceivingRemoteControlEvents()``, ``Application/endReceivingRemoteControlEvents()``) [FR-9].
    func remoteControlReceivingDidChange(_ isReceiving: Bool)
    /// One phase of a key press went through the responder chain [KB-1]; `handledBy` consumed it
    /// (the application when its keyboard behaviour acted [KB-3]; nil: nobody).
    func pressWasDelivered(_ press: Press, handledBy: Responder?)
    /// A window's focused view changed [FO-1].
    func focusDidChange(in window: Window, from old: View?, to new: View?)
    /// The text or caret of `view` changed (a text field edited, a label's text set).
    func textDidChange(in view: View, _ change: TextChange)
    /// A scene changed activation state [WS-1].
    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState)
    /// A scene was connected (its delegate has built it).
    func sceneDidConnect(_ scene: WindowScene)
    /// A scene was disconnected and removed.
    func sceneDidDisconnect(_ scene: WindowScene)
    /// A plugin wrote a line through ``WindowScene/log(_:)``.
    func scene(_ scene: WindowScene, didLog line: String)
    /// A scene's size changed [LY-10], after its covering windows took the new size and its delegate
    /// heard of it; `previousFrame` is the old ``WindowScene/screenFrame``.
    func sceneGeometryDidChange(_ scene: WindowScene, from previousFrame: Rect)
    /// A scene's ``WindowScene/sizeRestrictions`` changed [LY-11] (before a resize they led to).
    func sceneSizeRestrictionsDidChange(_ scene: WindowScene)
    /// A diagnostic message for an enabled ``DiagnosticTopics`` topic.
    func diagnostic(_ topic: DiagnosticTopics, _ message: String)
}

extension ApplicationObserver {
    public func touchDidChange(_ touch: Touch) {}
    public func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {}
    public func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) {}
    public func applicationKeyWindowDidChange(from old: Window?, to new: Window?) {}
    public func windowDidBecomeVisible(_ window: Window) {}
    public func windowDidBecomeHidden(_ window: Window) {}
    public func windowDidBecomeKey(_ window: Window) {}
    public func windowDidResignKey(_ window: Window) {}
    public func windowsDidChange(in scene: WindowScene) {}
    public func viewHierarchyDidChange(in window: Window, parent: View?) {}
    public func accessibilityDidChange(_ change: AccessibilityChange, of view: View) {}
    public func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) {}
    public func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?) {}
    public func motionWasDelivered(_ subtype: Event.EventSubtype, phase: MotionPhase, handledBy: Responder?) {}
    public func remoteControlWasDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?) {}
    public func remoteControlReceivingDidChange(_ isReceiving: Bool) {}
    public func pressWasDelivered(_ press: Press, handledBy: Responder?) {}
    public func focusDidChange(in window: Window, from old: View?, to new: View?) {}
    public func textDidChange(in view: View, _ change: TextChange) {}
    public func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {}
    public func sceneDidConnect(_ scene: WindowScene) {}
    public func sceneDidDisconnect(_ scene: WindowScene) {}
    public func scene(_ scene: WindowScene, didLog line: String) {}
    public func sceneGeometryDidChange(_ scene: WindowScene, from previousFrame: Rect) {}
    public func sceneSizeRestrictionsDidChange(_ scene: WindowScene) {}
    public func diagnostic(_ topic: DiagnosticTopics, _ message: String) {}
}
