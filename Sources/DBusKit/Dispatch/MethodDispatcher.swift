import Dispatch

/// The method-dispatch role of a ``BusConnection``: incoming method calls wait in a ``FairQueue``,
/// one lane per sender, and are served in rounds at the end of each loop turn; each is answered
/// from the standard interfaces or the ``ObjectRegistry``.
///
/// ```
/// method call ─► lane of its sender ─► (a round) ─► no interface field: the one interface with that member
///            ─► Peer / Introspectable / Properties / ObjectManager ─► built-in answers
///            └─► exported object at path (exact, else deepest subtree)
///                  ├─ none ─────────────────────────► UnknownObject
///                  ├─ interface missing ────────────► UnknownInterface
///                  ├─ member missing ───────────────► UnknownMethod
///                  ├─ signature ≠ declared inputs ──► InvalidArgs
///                  └─ handler ─► reply / error reply / deferred / async task
/// ```
///
/// Ordering: calls from one sender are answered in arrival order; calls from different senders are
/// interleaved by round (see ``FairQueue``, ``DispatchPolicy``). Signals are delivered when they are
/// dispatched, except the bus's `NameOwnerChanged` saying a sender left while its calls still wait:
/// that one is delivered after them, as the bus sent it. Signals emitted while a call is answered go
/// out right after it: the caller's reply first (when the handler replies at once), then the signals
/// in the order they were emitted.
@MainActor
final class MethodDispatcher {
    enum Work {
        case call(BusMessage)
        /// A signal that must come after the calls its sender's lane holds.
        case signal(BusMessage)
    }

    /// What the loop should do after a round.
    enum RoundOutcome: Equatable {
        /// Nothing waits.
        case idle
        /// Calls wait: serve another round on the next turn.
        case more
        /// Calls wait, but what was sent is not written yet: serve once the socket takes output.
        case waitingForOutput
    }

    let transport: any DispatchOutlet
    let registry: ObjectRegistry
    var policy = DispatchPolicy()
    private var waiting = FairQueue<Work>()
    /// Greater than 0 while an incoming method call is being answered: signals wait in
    /// `heldSignals`, and Swift-built replies in `heldReplies`, until it is (see
    /// ``BusConnection/emitSignal(path:interface:member:destination:_:)`` and `releaseHeldMessages()`).
    private(set) var signalHold = 0
    private var heldReplies: [HeldMessage] = []
    private var heldSignals: [HeldMessage] = []
    private var isStopped = false

    init(transport: any DispatchOutlet, registry: ObjectRegistry) {
        self.transport = transport
        self.registry = registry
    }

    /// Calls waiting to be served.
    var waitingCount: Int { waiting.count }

    // MARK: Queueing

    /// Queues an incoming method call in its sender's lane (peer-to-peer calls have no sender and
    /// share one lane).
    func enqueue(call message: BusMessage) {
        guard !isStopped else { return }
        waiting.append(.call(message), from: message.sender?.rawValue ?? "")
    }

    /// Queues `message` behind the calls of `sender` when it has some waiting; returns whether it did
    /// (otherwise the caller delivers it now).
    func enqueueAfterCalls(of sender: BusName, _ message: BusMessage) -> Bool {
        guard !isStopped, waiting.hasWork(from: sender.rawValue) else { return false }
        waiting.append(.signal(message), from: sender.rawValue)
        return true
    }

    /// Drops every waiting call without answering it (the connection closed).
    func stop() {
        isStopped = true
        _ = waiting.removeAll()
        heldReplies.removeAll()
        heldSignals.removeAll()
    }

    // MARK: Serving

    /// Serves one round: each sender with calls waiting gets up to ``DispatchPolicy/batch`` of them
    /// (or ``DispatchPolicy/batchTime``), in turn, unless it has ``DispatchPolicy/answersPerSender``
    /// calls still being answered (its lane then waits for one of them to be). With more than one call
    /// waiting and output not yet written, it serves nothing and asks to wait for the socket instead.
    func serveRound(on connection: any DispatchHost) -> RoundOutcome {
        guard !waiting.isEmpty, !isStopped else { return .idle }
        if policy.waitsForOutput, waiting.count > 1, transport.hasPendingOutput || !transport.socketIsWritable {
            return .waitingForOutput
        }
        let clock = ContinuousClock()
        var servable = false
        for lane in waiting.roundOrder {
            var start: ContinuousClock.Instant?
            for _ in 0..<policy.batch {
                guard waiting.underWay(in: lane) < policy.answersPerSender, let work = waiting.popFirst(from: lane) else { break }
                switch work {
                case .call(let message):
                    answer(message, in: lane, on: connection)
                case .signal(let message):
                    connection.deliverSignal(message)
                }
                if isStopped { return .idle }
                // The clock is read only when the lane has more to give.
                guard waiting.hasWork(in: lane) else { break }
                let now = clock.now
                if now - (start ?? now) >= policy.batchTime || transport.queuedByteCount >= policy.outputPerRound { break }
                if start == nil { start = now }
            }
            servable = servable || (waiting.hasWork(in: lane) && waiting.underWay(in: lane) < policy.answersPerSender)
            // What this round made waits until the turn ends; the next round writes it first.
            if transport.queuedByteCount >= policy.outputPerRound {
                servable = servable || !waiting.isEmpty
                break
            }
        }
        waiting.endRound()
        // Lanes whose sender is at its limit of calls under way wait for an answer, which schedules
        // the next turn (see `answerArrived(in:)`).
        return servable ? .more : .idle
    }

