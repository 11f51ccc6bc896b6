/// The codes of the channel's `input` messages.
public enum SceneInputCode {
    /// A ``SceneTouchRecord``.
    public static let touch: UInt16 = 1
}
