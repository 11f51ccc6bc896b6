/// One method of an ``InterfaceDescription``: its name, typed arguments, flags and handler.
///
/// Create methods with the static factories, which differ in how the handler answers:
///
/// | factory | the handler… |
/// |---|---|
/// | ``method(_:inputs:outputs:flags:annotations:handler:)`` | returns the reply values |
/// | ``writingMethod(_:inputs:outputs:flags:annotations:handler:)`` | writes the reply with a ``MessageWriter`` |
/// | ``deferredMethod(_:inputs:outputs:flags:annotations:handler:)`` | answers later through a ``DeferredReply`` |
/// | ``asyncMethod(_:inputs:outputs:flags:annotations:handler:)`` | is `async` and returns the values when done |
///
/// In every case DBusKit checks the incoming arguments against `inputs` before the handler
/// runs (a mismatch is answered with `org.freedesktop.DBus.Error.InvalidArgs` naming both
/// signatures) and checks the reply against `outputs` (a mismatch is answered with
/// `org.freedesktop.DBus.Error.Failed` naming both, since it is a bug in the handler). A
/// thrown ``BusError`` becomes an error reply with its name and message; any other thrown
/// error becomes `org.freedesktop.DBus.Error.Failed` with its description. Handlers run on the
/// main actor, one at a time, in the order calls arrive.
public struct MethodDescription: Sendable {
    /// Options that change how a method is introspected and answered.
    public struct Flags: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt8

        /// Creates flags from raw bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// The method never replies (`org.freedesktop.DBus.Method.NoReply`); whatever the
        /// handler returns or throws is dropped. Callers should send with no reply expected.
        public static let noReply = Flags(rawValue: 1 << 0)
        /// The method is deprecated (`org.freedesktop.DBus.Deprecated`); introspection only.
        public static let deprecated = Flags(rawValue: 1 << 1)
    }

    enum Handler: Sendable {
        case values(@MainActor @Sendable (MethodCall) throws -> [BusValue])
        case writer(@MainActor @Sendable (MethodCall, inout MessageWriter) throws -> Void)
        case deferred(@MainActor @Sendable (MethodCall, DeferredReply) -> Void)
        case async(@MainActor @Sendable (MethodCall) async throws -> [BusValue])
        /// Standard interfaces answered by DBusKit or libdbus itself; never called.
        case builtin
    }

    /// The method name.
    public var name: MemberName
    /// The input arguments, in order.
    public var inputs: [ArgumentDescription]
    /// The output arguments, in order.
    public var outputs: [ArgumentDescription]
    /// Flags.
    public var flags: Flags
    /// Extra annotations for introspection.
    public var annotations: [Annotation]
    let handler: Handler

    init(
        _ name: MemberName,
        inputs: [ArgumentDescription],
        outputs: [ArgumentDescription],
        flags: Flags,
        annotations: [Annotation],
        handler: Handler
    ) {
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
        self.flags = flags
        self.annotations = annotations
        self.handler = handler
    }

    /// The concatenated input signature, e.g. `udd`.
    public var inputSignature: Signature {
        inputs.signature
    }

    /// The concatenated output signature, e.g. `tos`.
    public var outputSignature: Signature {
        outputs.signature
    }

    /// A method whose handler returns the reply values (or throws).
    public static func method(
        _ name: MemberName,
        inputs: [ArgumentDescription] = [],
        outputs: [ArgumentDescription] = [],
        flags: Flags = [],
        annotations: [Annotation] = [],
        handler: @escaping @MainActor @Sendable (MethodCall) throws -> [BusValue]
    ) -> MethodDescription {
        MethodDescription(
            name, inputs: inputs, outputs: outputs, flags: flags, annotations: annotations, handler: .values(handler))
    }

    /// A method whose handler writes the reply values with a ``MessageWriter`` (no
    /// ``BusValue`` allocation), or throws.
    public static func writingMethod(
        _ name: MemberName,
        inputs: [ArgumentDescription] = [],
        outputs: [ArgumentDescription] = [],
        flags: Flags = [],
        annotations: [Annotation] = [],
        handler: @escaping @MainActor @Sendable (MethodCall, inout MessageWriter) throws -> Void
    ) -> MethodDescription {
        MethodDescription(
            name, inputs: inputs, outputs: outputs, flags: flags, annotations: annotations, handler: .writer(handler))
    }

    /// A method that answers later: the handler receives a ``DeferredReply`` and must call one
    /// of its answering methods exactly once, now or at any later time on the main actor.
    ///
    /// If the last reference to the `DeferredReply` goes away unanswered, the caller receives
    /// `org.freedesktop.DBus.Error.Failed` saying so.
    public static func deferredMethod(
        _ name: MemberName,
        inputs: [ArgumentDescription] = [],
        outputs: [ArgumentDescription] = [],
        flags: Flags = [],
        annotations: [Annotation] = [],
        handler: @escaping @MainActor @Sendable (MethodCall, DeferredReply) -> Void
    ) -> MethodDescription {
        MethodDescription(
            name, inputs: inputs, outputs: outputs, flags: flags, annotations: annotations, handler: .deferred(handler))
    }

    /// A method whose handler is `async`: it starts in a new main-actor task when the call
    /// arrives, and its result (or thrown error) is sent when it finishes. Other calls are
    /// handled while it is suspended, so replies can go out in a different order than calls
    /// came in.
    public static func asyncMethod(
        _ name: MemberName,
        inputs: [ArgumentDescription] = [],
        outputs: [ArgumentDescription] = [],
        flags: Flags = [],
        annotations: [Annotation] = [],
        handler: @escaping @MainActor @Sendable (MethodCall) async throws -> [BusValue]
    ) -> MethodDescription {
        MethodDescription(
            name, inputs: inputs, outputs: outputs, flags: flags, annotations: annotations, handler: .async(handler))
    }

    static func builtin(
        _ name: MemberName,
        inputs: [ArgumentDescription] = [],
        outputs: [ArgumentDescription] = []
    ) -> MethodDescription {
        MethodDescription(name, inputs: inputs, outputs: outputs, flags: [], annotations: [], handler: .builtin)
    }
}
