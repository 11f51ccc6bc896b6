/// The codes of the channel's `event` messages.
public enum SceneEventCode {
    /// A ``SceneSignal``.
    public static let signal: UInt16 = 1
    /// A ``SceneWindowList``: the scene's plugin and windows, sent once the scene is connected and
    /// again whenever one of its windows appears, goes, moves, changes level or is shown or hidden.
    public static let windows: UInt16 = 2
    /// A ``SceneBusyList``: what the scene still has to do, when it changes.
    public static let busy: UInt16 = 3
    /// The scene process's virtual clock (`clock: virtual`), an f64 of seconds, when its time moved
    /// (scripted input drives it by its own delays): the board moves its clock and the other scene
    /// processes' to it, so every scene keeps one time. Sent before the answer of the input that
    /// moved it.
    public static let clock: UInt16 = 4
    /// A ``ScenePluginRefusal``: the scene process could not load its plugin; its goodbye and its
    /// end follow. The board quarantines the scene at once (a restart would be refused again) and
    /// reports the refusal as the host reports a plugin it refuses.
    public static let refused: UInt16 = 5
    /// An AT-SPI event of the process's objects (or its `Cache` signals): the signal's D-Bus wire
    /// bytes, which the board emits on the accessibility bus after checking them.
    public static let accessibility: UInt16 = 6
}
