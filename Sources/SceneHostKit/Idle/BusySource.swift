public import SceneCore

/// One reason the host is not idle: an entry of the pending-work list that `Host1.WaitForIdle`
/// waits to see empty and names when it times out.
@MainActor
public struct BusySource {
    /// What kind of work it is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A finger is down.
        case touch
        /// A gesture recognizer waits on its timer or for others to fail.
        case recognizer
        /// A touch phase is held back from its view by a recognizer [GR-9].
        case delayedDelivery = "delayed-delivery"
        /// A scroll view's offset moves by itself (a deceleration or an animated scroll) [SV-5, SV-9].
        case scrolling
        /// A view animates (`View.animate`) [AN-2].
        case animation
        /// Model work of a kind this host does not know (a newer SceneCore).
        case model
        /// A timer of plugin or model code is armed.
        case timer
        /// A scripted input run (a gesture method, `InjectTouches`, W3C actions) has steps left.
        case inputScript = "input-script"
        /// Input received but not yet delivered (a display's event queue).
        case queuedInput = "queued-input"
        /// A window's pixels are kept up to date and it changed since they were drawn.
        case redraw
    }

    public var kind: Kind
    /// The window concerned, if any (the bus names it by its object path).
    public var window: Window?
    /// The view concerned, if any.
    public var view: View?
    /// The reference of the view concerned when it is not in this process's model (a scene process's
    /// view), if any.
    public var viewReference: String?
    /// What is pending, for people ("recognizer double-tap on taps waits for tap 2 of 2 …").
    public var detail: String
    /// Clock time at which it ends by itself, when it does.
    public var deadline: Double?

    public init(kind: Kind, window: Window? = nil, view: View? = nil, viewReference: String? = nil, detail: String, deadline: Double? = nil) {
        self.kind = kind
        self.window = window
        self.view = view
        self.viewReference = viewReference
        self.detail = detail
        self.deadline = deadline
    }
}
