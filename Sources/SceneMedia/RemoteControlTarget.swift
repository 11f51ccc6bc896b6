/// The responder remote-control events start at, as the host names it: the application's key
/// window by its number on the host's D-Bus API (`/org/scenehost/SceneHost/window/<n>`, 0 when it is
/// not published) and the responder by its view reference (`Window1.FirstResponder`'s wording). The
/// same for a scene in the host and one in a process of its own, whose responders the board knows
/// only by these names.
public struct RemoteControlTarget: Equatable, Sendable {
    public var windowNumber: Int
    public var reference: String

    public init(windowNumber: Int, reference: String) {
        self.windowNumber = windowNumber
        self.reference = reference
    }
}
