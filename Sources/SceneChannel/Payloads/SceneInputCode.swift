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
    /// A ``SceneCommand``: a scroll, a first-responder request, a motion or remote-control event;
    /// answered with a ``SceneCommandOutcome`` once delivered.
    public static let command: UInt16 = 4
    /// A ``SceneActions``: a Perform Actions body played on the scene process's clock; answered with
    /// a ``SceneScriptOutcome`` once it is over.
    public static let actions: UInt16 = 5
    /// `Host1.AdvanceClock` on a scene process's virtual clock: moves it to a time (f64 seconds; never
    /// backwards), firing the timers due on the way; answered with its time then (f64).
    public static let clock: UInt16 = 6
    /// A ``SceneRecordBatch``: device-input records queued behind a busy scene process, delivered in
    /// order in one turn; answered with the ``SceneRecordOutcome`` of the first that was refused
    /// (an empty one when none was). Nobody waits for their answers.
    public static let records: UInt16 = 7
    /// A WebDriver element command that injects input (click, clear, send keys): a
    /// ``SceneWebDriverRequest``, answered with a ``SceneWebDriverResponse`` once the endpoint has
    /// (a click after its tap was delivered). Commands that only read are ``SceneQueryCode/webDriver`` queries.
    public static let webDriver: UInt16 = 8
}
