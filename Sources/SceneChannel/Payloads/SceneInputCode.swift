/// The codes of the channel's `input` messages.
public enum SceneInputCode {
    /// A ``SceneTouchRecord``: one finger's step; answered with a ``SceneTouchOutcome``.
    public static let touch: UInt16 = 1
    /// A ``SceneInputScript``: timed finger steps the scene process runs on its own clock (a scripted
    /// gesture, `InjectTouches`); answered once the last step was delivered, with a
    /// ``SceneScriptOutcome``.
    public static let script: UInt16 = 2
    /// A device-input record as its input-script line (`touch SCENE 0 down 240 250`, `key tab began`,
    /// `type A`, `wheel …`, `hover …`, `focus …`): what a desktop window or `SendKey`/`TypeText`
    /// delivers; answered with a ``SceneRecordOutcome``.
    public static let record: UInt16 = 3
}
