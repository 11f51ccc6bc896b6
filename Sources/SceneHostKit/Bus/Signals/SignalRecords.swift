import DBusKit
import SceneCore

/// Each event signal's arguments, from the model's observer callbacks: the shape of the signals in
/// `Config/dbus/org.scenehost.Host1.xml`, without `seq` (which the publisher stamps).
@MainActor
enum SignalRecords {
    static func touch(_ touch: Touch) -> SignalRecord {
        SignalRecord(
            member: HostSignals.touch,
            values: [
                .window(touch.window), .u64(touch.identifier), .string(touch.phase.wireName),
                .double(touch.locationInWindow.x), .double(touch.locationInWindow.y),
                .string(touch.view.map(ViewReference.reference(for:)) ?? ""), .double(touch.timestamp),
                .u32(UInt32(clamping: touch.tapCount)),
            ])
    }

    static func firstResponderChanged(in window: Window, from old: Responder?, to new: Responder?) -> SignalRecord {
        SignalRecord(member: HostSignals.firstResponderChanged, values: [.window(window), .string(describe(old)), .string(describe(new))])
    }

    static func keyWindowChanged(from old: Window?, to new: Window?) -> SignalRecord {
        SignalRecord(member: HostSignals.keyWindowChanged, values: [.window(old), .window(new)])
    }

    static func gestureStateChanged(_ recognizer: GestureRecognizer) -> SignalRecord {
        SignalRecord(
            member: HostSignals.gestureStateChanged,
            values: [
                .window(recognizer.view?.window), .string(recognizer.view.map(ViewReference.reference(for:)) ?? ""),
                .string(recognizer.displayName), .string(recognizer.state.wireName),
            ])
    }

    static func actionSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?) -> SignalRecord {
        SignalRecord(
            member: HostSignals.actionSent,
            values: [
                .window((sender as? View)?.window), .string(action.name), .string(sender.map(ViewReference.describe) ?? ""),
                .string(target.map(ViewReference.describe) ?? ""),
            ])
    }

    static func motionDelivered(_ subtype: Event.EventSubtype, phase: MotionPhase, handledBy: Responder?) -> SignalRecord {
        SignalRecord(member: HostSignals.motionDelivered, values: [.string(subtype.wireName), .string(phase.rawValue), .string(describe(handledBy))])
    }

    static func remoteControlDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?) -> SignalRecord {
        SignalRecord(member: HostSignals.remoteControlDelivered, values: [.string(subtype.wireName), .string(describe(handledBy))])
    }

    static func press(_ press: Press, handledBy: Responder?) -> SignalRecord {
        SignalRecord(
            member: HostSignals.press,
            values: [.window(press.window), .string(press.key?.wireName ?? ""), .string(press.phase.rawValue), .string(describe(handledBy))])
    }

    /// Device input about to be delivered, as an input-script line (a recording of these signals is
    /// a script `scene-host --input` replays).
    static func input(_ record: InputRecord, at timestamp: Double) -> SignalRecord {
        SignalRecord(member: HostSignals.input, values: [.double(timestamp), .string(record.scriptLine)])
    }

    static func sceneActivationChanged(_ scene: WindowScene, to state: WindowScene.ActivationState) -> SignalRecord {
        SignalRecord(member: HostSignals.sceneActivationChanged, values: [.scene(scene.name), .string(state.wireName)])
    }

    static func log(_ scene: WindowScene, line: String) -> SignalRecord {
        SignalRecord(member: HostSignals.log, values: [.scene(scene.name), .string(line)])
    }

    static func sceneGeometryChanged(_ scene: WindowScene) -> SignalRecord {
        let frame = scene.screenFrame
        return SignalRecord(
            member: HostSignals.sceneGeometryChanged,
            values: [.scene(scene.name), .double(frame.minX), .double(frame.minY), .double(frame.width), .double(frame.height)])
    }

    /// How a responder is named on the wire: a view's reference, otherwise its type name; "" for none.
    static func describe(_ responder: Responder?) -> String {
        responder.map(ViewReference.describe) ?? ""
    }
}
