extension BusConnection {
    /// Exports every object below `prefix` (and `prefix` itself) that has no exact registration as
    /// served elsewhere: each call to such a path, whatever its interface (`Introspectable` and
    /// `Properties` included), goes to `forward` whole, as a ``ForwardedCall`` to answer with the
    /// other side's reply. For objects another process serves through this connection, as a scene
    /// process serves its accessible objects through the host's.
    ///
    /// Forwarding subtrees nest with resolving ones (``exportSubtree(at:resolve:)``): the deepest
    /// prefix wins. `forward` runs on the main actor, in the order calls are served.
    ///
    /// - Throws: ``BusError/Code-swift.struct/alreadyExported`` when a subtree is already exported at
    ///   `prefix`.
    @discardableResult
    public func exportForwardingSubtree(at prefix: ObjectPath, forward: @escaping @MainActor (ForwardedCall) -> Void) throws
        -> ObjectRegistration
    {
        try ensureConnected("export a forwarding subtree at \(prefix)")
        try registry.checkSubtree(at: prefix)
        let registration = ObjectRegistration(path: prefix, interfaces: [], kind: .subtree, owner: self, object: nil)
        registry.addSubtree(
            ObjectRegistry.Subtree(owner: ObjectIdentifier(registration), resolve: { _ in nil }, forward: forward), at: prefix,
            registration: registration)
        return registration
    }

    /// Emits a signal made elsewhere, given as its wire bytes (as a ``LocalObjectServer`` sends
    /// them): the same path, interface, member, destination and body, with a serial of this
    /// connection's. It keeps the order and holding of
    /// ``emitSignal(path:interface:member:destination:_:)``.
    ///
    /// - Throws: ``BusError/Code-swift.struct/invalidValue`` when the bytes are not a valid message
    ///   or not a signal; ``BusError/Code-swift.struct/disconnected`` after disconnection.
    public func emitSignal(forwarding wire: [UInt8]) throws {
        try ensureConnected("emit a forwarded signal")
        let signal = try BusMessage(wireBytes: wire)
        guard signal.kind == .signal else {
            throw BusError(code: .invalidValue, name: .failed, message: "the forwarded message is a \(signal.kind), not a signal")
        }
        try sendSignal(try signal.unsentCopy())
    }
}
