extension BusConnection {
    /// Answers one incoming method call: standard interfaces first, then exported objects.
    ///
    /// ```
    /// method call ─► no interface field: the one interface with that member (else an error)
    ///            ─► Peer / Introspectable / Properties / ObjectManager ─► built-in answers
    ///            └─► exported object at path (exact, else deepest subtree)
    ///                  ├─ none ─────────────────────────► UnknownObject
    ///                  ├─ interface missing ────────────► UnknownInterface
    ///                  ├─ member missing ───────────────► UnknownMethod
    ///                  ├─ signature ≠ declared inputs ──► InvalidArgs
    ///                  └─ handler ─► reply / error reply / deferred / async task
    /// ```
    /// (libdbus answers `org.freedesktop.DBus.Peer` calls that name the interface before any
    /// filter; interface-less `Ping` and `GetMachineId` get here.)
    ///
    /// Signals emitted while the call is answered go out right after it: the caller's reply first
    /// (when the handler replies at once), then the signals in the order they were emitted.
    func dispatchMethodCall(_ message: BusMessage) -> Bool {
        signalHold += 1
        defer {
            signalHold -= 1
            if signalHold == 0 { releaseHeldMessages() }
        }
        return answerMethodCall(message)
    }

    private func answerMethodCall(_ message: BusMessage) -> Bool {
        guard let path = message.path, let member = message.member else {
            return false
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
                        ? unknownObject(path)
                        : BusError(code: .remote, name: .unknownMethod, message: "the object at \(path) has no method \(member)"),
                    to: message)
                return true
            case .several(let candidates):
                let names = candidates.map(\.rawValue).joined(separator: ", ")
                sendError(
                    BusError(
                        code: .remote, name: .unknownMethod,
                        message: "the call to \(member) at \(path) names no interface, and several interfaces of the object "
                            + "have a method \(member): \(names); set the call's interface field to one of them"),
                    to: message)
                return true
            }
        }
        switch interface {
        case .peer:
            answerPeer(message, member: member)
            return true
        case .introspectable:
            answerIntrospectable(message, path: path, member: member)
            return true
        case .properties:
            answerProperties(message, path: path, member: member)
            return true
        case .objectManager:
            answerObjectManager(message, path: path, member: member)
            return true
        default:
            break
        }
        guard let interfaces = exported else {
            sendError(unknownObject(path), to: message)
            return true
        }
        guard let compiled = interfaces.first(where: { $0.name == interface }) else {
            let available = interfaces.map(\.name.rawValue).joined(separator: ", ")
            sendError(
                BusError(
                    code: .remote, name: .unknownInterface,
                    message: "the object at \(path) does not implement \(interface); it implements: \(available)"),
                to: message)
            return true
        }
        guard let method = compiled.methods[member] else {
            sendError(
                BusError(
                    code: .remote, name: .unknownMethod,
                    message: "\(interface) at \(path) has no method \(member)"),
                to: message)
            return true
        }
        let received = message.signature.rawValue
        guard received == method.inputSignature else {
            sendError(
                BusError(
                    code: .invalidArguments, name: .invalidArgs,
                    message: "\(method.label) expects arguments of signature '\(method.inputSignature)' but received '\(received)'"),
                to: message)
            return true
        }
        invoke(method, message: message, path: path)
        return true
    }

    private func invoke(_ method: CompiledMethod, message: BusMessage, path: ObjectPath) {
        let call = MethodCall(
            message: message, connection: self, path: path, interface: method.interface, member: method.description.name)
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
            handler(call, DeferredReply(call: call, method: method, expectsReply: expectsReply))
        case .async(let handler):
            Task { @MainActor in
                do {
                    let values = try await handler(call)
                    if expectsReply {
                        call.connection.sendReply(values, to: call.message, method: method)
                    }
                } catch {
                    if expectsReply {
                        call.connection.sendError(error, to: call.message)
                    }
                }
            }
        case .builtin:
            sendError(BusError.failed("\(method.label) has no handler"), to: message)
        }
    }

    // MARK: Replies

    /// Sends `values` as the reply to `call`, or an error naming the mismatch when they do not
    /// match the method's declared outputs. Failures to send (after disconnection) are ignored:
    /// nobody is left to receive the reply.
    func sendReply(_ values: [BusValue], to call: BusMessage, method: CompiledMethod) {
        if let problem = method.replyProblem(values) {
            sendError(BusError.failed(problem), to: call)
            return
        }
        // Flat basic replies (and empty ones) are marshalled in Swift (see BasicBodyWriter) and
        // leave with the signals the call caused, in one write (see `releaseHeldMessages()`).
        if !call.noReplyExpected, let body = try? BasicBodyWriter(basic: values) {
            var fields: [BusMessage.WireField] = [.replySerial(call.serial)]
            if let sender = call.sender { fields.append(.destination(sender)) }
            let reply = BusMessage.prebuiltWire(.methodReturn, serial: nextPrebuiltSerial(), fields: fields, body: body)
            if signalHold > 0 {
                heldReplies.append(reply)
            } else {
                sendWire(CollectionOfOne(reply))
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
        _ = try? send(reply)
    }

    /// Sends an error reply: a ``BusError`` keeps its name and message, anything else becomes
    /// `org.freedesktop.DBus.Error.Failed` with its description.
    func sendError(_ error: any Error, to call: BusMessage) {
        guard !call.noReplyExpected else {
            return
        }
        let busError = (error as? BusError) ?? BusError.failed(String(describing: error))
        _ = try? send(BusMessage.error(replyingTo: call, busError))
    }

    func unknownObject(_ path: ObjectPath) -> BusError {
        BusError(code: .remote, name: .unknownObject, message: "no object is exported at \(path)")
    }
}
