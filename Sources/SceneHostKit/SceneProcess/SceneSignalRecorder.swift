import DBusKit
import SceneChannel
import SceneCore

/// The scene process's side of the host's event signals: each model callback that the host turns
/// into an `org.scenehost.Host1` signal becomes the same ``SignalRecord`` (``SignalRecords``), sent
/// to the board as a ``SceneSignal`` event, windows as their index in the scene process's window list
/// (the order the scene made them, which ``SceneWindowList`` and the frames use too).
///
/// The application-wide key window is the board's to report (it knows every scene); this process
/// reports its scene's key window changes. So is the scene's activation: the board decides it (a
/// touch, the desktop's focus, `Scene1.Activate`) and publishes its stand-in's, in the order one
/// process publishes it, and this scene follows without a word. Main actor; events leave in the
/// order of the callbacks.
@MainActor
final class SceneSignalRecorder: SignalRecordObserver {
    private let send: (SceneSignal) -> Void
    private let index: (Window) -> Int?

    /// - Parameter index: a window's index in the process's window list, nil for one it does not know.
    init(index: @escaping (Window) -> Int?, send: @escaping (SceneSignal) -> Void) {
        self.index = index
        self.send = send
    }

    func report(_ record: SignalRecord) {
        let values = record.values.map { value -> SceneSignal.Value in
            switch value {
            case .u64(let number): .u64(number)
            case .u32(let number): .u32(number)
            case .double(let number): .double(number)
            case .string(let text): .string(text)
            case .window(let window): .window(window.flatMap(index).map(Int32.init) ?? -1)
            case .scene(let name): .scene(name)
            }
        }
        send(SceneSignal(member: record.member.rawValue, values: values))
    }

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        // The board's stand-in reports it (see above).
    }
}
