/// A declarative table of one D-Bus interface: its methods, signals and properties with their
/// handlers, in the manner of an sd-bus vtable.
///
/// One value drives everything about the interface: dispatch of incoming calls with argument
/// checking, `org.freedesktop.DBus.Properties`, `PropertiesChanged`, introspection XML and
/// `ObjectManager` data. Export it with ``BusConnection/export(_:at:)``.
///
/// ```swift
/// let touch = InterfaceDescription("org.scenehost.SceneHost1.Touch",
///     methods: [
///         .method("Tap", inputs: [.init("x", .double), .init("y", .double)],
///                 outputs: [.init("responder", .string)]) { call in
///             [.string(try host.tap(call.arguments))]
///         },
///     ],
///     signals: [SignalDescription("Touch", arguments: [.init("sequence", .uint64)])],
///     properties: [PropertyDescription("ActiveTouches", signature: .uint32) { .uint32(host.count) }])
/// ```
public struct InterfaceDescription: Sendable {
    /// The interface name.
    public var name: InterfaceName
    /// Methods, in introspection order. Names must be unique.
    public var methods: [MethodDescription]
    /// Signals, in introspection order. Names must be unique.
    public var signals: [SignalDescription]
    /// Properties, in introspection order. Names must be unique.
    public var properties: [PropertyDescription]
    /// Whether the whole interface is deprecated (`org.freedesktop.DBus.Deprecated`).
    public var isDeprecated: Bool
    /// Extra annotations on the interface element.
    public var annotations: [Annotation]

    /// Creates an interface description. Duplicate member names are a programmer error and trap.
    public init(
        _ name: InterfaceName,
        methods: [MethodDescription] = [],
        signals: [SignalDescription] = [],
        properties: [PropertyDescription] = [],
        isDeprecated: Bool = false,
        annotations: [Annotation] = []
    ) {
        precondition(Set(methods.map(\.name)).count == methods.count, "interface \(name) declares a method twice")
        precondition(Set(signals.map(\.name)).count == signals.count, "interface \(name) declares a signal twice")
        precondition(
            Set(properties.map(\.name)).count == properties.count, "interface \(name) declares a property twice")
        self.name = name
        self.methods = methods
        self.signals = signals
        self.properties = properties
        self.isDeprecated = isDeprecated
        self.annotations = annotations
    }

    /// The method named `name`, if declared.
    public func method(named name: MemberName) -> MethodDescription? {
        methods.first { $0.name == name }
    }

    /// The property named `name`, if declared.
    public func property(named name: MemberName) -> PropertyDescription? {
        properties.first { $0.name == name }
    }

    /// The signal named `name`, if declared.
    public func signal(named name: MemberName) -> SignalDescription? {
        signals.first { $0.name == name }
    }
}