    /// Counts a call in `lane` whose handler answers later; the returned closure, called once when it
    /// is answered (or dropped), releases it.
    private func beginAnswering(in lane: FairQueue<Work>.Lane) -> @MainActor () -> Void {
        waiting.beginUnderWay(in: lane)
        return { [self] in answerArrived(in: lane) }
    }

    private func answerArrived(in lane: FairQueue<Work>.Lane) {
        guard !isStopped else { return }
        let left = waiting.endUnderWay(in: lane)
        if left == policy.answersPerSender - 1, waiting.hasWork(in: lane) {
            transport.scheduleTurn()
        }
    }

    /// Answers one method call from `lane`, holding the signals its handler emits until the reply is
    /// sent.
    private func answer(_ message: BusMessage, in lane: FairQueue<Work>.Lane, on connection: any DispatchHost) {
        signalHold += 1
        defer {
            signalHold -= 1
            if signalHold == 0 { releaseHeldMessages() }
        }
        answerMethodCall(message, in: lane, on: connection)
    }

    private func answerMethodCall(_ message: BusMessage, in lane: FairQueue<Work>.Lane, on connection: any DispatchHost) {
        guard let path = message.path, let member = message.member else {
            return
        }
        if let forward = registry.forwarder(for: path) {
            forward(ForwardedCall(message: message, dispatcher: self, answered: beginAnswering(in: lane)))
            return
        }
        let exported = registry.resolve(path)
        let interface: InterfaceName
        if let named = message.interface {
            interface = named
        } else {
            let standard = StandardInterfaces.available(object: exported != nil, manager: registry.managers[path] != nil)
            switch InterfaceChoice.choose(member, standard: standard, exported: exported ?? []) {
            case .one(let chosen):
                interface = chosen
            case .none:
                sendError(
                    exported == nil
                        ? registry.unknownObject(path)
                        : BusError(code: .remote, name: .unknownMethod, message: "the object at \(path) has no method \(member)"),
                    to: message)
                return
            case .several(let candidates):
                let names = candidates.map(\.rawValue).joined(separator: ", ")
                sendError(
                    BusError(
                        code: .remote, name: .unknownMethod,
                        message: "the call to \(member) at \(path) names no interface, and several interfaces of the object "
                            + "have a method \(member): \(names); set the call's interface field to one of them"),
                    to: message)
                return
            }
        }
        switch interface {
        case .peer:
            answerPeer(message, member: member)
            return
        case .introspectable:
            answerIntrospectable(message, path: path, member: member)
            return
        case .properties:
            answerProperties(message, path: path, member: member, on: connection)
            return
        case .objectManager:
            answerObjectManager(message, path: path, member: member)
            return
        default:
            break
        }
        guard let interfaces = exported else {
            sendError(registry.unknownObject(path), to: message)
            return
        }
        guard let compiled = interfaces.first(where: { $0.name == interface }) else {
            let available = interfaces.map(\.name.rawValue).joined(separator: ", ")
            sendError(
                BusError(
                    code: .remote, name: .unknownInterface,
                    message: "the object at \(path) does not implement \(interface); it implements: \(available)"),
                to: message)
            return
        }
        guard let method = compiled.methods[member] else {
            sendError(
                BusError(
                    code: .remote, name: .unknownMethod,
                    message: "\(interface) at \(path) has no method \(member)"),
                to: message)
            return
        }
        let received = message.signature.rawValue
        guard received == method.inputSignature else {
            sendError(
                BusError(
                    code: .invalidArguments, name: .invalidArgs,
                    message: "\(method.label) expects arguments of signature '\(method.inputSignature)' but received '\(received)'"),
                to: message)
            return
        }
        invoke(method, message: message, path: path, lane: lane, on: connection)
    }

