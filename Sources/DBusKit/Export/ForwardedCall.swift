/// A method call to a forwarding subtree (``BusConnection/exportForwardingSubtree(at:forward:)``),
/// handed over whole for someone else to answer — another process that serves those objects.
///
/// Answer exactly once, on the main actor, at any time, with ``reply(forwarding:)`` (the answer
/// the other side made, as wire bytes) or ``fail(_:)``. If the last reference goes away unanswered,
/// the caller receives `org.freedesktop.DBus.Error.Failed` saying so. The call counts towards its
/// sender's calls under way (``DispatchPolicy/answersPerSender``) until it is answered.
@MainActor
public final class ForwardedCall {
    /// The call as it arrived (its sender, serial, path, interface, member and body).
    public let message: BusMessage
    /// Whether an answer was given.
    public private(set) var isAnswered = false
    private let dispatcher: MethodDispatcher
    private var answered: (@MainActor () -> Void)?

    init(message: BusMessage, dispatcher: MethodDispatcher, answered: @escaping @MainActor () -> Void) {
        self.message = message
        self.dispatcher = dispatcher
        self.answered = answered
    }

    isolated deinit {
        if !isAnswered {
            dispatcher.sendError(BusError.failed("the call to \(message.member?.rawValue ?? "?") at \(message.path?.rawValue ?? "?") was dropped without an answer"), to: message)
        }
        answered?()
    }

    /// Answers with a method return or error made elsewhere for this very call (its reply serial
    /// and destination are the call's serial and sender), given as its wire bytes.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` when the bytes
    ///   are not a valid message, not a reply, or a reply to another call; the caller then receives
    ///   `org.freedesktop.DBus.Error.Failed` naming the problem instead.
    public func reply(forwarding wire: [UInt8]) throws {
        guard claim() else { return }
        do {
            let reply: BusMessage
            do {
                reply = try BusMessage(wireBytes: wire)
            } catch {
                throw BusError(
                    code: .invalidValue, name: .failed, message: "the forwarded answer (\(wire.count) wire bytes) is not a message: \(error)")
            }
            guard reply.kind == .methodReturn || reply.kind == .error else {
                throw BusError(code: .invalidValue, name: .failed, message: "the forwarded answer is a \(reply.kind), not a reply")
            }
            guard reply.replySerial == message.serial, reply.destination == message.sender else {
                throw BusError(
                    code: .invalidValue, name: .failed,
                    message: "the forwarded answer replies to serial \(reply.replySerial) for \(reply.destination?.rawValue ?? "nobody"), "
                        + "not to this call (serial \(message.serial) from \(message.sender?.rawValue ?? "nobody"))")
            }
            guard !message.noReplyExpected else { return }
            dispatcher.send(try reply.unsentCopy())
        } catch {
            if !message.noReplyExpected { dispatcher.sendError(error, to: message) }
            throw error
        }
    }

    /// Answers with an error reply: a ``BusError`` keeps its name and message; any other error
    /// becomes `org.freedesktop.DBus.Error.Failed` with its description.
    public func fail(_ error: any Error) {
        guard claim() else { return }
        dispatcher.sendError(error, to: message)
    }

    private func claim() -> Bool {
        guard !isAnswered else { return false }
        isAnswered = true
        let done = answered
        answered = nil
        done?()
        return true
    }
}
