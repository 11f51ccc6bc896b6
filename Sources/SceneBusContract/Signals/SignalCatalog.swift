/// The signals of `org.scenehost.Host1` (Config/dbus/org.scenehost.Host1.xml): each one's argument
/// names and types, in order. Every signal starts with `seq t`, a host-wide counter that grows by one
/// per signal.
public enum SignalCatalog {
    /// One signal's arguments.
    public struct Shape: Sendable {
        /// `(name, D-Bus type code)` in order.
        public let arguments: [(name: String, type: Character)]
        /// The body signature, e.g. `totsddsdu`.
        public let signature: String

        init(_ arguments: [(String, Character)]) {
            self.arguments = arguments.map { (name: $0.0, type: $0.1) }
            self.signature = String(arguments.map(\.1))
        }
    }

    public static let shapes: [String: Shape] = [
        "Touch": Shape([
            ("seq", "t"), ("window", "o"), ("touch", "t"), ("phase", "s"), ("x", "d"), ("y", "d"), ("view", "s"),
            ("timestamp", "d"), ("tapCount", "u"),
        ]),
        "FirstResponderChanged": Shape([("seq", "t"), ("window", "o"), ("old", "s"), ("new", "s")]),
        "KeyWindowChanged": Shape([("seq", "t"), ("old", "o"), ("new", "o")]),
        "GestureStateChanged": Shape([
            ("seq", "t"), ("window", "o"), ("view", "s"), ("recognizer", "s"), ("state", "s"),
        ]),
        "ActionSent": Shape([("seq", "t"), ("window", "o"), ("action", "s"), ("sender", "s"), ("target", "s")]),
        "MotionDelivered": Shape([("seq", "t"), ("subtype", "s"), ("phase", "s"), ("handledBy", "s")]),
        "RemoteControlDelivered": Shape([("seq", "t"), ("subtype", "s"), ("handledBy", "s")]),
        "SceneActivationChanged": Shape([("seq", "t"), ("scene", "o"), ("state", "s")]),
        "Press": Shape([("seq", "t"), ("window", "o"), ("key", "s"), ("phase", "s"), ("handledBy", "s")]),
        "Log": Shape([("seq", "t"), ("scene", "o"), ("line", "s")]),
        "Input": Shape([("seq", "t"), ("timestamp", "d"), ("record", "s")]),
        "SceneGeometryChanged": Shape([
            ("seq", "t"), ("scene", "o"), ("x", "d"), ("y", "d"), ("width", "d"), ("height", "d"),
        ]),
        "SceneCrashed": Shape([("seq", "t"), ("scene", "o"), ("plugin", "s"), ("reason", "s"), ("next", "s")]),
        "SceneNotResponding": Shape([("seq", "t"), ("scene", "o"), ("plugin", "s")]),
        "SceneResponding": Shape([("seq", "t"), ("scene", "o")]),
        "SceneStarted": Shape([("seq", "t"), ("scene", "o"), ("pid", "u")]),
    ]
}
