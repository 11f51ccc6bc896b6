/// The object-registry role of a ``BusConnection``: the objects it exports — exact paths, subtrees
/// answered by a resolver, and object-manager paths — and what is read from them (introspection,
/// properties). Dispatch-time lookups are dictionary lookups; listing children walks all paths
/// (introspection only). Shared by the connection (which adds and removes) and its
/// ``MethodDispatcher`` (which looks up).
@MainActor
final class ObjectRegistry {
    struct Node {
        var interfaces: [CompiledInterface] = []
        var owners: [ObjectIdentifier: [InterfaceName]] = [:]

        func interface(named name: InterfaceName) -> CompiledInterface? {
            interfaces.first { $0.name == name }
        }
    }

    struct Subtree {
        let owner: ObjectIdentifier
        let resolve: @MainActor (ObjectPath) -> [CompiledInterface]?
        /// Set for a forwarding subtree: every call below it goes here whole, whatever its interface
        /// (``BusConnection/exportForwardingSubtree(at:forward:)``).
        var forward: (@MainActor (ForwardedCall) -> Void)? = nil
    }

    private(set) var nodes: [ObjectPath: Node] = [:]
    private(set) var subtrees: [ObjectPath: Subtree] = [:]
    private(set) var managers: [ObjectPath: ObjectIdentifier] = [:]
    private(set) var registrations: [ObjectIdentifier: ObjectRegistration] = [:]

    func removeAll() {
        for registration in registrations.values {
            registration.markUnexported()
        }
        nodes.removeAll()
        subtrees.removeAll()
        managers.removeAll()
        registrations.removeAll()
    }

    // MARK: Adding and removing
    //
    // Each `add…` must follow its `check…` (no suspension between them): the check throws what the
    // public export call documents, the add then cannot fail.

    /// Throws unless `names` can be exported at `path`: no standard interface (DBusKit answers
    /// those itself), no name twice, none already exported there.
    func checkObject(_ names: [InterfaceName], at path: ObjectPath) throws(BusError) {
        if let reserved = names.first(where: { StandardInterfaces.reservedNames.contains($0) }) {
            throw BusError.invalidArguments(
                "cannot export \(reserved) at \(path): DBusKit answers the standard interfaces itself; "
                    + "remove it from the list (use addObjectManager(at:) for ObjectManager)")
        }
        if Set(names).count != names.count {
            throw BusError.invalidArguments("the interfaces exported at \(path) name the same interface twice: \(names)")
        }
        if let existing = nodes[path], let clash = names.first(where: { existing.interface(named: $0) != nil }) {
            throw BusError(
                code: .alreadyExported, name: .failed,
                message: "\(clash) is already exported at \(path); unexport the earlier registration first")
        }
    }

    /// Throws unless no subtree is exported at `prefix`.
    func checkSubtree(at prefix: ObjectPath) throws(BusError) {
        if subtrees[prefix] != nil {
            throw BusError(
                code: .alreadyExported, name: .failed,
                message: "a subtree is already exported at \(prefix); unexport it first")
        }
    }

    /// Throws unless no object manager serves `path`.
    func checkManager(at path: ObjectPath) throws(BusError) {
        if managers[path] != nil {
            throw BusError(
                code: .alreadyExported, name: .failed,
                message: "an object manager already serves \(path); remove it first")
        }
    }

    /// Adds interfaces at `path`; returns whether the object is new at that path.
    func addObject(_ interfaces: [CompiledInterface], at path: ObjectPath, registration: ObjectRegistration)
        -> Bool
    {
        let id = ObjectIdentifier(registration)
        var node = nodes[path] ?? Node()
        let isNew = nodes[path] == nil
        node.interfaces += interfaces
        node.owners[id] = interfaces.map(\.name)
        nodes[path] = node
        registrations[id] = registration
        return isNew
    }

    func addSubtree(_ subtree: Subtree, at prefix: ObjectPath, registration: ObjectRegistration) {
        subtrees[prefix] = subtree
        registrations[ObjectIdentifier(registration)] = registration
    }

    func addManager(at path: ObjectPath, registration: ObjectRegistration) {
        managers[path] = ObjectIdentifier(registration)
        registrations[ObjectIdentifier(registration)] = registration
    }

    /// Removes what `registration` added; returns the interfaces removed from an object and
    /// whether the object is gone entirely.
    func remove(_ registration: ObjectRegistration) -> (interfaces: [InterfaceName], objectGone: Bool)? {
        let id = ObjectIdentifier(registration)
        guard registrations.removeValue(forKey: id) != nil else {
            return nil
        }
        let path = registration.path
        switch registration.kind {
        case .object:
            guard var node = nodes[path], let names = node.owners.removeValue(forKey: id) else {
                return nil
            }
            node.interfaces.removeAll { names.contains($0.name) }
            if node.owners.isEmpty {
                nodes[path] = nil
                return (names, true)
            }
            nodes[path] = node
            return (names, false)
        case .subtree:
            if subtrees[path]?.owner == id {
                subtrees[path] = nil
            }
            return nil
        case .objectManager:
            if managers[path] == id {
                managers[path] = nil
            }
            return nil
        }
    }

    /// The interfaces of the object at `path`: an exact registration, or the deepest subtree
    /// whose resolver answers for it.
    func resolve(_ path: ObjectPath) -> [CompiledInterface]? {
        if let node = nodes[path] {
            return node.interfaces
        }
        guard !subtrees.isEmpty else {
            return nil
        }
        var candidate: ObjectPath? = path
        while let current = candidate {
            if let subtree = subtrees[current] {
                return subtree.resolve(path)
            }
            candidate = current.parent
        }
        return nil
    }

    /// The forwarder of the deepest subtree holding `path`, when that subtree forwards and no object
    /// is exported at `path` itself.
    func forwarder(for path: ObjectPath) -> (@MainActor (ForwardedCall) -> Void)? {
        guard nodes[path] == nil, !subtrees.isEmpty else { return nil }
        var candidate: ObjectPath? = path
        while let current = candidate {
            if let subtree = subtrees[current] { return subtree.forward }
            candidate = current.parent
        }
        return nil
    }

    /// Names of the direct children of `path` that lead to exported objects, subtrees or
    /// managers, sorted.
    func children(of path: ObjectPath) -> [String] {
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        var names: Set<String> = []
        for candidate in Array(nodes.keys) + Array(subtrees.keys) + Array(managers.keys) {
            let raw = candidate.rawValue
            guard raw.count > prefix.count, raw.hasPrefix(prefix) else {
                continue
            }
            let rest = raw.dropFirst(prefix.count)
            names.insert(String(rest.prefix { $0 != "/" }))
        }
        return names.sorted()
    }

    /// Exported object paths strictly below `path` (for `GetManagedObjects`), sorted.
    func objects(below path: ObjectPath) -> [ObjectPath] {
        nodes.keys.filter { $0 != path && $0.isDescendant(ofOrEqualTo: path) }.sorted()
    }

    /// Object-manager paths that `path` lies strictly below.
    func managers(above path: ObjectPath) -> [ObjectPath] {
        managers.keys.filter { $0 != path && path.isDescendant(ofOrEqualTo: $0) }.sorted()
    }
}
