import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Cache` at `/org/a11y/atspi/cache`: the whole tree in one reply, which every
/// libatspi client asks for first.
extension AccessibilityBridge {
    /// The cache item signature: object, application, parent, index in parent, child count,
    /// interfaces, name, role, description, states.
    static let cacheItemSignature: Signature = "((so)(so)(so)iiassusau)"

    func cacheInterface() -> InterfaceDescription {
        InterfaceDescription(
            AtspiNames.cache, gate: gate,
            methods: [
                .deferredMethod("GetItems", access: .reads, outputs: [.init(nil, "a((so)(so)(so)iiassusau)")]) { [weak self] _, reply in
                    guard let self else { return reply.fail(BusError.failed("the accessibility bridge is gone")) }
                    guard let remoteCacheItems else { return reply.reply { writer in try self.writeCacheItems(&writer) } }
                    // The scene processes' items after the host's (each process's after its windows' root).
                    remoteCacheItems { [weak self] remote in
                        guard let self else { return reply.fail(BusError.failed("the accessibility bridge is gone")) }
                        reply.reply { writer in try self.writeCacheItems(&writer, adding: remote) }
                    }
                }
            ],
            signals: [
                SignalDescription("AddAccessible", arguments: [.init("nodeAdded", Self.cacheItemSignature)]),
                SignalDescription("RemoveAccessible", arguments: [.init("nodeRemoved", "(so)")]),
            ])
    }

    /// Writes every exposed object made of a view, depth first from the root (whose parent is the
    /// desktop and whose index is -1), as `a((so)(so)(so)iiassusau)`. Gives every view an id. A
    /// table's rows out of view are not written (its child count counts them): they are made only
    /// when a client asks for them [TV-12].
    ///
    /// In the host, the objects of windows a scene process serves are not written (their windows'
    /// processes write them: `remote`, appended). In a scene process the root is not written (the
    /// host writes it).
    func writeCacheItems(_ writer: inout MessageWriter, adding remote: [BusValue] = []) throws {
        flushChanges()
        let root = reference(of: .application)
        var failure: (any Error)?
        let forwarding = forwardedServer != nil
        try writer.appendArray(of: Self.cacheItemSignature) { writer in
            tree.walk { node, parent, index, childCount in
                guard failure == nil else { return }
                if case .application = node, forwarding { return }
                if isRemote(node) { return }
                do {
                    try writer.appendStruct { writer in
                        try writer.append(reference(of: node))
                        try writer.append(root)
                        try writer.append(parent.map { reference(of: $0) } ?? desktop)
                        try writer.append(index)
                        try writer.append(Int32(clamping: childCount))
                        try writer.appendArray(of: .string) { writer in
                            for interface in tree.interfaces(of: node) { try writer.append(interface.rawValue) }
                        }
                        try writer.append(tree.name(of: node))
                        try writer.append(tree.role(of: node).rawValue)
                        try writer.append(tree.description(of: node))
                        try Self.append(tree.states(of: node), to: &writer)
                    }
                } catch {
                    failure = error
                }
            }
            for item in remote where failure == nil {
                do { try writer.append(item) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }
}
