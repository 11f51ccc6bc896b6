public import DBusKit

/// The SceneHost D-Bus API v1: the names every client and the host agree on. The introspection XML in
/// `Config/dbus/` is the public contract; a test compares it with what the host serves.
public enum SceneBusContract {
    /// The well-known name the host owns.
    public static let busName = BusName(unchecked: "org.scenehost.SceneHost")
    /// The root object: `org.scenehost.Host1`, ObjectManager, Properties, Introspectable, Peer.
    public static let rootPath = ObjectPath(unchecked: "/org/scenehost/SceneHost")
    public static let hostInterface = InterfaceName(unchecked: "org.scenehost.Host1")
    public static let sceneInterface = InterfaceName(unchecked: "org.scenehost.Scene1")
    public static let windowInterface = InterfaceName(unchecked: "org.scenehost.Window1")
    /// The API version reported by `Host1.Version`.
    public static let version = "1.0.0"

    /// `/org/scenehost/SceneHost/scene/<name>`; scene names are `[A-Za-z0-9_-]+`, escaped for the path.
    public static func scenePath(_ name: String) -> ObjectPath {
        ObjectPath(unchecked: rootPath.rawValue + "/scene/" + ObjectPath.escapedElement(name))
    }

    /// `/org/scenehost/SceneHost/window/<n>`; `n` is assigned when the window appears and never reused.
    public static func windowPath(_ number: Int) -> ObjectPath {
        ObjectPath(unchecked: rootPath.rawValue + "/window/\(number)")
    }

    /// The error names the host answers with: `org.scenehost.Error.<Name>`.
    public enum ErrorNames {
        /// A coordinate, duration or count is NaN, infinite or out of range.
        public static let invalidValue = ErrorName(unchecked: "org.scenehost.Error.InvalidValue")
        /// A touch slot that is not down.
        public static let unknownSlot = ErrorName(unchecked: "org.scenehost.Error.UnknownSlot")
        /// A touch slot that is already down.
        public static let slotInUse = ErrorName(unchecked: "org.scenehost.Error.SlotInUse")
        /// A configured limit (touches, samples, script time, call rate) would be exceeded.
        public static let limitsExceeded = ErrorName(unchecked: "org.scenehost.Error.LimitsExceeded")
        /// A phase, subtype or other name that does not exist.
        public static let invalidName = ErrorName(unchecked: "org.scenehost.Error.InvalidName")
        /// No view with that reference in the window.
        public static let unknownView = ErrorName(unchecked: "org.scenehost.Error.UnknownView")
        /// The window or scene is gone.
        public static let unknownObject = ErrorName(unchecked: "org.scenehost.Error.UnknownObject")
        /// The plugin was refused (the message says why).
        public static let pluginRefused = ErrorName(unchecked: "org.scenehost.Error.PluginRefused")
        /// A scene with that name exists already.
        public static let sceneExists = ErrorName(unchecked: "org.scenehost.Error.SceneExists")
        /// The object cannot do that in its current state (an unattached scene, a hidden window).
        public static let invalidState = ErrorName(unchecked: "org.scenehost.Error.InvalidState")
        /// A wait ended before its condition held (`WaitForIdle`, `TapMatching`); the message names
        /// what was still busy or why the target was not ready.
        public static let timeout = ErrorName(unchecked: "org.scenehost.Error.Timeout")
        /// No view matches the selector (`TapMatching`).
        public static let noMatch = ErrorName(unchecked: "org.scenehost.Error.NoMatch")
        /// More than one view matches the selector; the message lists them (`TapMatching`).
        public static let ambiguous = ErrorName(unchecked: "org.scenehost.Error.Ambiguous")
        /// The one match would not receive a touch at its centre; the message names the view that
        /// would (`TapMatching`).
        public static let notHittable = ErrorName(unchecked: "org.scenehost.Error.NotHittable")
        /// The scene's process crashed (before answering, or earlier and not yet restarted).
        public static let sceneCrashed = ErrorName(unchecked: "org.scenehost.Error.SceneCrashed")
        /// The scene's process left the call, or one before it, unanswered for its response timeout.
        public static let sceneNotResponding = ErrorName(unchecked: "org.scenehost.Error.SceneNotResponding")
    }
}