    private func invoke(
        _ method: CompiledMethod, message: BusMessage, path: ObjectPath, lane: FairQueue<Work>.Lane, on connection: any DispatchHost
    ) {
        let call = MethodCall(
            message: message, dispatcher: self, connection: connection.busConnection, path: path, interface: method.interface,
            member: method.description.name)
        let expectsReply = !message.noReplyExpected && !method.description.flags.contains(.noReply)
        switch method.description.handler {
        case .values(let handler):
            do {
                let values = try handler(call)
                if expectsReply {
                    sendReply(values, to: message, method: method)
                }
            } catch {
                if expectsReply {
                    sendError(error, to: message)
                }
            }
        case .writer(let handler):
            if expectsReply {
                sendReply(writing: { writer in try handler(call, &writer) }, to: message, method: method)
            } else {
                let discarded = BusMessage.methodReturn(replyingTo: message)
                try? discarded.write { writer in try handler(call, &writer) }
            }
        case .deferred(let handler):
            let answered = beginAnswering(in: lane)
            handler(call, DeferredReply(call: call, method: method, expectsReply: expectsReply, answered: answered))
        case .async(let handler):
            let answered = beginAnswering(in: lane)
            Task { @MainActor in
                defer { answered() }
                do {
                    let values = try await handler(call)
                    if expectsReply {
                        call.dispatcher.sendReply(values, to: call.message, method: method)
                    }
                } catch {
                    if expectsReply {
                        call.dispatcher.sendError(error, to: call.message)
                    }
                }
            }
        case .builtin:
            sendError(BusError.failed("\(method.label) has no handler"), to: message)
        }
    }

    // MARK: Replies

    /// Sends `values` as the reply to `call`, or an error naming the mismatch when they do not
    /// match the method's declared outputs (`method`, when given). Failures to send (after
    /// disconnection) are ignored: nobody is left to receive the reply.
    func sendReply(_ values: [BusValue], to call: BusMessage, method: CompiledMethod?) {
        if let method, let problem = method.replyProblem(values) {
            sendError(BusError.failed(problem), to: call)
            return
        }
        guard !call.noReplyExpected else { return }
        // Flat basic replies (and empty ones) are marshalled in Swift (see BasicBodyWriter) and
        // leave with the signals the call caused, in one write (see `releaseHeldMessages()`).
        if let body = try? BasicBodyWriter(basic: values) {
            var fields: [BusMessage.WireField] = [.replySerial(call.serial)]
            if let sender = call.sender { fields.append(.destination(sender)) }
            let reply = BusMessage.prebuiltWire(.methodReturn, serial: transport.takeSerial(), fields: fields, body: body)
            if signalHold > 0 {
                heldReplies.append(.wire(reply))
            } else {
                transport.send(wire: reply)
            }
            return
        }
        sendReply(writing: { writer in try writer.append(contentsOf: values) }, to: call, method: nil)
    }

    /// Sends the reply written by `body`; checks it against `method`'s outputs when given.
    func sendReply(writing body: (inout MessageWriter) throws -> Void, to call: BusMessage, method: CompiledMethod?) {
        let reply = BusMessage.methodReturn(replyingTo: call)
        do {
            try reply.write(body)
        } catch {
            sendError(error, to: call)
            return
        }
        if let method, let problem = method.replyProblem(actualSignature: reply.signature.rawValue) {
            sendError(BusError.failed(problem), to: call)
            return
        }
        send(reply)
    }

    /// Sends an error reply: a ``BusError`` keeps its name and message, anything else becomes
    /// `org.freedesktop.DBus.Error.Failed` with its description.
    func sendError(_ error: any Error, to call: BusMessage) {
        guard !call.noReplyExpected else {
            return
        }
        let busError = (error as? BusError) ?? BusError.failed(String(describing: error))
        send(BusMessage.error(replyingTo: call, busError))
    }

    /// Sends a libdbus-built reply, or holds it with the other replies while a call is answered.
    func send(_ message: BusMessage) {
        if signalHold > 0 {
            heldReplies.append(.message(message))
        } else {
            _ = try? transport.send(message)
        }
    }

    // MARK: Holding signals while a call is answered

    /// Whether a method call is being answered: signals emitted now are held until it is.
    var isAnsweringCall: Bool { signalHold > 0 }

    /// Holds the wire bytes of a Swift-built signal until the call being answered is.
    func hold(wire bytes: [UInt8]) {
        heldSignals.append(.wire(bytes))
    }

    /// Holds a libdbus-built signal until the call being answered is.
    func hold(_ message: BusMessage) {
        heldSignals.append(.message(message))
    }

    /// Sends what was held while a method call was answered: its reply (and any other reply made
    /// meanwhile) first, then the signals in the order they were emitted. Everything leaves in
    /// order through the transport, which writes consecutive Swift-built messages together at the
    /// end of the turn, so the bus daemon reads the reply and the call's signals at once. A send
    /// that fails now (the bus went away meanwhile) is dropped, as it would have failed when made.
    private func releaseHeldMessages() {
        guard !heldReplies.isEmpty || !heldSignals.isEmpty else { return }
        let replies = heldReplies
        let signals = heldSignals
        heldReplies.removeAll(keepingCapacity: true)
        heldSignals.removeAll(keepingCapacity: true)
        func send(_ item: HeldMessage) {
            switch item {
            case .wire(let bytes):
                transport.send(wire: bytes)
            case .message(let message):
                _ = try? transport.send(message)
            }
        }
        replies.forEach(send)
        signals.forEach(send)
    }
}

/// A message waiting for the end of the method call being answered: Swift-built wire bytes, or a
/// libdbus message (anything that is not flat and basic).
enum HeldMessage {
    case wire([UInt8])
    case message(BusMessage)
}

