import DBusKit
import SceneBusContract
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Accessible` (every object) and `org.a11y.atspi.Application` (the root), and the
/// resolver that answers every path below `/org/a11y/atspi/accessible`.
extension AccessibilityBridge {
    /// The interfaces of the object at `path`, compiled for dispatch, or nil (`UnknownObject`) when
    /// it names nothing. Pending model changes are announced first, so a client never reads a state
    /// that its next event would contradict.
    ///
    /// The tables are made on the first call to an object and kept (``compiledObjects``; a row out of
    /// view's in ``compiledRows``, the most recent rows only) while its set of interfaces stays the same (checked on every call: a few type tests), so later calls
    /// pay for the lookup only. Handlers read the model when they run, so a kept table never answers
    /// stale values. Objects that leave the tree are dropped with it (``flushChanges()``).
    func compiledInterfaces(at path: ObjectPath) -> CompiledInterfaces? {
        flushChanges()
        guard let node = tree.node(at: path) else {
            compiledObjects[path] = nil
            return nil
        }
        // A table's rows out of view: the most recent ones are kept (a row's interfaces never change).
        if case .row = node {
            if let kept = compiledRows.tables(at: path) { return kept }
            let compiled = CompiledInterfaces(interfaces(of: node))
            compiledRows.keep(compiled, at: path)
            return compiled
        }
        let names = tree.interfaces(of: node)
        if let kept = compiledObjects[path], kept.names == names { return kept.compiled }
        let compiled = CompiledInterfaces(interfaces(of: node))
        compiledObjects[path] = (names, compiled)
        return compiled
    }

    /// The interface tables of `node`, in the order of ``AccessibleTree/interfaces(of:)``.
    func interfaces(of node: AccessibleNode) -> [InterfaceDescription] {
        var interfaces = [accessibleInterface(node)]
        switch node {
        case .application:
            interfaces.append(applicationInterface())
        case .view(let view):
            interfaces.append(componentInterface(view))
            if tree.hasClickAction(view) { interfaces.append(actionInterface(view)) }
            if let slider = view as? Slider { interfaces.append(valueInterface(slider)) }
            if view is Label || view is TextField {
                interfaces.append(textInterface(at: tree.path(of: view)) { view })
            } else if let cell = view as? TableViewCell, tree.tableRow(of: node) != nil {
                interfaces.append(textInterface(at: tree.path(of: view)) { [weak cell] in cell?.textLabel })
            }
            if let field = view as? TextField { interfaces.append(editableTextInterface(field)) }
            if view.accessibilityRole == .table { interfaces.append(tableInterface(view)) }
            if let table = view as? TableView { interfaces.append(selectionInterface(table)) }
            if let image = view as? ImageView { interfaces.append(imageInterface(image)) }
        case .row(let table, let row):
            interfaces.append(rowComponentInterface(table, row))
            interfaces.append(rowActionInterface(table, row))
            interfaces.append(
                textInterface(at: tree.path(of: node), reveal: { [weak table] in table?.scrollRowIntoView(row)?.textLabel }) { [weak table] in
                    table?.withCell(forRowAt: row) { $0.textLabel }
                })
        }
        return interfaces
    }

    /// Runs `body` for a D-Bus handler: an ``AccessibilityError`` becomes its D-Bus error reply.
    func answering<T>(_ body: () throws(AccessibilityError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw error.busError
        }
    }

    // MARK: Accessible

    func accessibleInterface(_ node: AccessibleNode) -> InterfaceDescription {
        InterfaceDescription(
            AtspiNames.accessible, gate: gate,
            methods: [
                .writingMethod("GetChildAtIndex", access: .reads, inputs: [.init("index", .int32)], outputs: [.init(nil, "(so)")]) { call, writer in
                    let index = try call.read { reader in try reader.readInt32() }
                    let child = try self.answering { () throws(AccessibilityError) in try self.tree.child(of: node, at: index) }
                    try writer.append(self.reference(of: child))
                },
                .writingMethod("GetChildren", access: .reads, outputs: [.init(nil, "a(so)")]) { _, writer in
                    let children = self.tree.childNodes(of: node)
                    try writer.appendArray(of: "(so)") { writer in
                        for child in children { try writer.append(self.reference(of: child)) }
                    }
                },
                .method("GetIndexInParent", access: .reads, outputs: [.init(nil, .int32)]) { _ in [.int32(self.tree.indexInParent(of: node))] },
                .writingMethod("GetRelationSet", access: .reads, outputs: [.init(nil, "a(ua(so))")]) { _, writer in
                    try writer.appendArray(of: "(ua(so))") { _ in }
                },
                .method("GetRole", access: .reads, outputs: [.init(nil, .uint32)]) { _ in [.uint32(self.tree.role(of: node).rawValue)] },
                .method("GetRoleName", access: .reads, outputs: [.init(nil, .string)]) { _ in [.string(self.tree.role(of: node).name)] },
                .method("GetLocalizedRoleName", access: .reads, outputs: [.init(nil, .string)]) { _ in [.string(self.tree.role(of: node).name)] },
                .writingMethod("GetState", access: .reads, outputs: [.init(nil, "au")]) { _, writer in
                    try Self.append(self.tree.states(of: node), to: &writer)
                },
                .writingMethod("GetAttributes", access: .reads, outputs: [.init(nil, "a{ss}")]) { _, writer in
                    let attributes = self.tree.attributes(of: node)
                    try writer.appendDictionary(key: .string, value: .string) { writer in
                        for (key, value) in attributes {
                            try writer.appendDictEntry { writer in
                                try writer.append(key)
                                try writer.append(value)
                            }
                        }
                    }
                },
                .writingMethod("GetApplication", access: .reads, outputs: [.init(nil, "(so)")]) { _, writer in
                    try writer.append(self.reference(of: .application))
                },
                .method("GetInterfaces", access: .reads, outputs: [.init(nil, "as")]) { _ in
                    [.stringArray(self.tree.interfaces(of: node).map(\.rawValue))]
                },
            ],
            properties: [
                Self.property("Name", .string) { .string(self.tree.name(of: node)) },
                Self.property("Description", .string) { .string(self.tree.description(of: node)) },
                Self.property("Parent", "(so)") { self.parentReference(of: node).busValue },
                Self.property("ChildCount", .int32) { .int32(Int32(clamping: self.tree.childCount(of: node))) },
                Self.property("Locale", .string) { .string(AtspiNames.locale) },
                Self.property("AccessibleId", .string) { .string(self.tree.accessibleID(of: node)) },
                Self.property("HelpText", .string) { .string("") },
            ])
    }

    // MARK: Application

    func applicationInterface() -> InterfaceDescription {
        InterfaceDescription(
            AtspiNames.application, gate: gate,
            methods: [
                .method("GetLocale", access: .reads, inputs: [.init("lctype", .uint32)], outputs: [.init(nil, .string)]) { _ in
                    [.string(AtspiNames.locale)]
                },
                // "" declines a peer-to-peer connection: clients keep using the accessibility bus.
                .method("GetApplicationBusAddress", access: .reads, outputs: [.init(nil, .string)]) { _ in [.string("")] },
            ],
            properties: [
                Self.property("ToolkitName", .string) { .string(AtspiNames.toolkitName) },
                Self.property("Version", .string) { .string(SceneBusContract.version) },
                Self.property("ToolkitVersion", .string) { .string(SceneBusContract.version) },
                Self.property("AtspiVersion", .string) { .string(AtspiNames.atspiVersion) },
                Self.property("InterfaceVersion", .uint32) { .uint32(1) },
                // The registry numbers the application while embedding it: bookkeeping, not input.
                gate.property(
                    HostProperty(
                        "Id", signature: .int32, access: .reads, changeBehavior: .notEmitted, get: { .int32(self.applicationID) },
                        set: { value in self.applicationID = value.int32Value ?? self.applicationID }),
                    of: AtspiNames.application),
            ])
    }

    // MARK: Helpers

    /// A read-only AT-SPI property: AT-SPI announces changes with its own events, never with
    /// `PropertiesChanged`.
    static func property(
        _ name: MemberName, _ signature: Signature, get: @escaping @MainActor @Sendable () throws -> BusValue
    ) -> PropertyDescription {
        PropertyDescription(name, signature: signature, changeBehavior: .notEmitted, get: get)
    }

    /// Appends a state set as `au`: two words.
    static func append(_ states: AtspiStateSet, to writer: inout MessageWriter) throws {
        try writer.appendArray(of: .uint32) { writer in
            for word in states.words { try writer.append(word) }
        }
    }
}
