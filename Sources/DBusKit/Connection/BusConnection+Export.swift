extension BusConnection {
    /// Exports an object made of `interfaces` at `path`.
    ///
    /// From now on, calls to the object are dispatched to the handlers in the tables (see
    /// ``MethodDescription``), `Introspect` and `org.freedesktop.DBus.Properties` are answered
    /// for it, it appears in its parent's introspection, and every object manager above `path`
    /// emits `InterfacesAdded`. `org.freedesktop.DBus.Peer` (`Ping`, `GetMachineId`) needs no
    /// export: libdbus answers it on every connection, for any path, before DBusKit sees the
    /// call. Several registrations may share a path as long as
    /// their interfaces differ. Exporting is a dictionary insertion, cheap enough to do for
    /// every window as it appears.
    ///
    /// - Returns: The registration; keep it to ``ObjectRegistration/unexport()`` later.
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/alreadyExported`` when one
    ///   of the interfaces is already exported at `path`; with code
    ///   ``BusError/Code-swift.struct/invalidArguments`` when the list names an interface twice
    ///   or names a standard interface (`Peer`, `Introspectable`, `Properties`, `ObjectManager`),
    ///   which DBusKit provides itself.
    @discardableResult
    public func export(_ interfaces: [InterfaceDescription], at path: ObjectPath) throws -> ObjectRegistration {
        try export(interfaces, at: path, retaining: nil)
    }

    /// Exports `object` at `path`, reading its ``ExportedObject/interfaces`` once, and keeps
    /// the object alive until the registration is unexported.
    ///
    /// See ``export(_:at:)-([InterfaceDescription],_)`` for what exporting does and throws.
    @discardableResult
    public func export(_ object: some ExportedObject, at path: ObjectPath) throws -> ObjectRegistration {
        try export(object.interfaces, at: path, retaining: object)
    }

    private func export(_ interfaces: [InterfaceDescription], at path: ObjectPath, retaining object: (any ExportedObject)?)
        throws -> ObjectRegistration
    {
        try ensureConnected("export an object at \(path)")
        let names = interfaces.map(\.name)
        try registry.checkObject(names, at: path)
        let compiled = interfaces.map(CompiledInterface.init)
        let registration = ObjectRegistration(
            path: path, interfaces: names, kind: .object, owner: self, object: object)
        let isNewObject = registry.addObject(compiled, at: path, registration: registration)
        emitInterfacesAdded(at: path, interfaces: compiled, includingStandard: isNewObject)
        return registration
    }

    /// Exports every object below `prefix` (and `prefix` itself) that has no exact
    /// registration, answering each path with the interfaces `resolve` returns for it.
    ///
    /// `resolve` runs on the main actor for every call to such a path; return `nil` for paths
    /// that do not exist (callers get `UnknownObject`). Build the descriptions with handlers
    /// that capture the path. Subtree objects cannot be enumerated: they do not appear as
    /// introspection children or in `GetManagedObjects`. Nested subtrees are allowed; the
    /// deepest prefix wins.
    ///
    /// - Throws: ``BusError/Code-swift.struct/alreadyExported`` when a subtree is already
    ///   exported at `prefix`.
    @discardableResult
    public func exportSubtree(
        at prefix: ObjectPath,
        resolve: @escaping @MainActor (ObjectPath) -> [InterfaceDescription]?
    ) throws -> ObjectRegistration {
        try exportSubtree(at: prefix, compiled: { path in resolve(path)?.map(CompiledInterface.init) })
    }

    /// Like ``exportSubtree(at:resolve:)``, but `resolve` answers with interface tables it compiled
    /// once (``CompiledInterfaces``) and may keep between calls: a subtree with many calls to the same
    /// objects then pays for describing and indexing each object's interfaces once, not per call.
    /// The resolver decides when a kept table is stale (it must build a new one when the object's
    /// interfaces change).
    @discardableResult
    public func exportSubtree(
        at prefix: ObjectPath,
        resolveCompiled resolve: @escaping @MainActor (ObjectPath) -> CompiledInterfaces?
    ) throws -> ObjectRegistration {
        try exportSubtree(at: prefix, compiled: { path in resolve(path)?.interfaces })
    }

    private func exportSubtree(at prefix: ObjectPath, compiled resolve: @escaping @MainActor (ObjectPath) -> [CompiledInterface]?) throws
        -> ObjectRegistration
    {
        try ensureConnected("export a subtree at \(prefix)")
        try registry.checkSubtree(at: prefix)
        let registration = ObjectRegistration(path: prefix, interfaces: [], kind: .subtree, owner: self, object: nil)
        registry.addSubtree(
            ObjectRegistry.Subtree(owner: ObjectIdentifier(registration), resolve: resolve), at: prefix,
            registration: registration)
        return registration
    }

    /// Serves `org.freedesktop.DBus.ObjectManager` at `path`.
    ///
    /// `GetManagedObjects` returns every exported object strictly below `path` with all its
    /// interfaces and readable properties (properties whose getter throws are left out). From
    /// now on, exporting or unexporting objects below `path` emits `InterfacesAdded` /
    /// `InterfacesRemoved` from `path`. Put it at the service's root path, such as
    /// `/org/scenehost/SceneHost1`, rather than `/`.
    ///
    /// - Throws: ``BusError/Code-swift.struct/alreadyExported`` when a manager already serves
    ///   `path`.
    @discardableResult
    public func addObjectManager(at path: ObjectPath) throws -> ObjectRegistration {
        try ensureConnected("add an object manager at \(path)")
        try registry.checkManager(at: path)
        let registration = ObjectRegistration(
            path: path, interfaces: [.objectManager], kind: .objectManager, owner: self, object: nil)
        registry.addManager(at: path, registration: registration)
        return registration
    }

    func unexport(_ registration: ObjectRegistration) {
        guard let removed = registry.remove(registration) else {
            return
        }
        emitInterfacesRemoved(
            at: registration.path,
            interfaces: removed.objectGone
                ? [InterfaceName.peer, .introspectable, .properties] + removed.interfaces : removed.interfaces)
    }

    /// Emits `PropertiesChanged` for properties of an exported object, reading current values
    /// through the getters.
    ///
    /// Properties declared ``PropertyDescription/ChangeBehavior/emitsValue`` go into the
    /// changed dictionary with their value; ``PropertyDescription/ChangeBehavior/invalidates``
    /// ones are listed as invalidated, without a value.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidArguments`` when no
    ///   object or interface is exported there, a name is not a property of the interface, or a
    ///   property is declared `const` or `false` (it must not be announced); a getter's error;
    ///   ``BusError/Code-swift.struct/disconnected``.
    public func emitPropertiesChanged(path: ObjectPath, interface: InterfaceName, properties names: [MemberName]) throws {
        let body = try registry.propertiesChangedBody(path: path, interface: interface, properties: names)
        try emitSignal(path: path, interface: .properties, member: WellKnownMembers.propertiesChanged, body)
    }

    // MARK: ObjectManager signals

    private func emitInterfacesAdded(at path: ObjectPath, interfaces: [CompiledInterface], includingStandard: Bool) {
        let managers = registry.managers(above: path)
        guard !managers.isEmpty else {
            return
        }
        for manager in managers {
            try? emitSignal(path: manager, interface: .objectManager, member: WellKnownMembers.interfacesAdded) { writer in
                try writer.append(path)
                try registry.writeInterfacesAndProperties(&writer, interfaces, includingStandard: includingStandard)
            }
        }
    }

    private func emitInterfacesRemoved(at path: ObjectPath, interfaces: [InterfaceName]) {
        for manager in registry.managers(above: path) {
            try? emitSignal(path: manager, interface: .objectManager, member: WellKnownMembers.interfacesRemoved) { writer in
                try writer.append(path)
                try writer.appendArray(of: .string) { writer in
                    for name in interfaces {
                        try writer.append(name.rawValue)
                    }
                }
            }
        }
    }
}
