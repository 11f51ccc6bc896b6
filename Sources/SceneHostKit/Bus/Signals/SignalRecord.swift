import DBusKit
import SceneCore

/// One event signal of `org.scenehost.Host1` as a value, before its `seq`: the member and its
/// arguments, with windows and scenes as model objects and names (each publisher turns them into
/// what its receiver knows: the host's bus paths, or a scene process's window indices).
///
/// Made by ``SignalRecords`` from the model's observer callbacks, the one place each signal's
/// shape is written; published by ``BusPublisher`` in one process, and sent over the scene channel
/// by a scene process (``SceneSignal``), so that both carry the same arguments in the same order.
@MainActor
struct SignalRecord {
    /// An argument.
    enum Value {
        case u64(UInt64)
        case u32(UInt32)
        case double(Double)
        case string(String)
        /// A window's object path (`/` for none or an unpublished window).
        case window(Window?)
        /// A scene's object path, by the scene's name.
        case scene(String)
    }

    let member: MemberName
    let values: [Value]
}
