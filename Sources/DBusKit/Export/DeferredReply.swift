/// The answer-later handle given to a ``MethodDescription/deferredMethod(_:inputs:outputs:flags:annotations:handler:)``
/// handler.
///
/// Call exactly one of ``reply(_:)``, ``reply(writing:)`` or ``fail(_:)``, on the main actor,
/// at any time: immediately, from a timer, or after other bus traffic. Later calls are
/// ignored (and assert in debug builds). If the last reference goes away without an answer,
/// the caller receives `org.freedesktop.DBus.Error.Failed` saying the reply was dropped, so
/// it never waits for its timeout. When the caller asked for no reply, answers are discarded.
@MainActor
public final class DeferredReply {
    /// The call being answered.
    public let call: MethodCall
    /// Whether an answer was given.
    public private(set) var isAnswered = false
    private let method: CompiledMethod
    private let expectsReply: Bool
    /// Tells the dispatcher the call is answered (it counts each sender's calls being answered).
    private var answered: (@MainActor () -> Void)?

    init(call: MethodCall, method: CompiledMethod, expectsReply: Bool, answered: @escaping @MainActor () -> Void) {
        self.call = call
        self.method = method
        self.expectsReply = expectsReply
        self.answered = answered
    }

    isolated deinit {
        if !isAnswered && expectsReply {
            call.dispatcher.sendError(
                BusError.failed("the handler of \(method.label) dropped its deferred reply without answering"),
                to: call.message)
        }
        answered?()
    }

    /// Answers with `values`, which must match the method's declared outputs (otherwise the
    /// caller gets `org.freedesktop.DBus.Error.Failed` naming both signatures).
    public func reply(_ values: [BusValue] = []) {
        guard claim() else { return }
        call.dispatcher.sendReply(values, to: call.message, method: method)
    }

    /// Answers with values written by `body`; if `body` throws, the caller receives that error.
    public func reply(writing body: (inout MessageWriter) throws -> Void) {
        guard claim() else { return }
        call.dispatcher.sendReply(writing: body, to: call.message, method: method)
    }

    /// Answers with an error reply: a ``BusError`` keeps its name and message; any other error
    /// becomes `org.freedesktop.DBus.Error.Failed` with its description.
    public func fail(_ error: any Error) {
        guard claim() else { return }
        call.dispatcher.sendError(error, to: call.message)
    }

    private func claim() -> Bool {
        guard !isAnswered else {
            assertionFailure("the deferred reply to \(method.label) was answered twice")
            return false
        }
        isAnswered = true
        let done = answered
        answered = nil
        done?()
        return expectsReply
    }
}
