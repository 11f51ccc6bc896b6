/// One scene as `Scene1` describes it.
struct SceneSnapshot: Sendable, Equatable {
    /// `/org/scenehost/SceneHost/scene/<name>`.
    var path: String
    var name: String
    var plugin: String
    /// `unattached`, `foreground-active`, `foreground-inactive` or `background`.
    var activationState: String
    /// The scene's windows' paths, in the scene's order.
    var windows: [String]
    /// The scene's key window's path, nil when it has none.
    var keyWindow: String?
    /// Its screen frame, `[x, y, width, height]` (empty from a host that does not say).
    var frame: [Double] = []
    /// The smallest size it may take, `[width, height]` (empty when unknown).
    var minimumSize: [Double] = []
    /// The largest size it may take, `[width, height]`, infinite where unbounded (empty when unknown).
    var maximumSize: [Double] = []
    /// Where it runs (`Scene1.Process`): `in-host`, or its scene process's state; empty from a host
    /// that does not say.
    var processState: String = ""
    /// Its scene process's id, 0 while there is none.
    var processID: UInt32 = 0
    /// How its scene process last ended unasked, "" before any crash.
    var lastExit: String = ""
}
