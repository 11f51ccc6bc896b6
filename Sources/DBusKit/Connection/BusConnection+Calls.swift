internal import CDBus

extension BusConnection {
    /// Calls a method and suspends until its reply arrives, without blocking the main actor.
    ///
    /// Objects exported on this same connection (or another connection in this process) keep
    /// being served while the call is outstanding, so a process can call itself.
    ///
    /// - Parameters:
    ///   - destination: The bus name of the service; `nil` only on peer-to-peer connections.
    ///   - interface: The method's interface. `nil` lets the service pick, which is ambiguous.
    ///   - arguments: The call's arguments.
    ///   - timeout: How long to wait for the reply; `nil` means libdbus's default of 25 s.
    /// - Returns: The method-return message; read its ``BusMessage/arguments`` or use
    ///   ``BusMessage/read(_:)``.
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/remote`` and the peer's
    ///   error name and message for an error reply; ``BusError/Code-swift.struct/timedOut``
    ///   (name `org.freedesktop.DBus.Error.NoReply`) naming the member and the timeout;
    ///   ``BusError/Code-swift.struct/disconnected`` when the connection is or becomes closed;
    ///   ``BusError/Code-swift.struct/cancelled`` when the task is cancelled (the reply is then
    ///   ignored).
    public func call(
        destination: BusName?,
        path: ObjectPath,
        interface: InterfaceName?,
        member: MemberName,
        arguments: [BusValue] = [],
        timeout: Duration? = nil
    ) async throws -> BusMessage {
        let message = BusMessage.methodCall(destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try await call(message, timeout: timeout)
    }

    /// Sends a prepared method-call message and suspends until its reply arrives.
    ///
    /// See ``call(destination:path:interface:member:arguments:timeout:)`` for the errors. The
    /// message is sealed afterwards.
    public func call(_ message: BusMessage, timeout: Duration? = nil) async throws -> BusMessage {
        let label = Self.describeCall(message)
        guard message.kind == .methodCall else {
            throw BusError(
                code: .invalidState, name: .failed,
                message: "call(_:) needs a method call, but \(message) is a \(message.kind); send it with send(_:)")
        }
        try ensureConnected("call \(label)")
        try checkUnixFDs(message)
        let pending = PendingReply()
        let key = ObjectIdentifier(pending)
        inFlight[key] = pending
        defer { inFlight[key] = nil }
        try transport.send(call: message, timeout: Self.milliseconds(timeout)) { [self] pendingRaw in
            if pendingRaw == nil { isConnectedAfterLibDBusRefusal() }
            pending.attach(pendingRaw, label: label)
        }
        let replyBits = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending.start(continuation)
            }
        } onCancel: {
            pending.cancelFromAnyThread(
                BusError(code: .cancelled, name: .failed, message: "the task calling \(label) was cancelled"))
        }
        let reply = BusMessage(adopting: OpaquePointer(bitPattern: replyBits)!, sealed: true)
        if reply.kind == .error {
            throw replyError(reply, label: label, timeout: timeout)
        }
        return reply
    }

    /// Calls a method and blocks the calling thread until the reply arrives.
    ///
    /// For command-line tools and start-up code. While blocked, nothing else on the main actor
    /// runs: a method exported on a connection in this same process cannot answer, so such a
    /// call times out. Use the `async` variant there.
    ///
    /// - Throws: the same errors as ``call(destination:path:interface:member:arguments:timeout:)``
    ///   except cancellation.
    public func callBlocking(
        destination: BusName?,
        path: ObjectPath,
        interface: InterfaceName?,
        member: MemberName,
        arguments: [BusValue] = [],
        timeout: Duration? = nil
    ) throws -> BusMessage {
        let message = BusMessage.methodCall(destination: destination, path: path, interface: interface, member: member)
        try message.append(arguments)
        return try callBlocking(message, timeout: timeout)
    }

    /// Sends a prepared method-call message and blocks until its reply arrives.
    ///
    /// See ``callBlocking(destination:path:interface:member:arguments:timeout:)``. Messages sent
    /// earlier and still waiting to be written are written first (blocking too).
    public func callBlocking(_ message: BusMessage, timeout: Duration? = nil) throws -> BusMessage {
        let label = Self.describeCall(message)
        try ensureConnected("call \(label)")
        try checkUnixFDs(message)
        // libdbus writes the call itself: everything queued before it must be out first.
        _ = transport.flushBlocking(timeout: timeout ?? .seconds(25))
        let outcome = LibDBus.capturingError { error in
            dbus_connection_send_with_reply_and_block(raw, message.raw, Self.milliseconds(timeout), error)
        }
        message.seal()
        if let reply = outcome.result {
            return BusMessage(adopting: reply, sealed: true)
        }
        guard let failure = outcome.error else {
            throw LibDBus.outOfMemory("calling \(label)")
        }
        if failure.name == .noReply || failure.name == .timedOut || failure.name == .disconnected {
            if dbus_connection_get_is_connected(raw) == 0 {
                throw LibDBus.disconnectedError("receive the reply to \(label)")
            }
            if failure.name != .disconnected {
                throw timeoutError(label: label, timeout: timeout, detail: failure.message)
            }
        }
        throw BusError(code: .remote, name: failure.name, message: failure.message)
    }

    // MARK: Helpers

    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else {
            return -1  // DBUS_TIMEOUT_USE_DEFAULT
        }
        let components = timeout.components
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(milliseconds, 1))
    }

    static func describeCall(_ message: BusMessage) -> String {
        let member = message.member?.rawValue ?? "?"
        let qualified = message.interface.map { "\($0).\(member)" } ?? member
        let path = message.path?.rawValue ?? "?"
        let destination = message.destination.map { " at \($0)" } ?? ""
        return "\(qualified) on \(path)\(destination)"
    }

    private func isConnectedAfterLibDBusRefusal() {
        if dbus_connection_get_is_connected(raw) == 0 {
            isConnected = false
        }
    }

    private func timeoutError(label: String, timeout: Duration?, detail: String) -> BusError {
        let limit = timeout.map { "\($0)" } ?? "the default 25 seconds"
        return BusError(
            code: .timedOut,
            name: .noReply,
            message: "no reply to \(label) within \(limit); the service may be hung or busy, or the timeout "
                + "too short for the method (libdbus: \(detail))"
        )
    }

    /// The ``BusError`` for an error reply, telling locally generated timeouts apart from
    /// errors the peer sent (locally generated replies have no sender).
    func replyError(_ reply: BusMessage, label: String, timeout: Duration?) -> BusError {
        let name = reply.errorName ?? .failed
        let text = reply.errorMessage ?? ""
        if name == .noReply && reply.sender == nil {
            if dbus_connection_get_is_connected(raw) == 0 {
                return LibDBus.disconnectedError("receive the reply to \(label)")
            }
            return timeoutError(label: label, timeout: timeout, detail: text)
        }
        return BusError(code: .remote, name: name, message: text)
    }
}
