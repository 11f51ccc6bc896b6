/// Objects served without a bus connection: method calls come in as wire bytes (``receive(wire:)``),
/// and replies and signals go out as wire bytes through `output`, in order. For a process that
/// serves objects through another's bus connection — a scene process's accessible objects, which
/// the host forwards (``BusConnection/exportForwardingSubtree(at:forward:)``,
/// ``ForwardedCall/reply(forwarding:)``, ``BusConnection/emitSignal(forwarding:)``).
///
/// Calls are answered as on a connection: the same interface tables, argument checks, standard
/// interfaces (`Introspectable`, `Properties`), deferred and async answers, and one lane per
/// sender. Signals emitted while a call is answered follow its reply. Each call's reply goes to the
/// call's sender with the call's serial as its reply serial. Main actor.
@MainActor
public final class LocalObjectServer {
    let registry = ObjectRegistry()
    private let outbox: LocalOutbox
    let dispatcher: MethodDispatcher

    /// - Parameters:
    ///   - firstSerial: the first serial of the messages it sends (choose a range the connection that
    ///     forwards them does not use for its own calls).
    ///   - output: receives each message to send, marshalled, in order.
    public init(firstSerial: UInt32 = 0x4000_0000, output: @escaping @MainActor ([UInt8]) -> Void) {
        let outbox = LocalOutbox(firstSerial: firstSerial, output: output)
        self.outbox = outbox
        dispatcher = MethodDispatcher(transport: outbox, registry: registry)
        outbox.serve = { [weak self] in self?.serve() }
    }

    /// Answers the method call in `wire` (now, or later for deferred and async handlers).
    ///
    /// - Throws: ``BusError/Code-swift.struct/invalidValue`` when the bytes are not a valid message
    ///   or not a method call; nothing is answered then.
    public func receive(wire: [UInt8]) throws {
        try receive(try BusMessage(wireBytes: wire))
    }

    /// Answers `message`, a method call already read from its wire bytes (see ``receive(wire:)``).
    ///
    /// - Throws: ``BusError/Code-swift.struct/invalidValue`` when it is not a method call.
    public func receive(_ message: BusMessage) throws {
        guard message.kind == .methodCall else {
            throw BusError(code: .invalidValue, name: .failed, message: "a local object server takes method calls, not a \(message.kind)")
        }
        dispatcher.enqueue(call: message)
        serve()
    }

    /// Exports an object made of `interfaces` at `path` (see ``BusConnection/export(_:at:)-([InterfaceDescription],_)``).
    @discardableResult
    public func export(_ interfaces: [InterfaceDescription], at path: ObjectPath) throws -> ObjectRegistration {
        let names = interfaces.map(\.name)
        try registry.checkObject(names, at: path)
        let registration = ObjectRegistration(path: path, interfaces: names, kind: .object, owner: self, object: nil)
        _ = registry.addObject(interfaces.map(CompiledInterface.init), at: path, registration: registration)
        return registration
    }

    /// Exports the objects below `prefix` with interface tables `resolve` compiled (see
    /// ``BusConnection/exportSubtree(at:resolveCompiled:)``).
    @discardableResult
    public func exportSubtree(at prefix: ObjectPath, resolveCompiled resolve: @escaping @MainActor (ObjectPath) -> CompiledInterfaces?) throws
        -> ObjectRegistration
    {
        try registry.checkSubtree(at: prefix)
        let registration = ObjectRegistration(path: prefix, interfaces: [], kind: .subtree, owner: self, object: nil)
        registry.addSubtree(
            ObjectRegistry.Subtree(owner: ObjectIdentifier(registration), resolve: { path in resolve(path)?.interfaces }), at: prefix,
            registration: registration)
        return registration
    }

    /// Emits a signal whose arguments `body` writes; while a call is answered it follows the call's
    /// reply (as ``BusConnection/emitSignal(path:interface:member:destination:_:)``).
    public func emitSignal(
        path: ObjectPath, interface: InterfaceName, member: MemberName, destination: BusName? = nil, _ body: (inout MessageWriter) throws -> Void
    ) throws {
        let message = BusMessage.signal(path: path, interface: interface, member: member)
        if let destination { message.setDestination(destination) }
        try message.write(body)
        guard dispatcher.isAnsweringCall else {
            try outbox.send(message)
            return
        }
        message.assignSerialIfNone(outbox.takeSerial())
        message.seal()
        dispatcher.hold(message)
    }

    /// Drops the calls waiting and every export.
    public func stop() {
        dispatcher.stop()
        registry.removeAll()
    }

    private func serve() {
        while dispatcher.serveRound(on: self) == .more {}
    }
}

extension LocalObjectServer: DispatchHost {
    var busConnection: BusConnection? { nil }

    func deliverSignal(_ message: BusMessage) {}

    func emitPropertiesChanged(path: ObjectPath, interface: InterfaceName, properties names: [MemberName]) throws {
        let body = try registry.propertiesChangedBody(path: path, interface: interface, properties: names)
        try emitSignal(path: path, interface: .properties, member: WellKnownMembers.propertiesChanged, body)
    }

    func unexport(_ registration: ObjectRegistration) {
        _ = registry.remove(registration)
    }
}
