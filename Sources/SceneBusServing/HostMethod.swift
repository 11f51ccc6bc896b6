package import DBusKit

/// A method of one of the host's interfaces (the host API, MPRIS, AT-SPI), declared with what it does
/// to the host.
///
/// The factories mirror DBusKit's ``MethodDescription`` factories and add one required argument,
/// `access`: whether the method only reads (``MemberAccess/reads``) or injects input and changes
/// state (``MemberAccess/changes``). There is no default, so a new method cannot be added without
/// deciding; ``InputGate`` turns the declaration into the `MethodDescription` it exports, refusing
/// changing calls as the input policy says and annotating the method for introspection.
package struct HostMethod: Sendable {
    enum Handler: Sendable {
        case values(@MainActor @Sendable (MethodCall) throws -> [BusValue])
        case writer(@MainActor @Sendable (MethodCall, inout MessageWriter) throws -> Void)
        case deferred(@MainActor @Sendable (MethodCall, DeferredReply) -> Void)
    }

    let name: MemberName
    let access: MemberAccess
    let inputs: [ArgumentDescription]
    let outputs: [ArgumentDescription]
    let handler: Handler

    /// A method whose handler returns the reply values (or throws).
    package static func method(
        _ name: MemberName, access: MemberAccess, inputs: [ArgumentDescription] = [], outputs: [ArgumentDescription] = [],
        handler: @escaping @MainActor @Sendable (MethodCall) throws -> [BusValue]
    ) -> HostMethod {
        HostMethod(name: name, access: access, inputs: inputs, outputs: outputs, handler: .values(handler))
    }

    /// A method whose handler writes the reply values with a `MessageWriter` (or throws).
    package static func writingMethod(
        _ name: MemberName, access: MemberAccess, inputs: [ArgumentDescription] = [], outputs: [ArgumentDescription] = [],
        handler: @escaping @MainActor @Sendable (MethodCall, inout MessageWriter) throws -> Void
    ) -> HostMethod {
        HostMethod(name: name, access: access, inputs: inputs, outputs: outputs, handler: .writer(handler))
    }

    /// A method that answers later through its `DeferredReply` (exactly once).
    package static func deferredMethod(
        _ name: MemberName, access: MemberAccess, inputs: [ArgumentDescription] = [], outputs: [ArgumentDescription] = [],
        handler: @escaping @MainActor @Sendable (MethodCall, DeferredReply) -> Void
    ) -> HostMethod {
        HostMethod(name: name, access: access, inputs: inputs, outputs: outputs, handler: .deferred(handler))
    }
}

/// A writable property of one of the host's interfaces, declared with what a write does to the host
/// (see ``HostMethod``). Read-only properties stay plain `PropertyDescription`s: reading is always
/// allowed. ``InputGate`` refuses writable `PropertyDescription`s that did not come from here.
package struct HostProperty: Sendable {
    let name: MemberName
    let signature: Signature
    let access: MemberAccess
    let changeBehavior: PropertyDescription.ChangeBehavior
    let get: @MainActor @Sendable () throws -> BusValue
    let set: @MainActor @Sendable (BusValue) throws -> Void

    package init(
        _ name: MemberName, signature: Signature, access: MemberAccess, changeBehavior: PropertyDescription.ChangeBehavior = .emitsValue,
        get: @escaping @MainActor @Sendable () throws -> BusValue, set: @escaping @MainActor @Sendable (BusValue) throws -> Void
    ) {
        self.name = name
        self.signature = signature
        self.access = access
        self.changeBehavior = changeBehavior
        self.get = get
        self.set = set
    }
}
