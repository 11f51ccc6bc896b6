import DBusKit
import Foundation
import Logging
import SceneAccessibility
import SceneBusServing
import SceneChannel
import SceneCore
import SceneErrors

/// A scene process's accessible objects, served for the board to forward
/// (``SceneQueryCode/accessibilityState``, ``SceneQueryCode/accessibilityCall``): while the board
/// is on the accessibility bus, an ``AccessibilityBridge`` in forwarded mode answers the calls the
/// board forwards (each answer goes back as the reply to its query, whenever it is made) and its
/// events go to the board (``SceneEventCode/accessibility``). The objects' prefix is
/// `/org/a11y/atspi/accessible/p<pid>`, and a window is `…/w<its number on the channel>`. Main actor.
@MainActor
final class SceneProcessAccessibility {
    private let application: Application
    private let send: @MainActor (ChannelMessage) -> Void
    private let channelNumber: @MainActor (Window) -> Int?
    private let logger: Logger
    private var bridge: AccessibilityBridge?
    /// The board's name the bridge serves for.
    private var hostName: BusName?
    /// Runs before a reply goes out: the board learns of the windows' changes first (a key window
    /// a `GrabFocus` moved), so that the caller's next question finds them.
    var beforeReply: @MainActor () -> Void = {}
    /// The queries waiting for their answer, by the forwarded call's sender and serial.
    private var waiting: [String: UInt64] = [:]

    init(
        application: Application, channelNumber: @escaping @MainActor (Window) -> Int?, logger: Logger,
        send: @escaping @MainActor (ChannelMessage) -> Void
    ) {
        self.application = application
        self.channelNumber = channelNumber
        self.logger = logger
        self.send = send
    }

    /// The prefix of the objects of the scene process `processID`.
    static func prefix(processID: Int32) -> ObjectPath {
        ObjectPath(unchecked: "/org/a11y/atspi/accessible/p\(processID)")
    }

    /// Query ``SceneQueryCode/accessibilityState``: starts serving for the board's new name (a
    /// fresh tree), or stops.
    func setState(id: UInt64, body: [UInt8]) {
        let state: SceneAccessibilityState
        let hostName: BusName?
        do {
            state = try SceneAccessibilityState(body: body)
            hostName = state.hostName.isEmpty ? nil : try BusName(state.hostName)
        } catch {
            send(.failure(id: id, code: SceneQueryFailureCode.invalidArguments, message: "\(error)"))
            return
        }
        // The same name again: only whether the scene holds the key window changed.
        if let bridge, hostName != nil, self.hostName == hostName {
            bridge.setHoldsApplicationKey(state.holdsApplicationKey)
            send(.reply(id: id, body: []))
            return
        }
        self.hostName = hostName
        bridge?.stopForwarding()
        bridge = nil
        // Calls under way are answered no more (the board failed them when it left).
        waiting.removeAll()
        if let hostName {
            let policy = InputPolicy(mode: InputPolicyMode(rawValue: state.inputMode) ?? .readOnly, allowedExecutables: state.allowedExecutables)
            do {
                bridge = try AccessibilityBridge.forwarded(
                    application: application, inputPolicy: policy, hostName: hostName, prefix: Self.prefix(processID: getpid()),
                    channelNumber: channelNumber, logger: logger
                ) { [weak self] bytes in self?.sent(bytes) }
                bridge?.setHoldsApplicationKey(state.holdsApplicationKey)
            } catch {
                send(.failure(id: id, code: SceneQueryFailureCode.invalidArguments, message: "cannot serve the accessible objects: \(error)"))
                return
            }
        }
        send(.reply(id: id, body: []))
    }

    /// Query ``SceneQueryCode/accessibilityCall``: answers the forwarded call (its reply goes out
    /// when the bridge makes it).
    func call(id: UInt64, body: [UInt8]) {
        do {
            let call = try SceneAccessibilityCall(body: body)
            guard let bridge else {
                throw ChannelError(code: .malformed, message: "the board forwarded an accessibility call before it joined the accessibility bus")
            }
            let message = try BusMessage(wireBytes: call.wire)
            waiting[Self.key(message.sender?.rawValue, message.serial)] = id
            // Read once: the bridge and its server take the message itself.
            try bridge.receive(
                AccessibilityBridge.ForwardedCall(
                    wire: call.wire, desktopOffset: call.desktopOffset.map { Point(x: $0.x, y: $0.y) }, rootIndexOffset: call.rootIndexOffset,
                    caller: call.caller),
                message: message)
        } catch {
            send(.failure(id: id, code: SceneQueryFailureCode.invalidArguments, message: "\(error)"))
        }
    }

    /// What the bridge sent: a reply goes to the query that forwarded its call, an event to the board.
    private func sent(_ bytes: [UInt8]) {
        // The message type is the wire's second byte: 2 method return, 3 error, 4 signal.
        guard bytes.count > 1 else { return }
        switch bytes[1] {
        case 4:
            send(.event(code: SceneEventCode.accessibility, body: bytes))
        case 2, 3:
            guard let reply = try? BusMessage(wireBytes: bytes),
                let id = waiting.removeValue(forKey: Self.key(reply.destination?.rawValue, reply.replySerial))
            else { return }
            beforeReply()
            send(.reply(id: id, body: bytes))
        default:
            break
        }
    }

    private static func key(_ sender: String?, _ serial: UInt32) -> String { "\(sender ?? "")#\(serial)" }
}
