/// One signal of an ``InterfaceDescription``: its name and typed arguments.
///
/// The description feeds introspection; emitting is done with
/// ``BusConnection/emitSignal(path:interface:member:destination:_:)``, which does not check the
/// arguments against this description (the hot path stays free of lookups).
public struct SignalDescription: Sendable, Hashable {
    /// The signal name.
    public var name: MemberName
    /// The arguments, in order.
    public var arguments: [ArgumentDescription]
    /// Whether the signal is deprecated (`org.freedesktop.DBus.Deprecated`).
    public var isDeprecated: Bool
    /// Extra annotations for introspection.
    public var annotations: [Annotation]

    /// Creates a signal description.
    public init(
        _ name: MemberName,
        arguments: [ArgumentDescription] = [],
        isDeprecated: Bool = false,
        annotations: [Annotation] = []
    ) {
        self.name = name
        self.arguments = arguments
        self.isDeprecated = isDeprecated
        self.annotations = annotations
    }

    /// The concatenated argument signature.
    public var signature: Signature {
        arguments.signature
    }
}
