/// One property of an ``InterfaceDescription``: name, type, access, change behaviour, getter
/// and optional setter.
///
/// DBusKit serves the property through `org.freedesktop.DBus.Properties`:
/// - `Get`/`GetAll` call the getter on the main actor. For `Get`, a thrown error becomes the
///   error reply and a value whose signature differs from ``signature`` is answered with
///   `org.freedesktop.DBus.Error.Failed` naming both; `GetAll` (and `ObjectManager` data) leave
///   such a property out instead, so one failing getter does not hide the others.
/// - `Set` on a property without write access is answered with
///   `org.freedesktop.DBus.Error.PropertyReadOnly`; a value of the wrong type with
///   `InvalidArgs`; otherwise the setter runs, and what it throws becomes the error reply.
///   After a successful `Set`, DBusKit emits `PropertiesChanged` itself when
///   ``changeBehavior`` is ``ChangeBehavior/emitsValue`` or ``ChangeBehavior/invalidates``,
///   so setters must not emit it again.
public struct PropertyDescription: Sendable {
    /// Who may read and write the property.
    public enum Access: Sendable, Hashable {
        /// Readable only.
        case read
        /// Writable only; `Get` and `GetAll` skip or refuse it.
        case write
        /// Readable and writable.
        case readWrite

        /// The introspection value: `read`, `write` or `readwrite`.
        public var introspectionValue: String {
            switch self {
            case .read: return "read"
            case .write: return "write"
            case .readWrite: return "readwrite"
            }
        }

        var isReadable: Bool { self != .write }
        var isWritable: Bool { self != .read }
    }

    /// How changes of the property are announced, the
    /// `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation.
    public enum ChangeBehavior: Sendable, Hashable {
        /// `true` (the default): `PropertiesChanged` carries the new value.
        case emitsValue
        /// `invalidates`: `PropertiesChanged` lists the name without a value.
        case invalidates
        /// `const`: the value never changes while the object exists.
        case constant
        /// `false`: changes are not announced; clients must poll.
        case notEmitted

        /// The annotation value: `true`, `invalidates`, `const` or `false`.
        public var annotationValue: String {
            switch self {
            case .emitsValue: return "true"
            case .invalidates: return "invalidates"
            case .constant: return "const"
            case .notEmitted: return "false"
            }
        }
    }

    /// The property name.
    public var name: MemberName
    /// The property type: exactly one complete type.
    public var signature: Signature
    /// Read, write or both.
    public var access: Access
    /// How changes are announced.
    public var changeBehavior: ChangeBehavior
    /// Whether the property is deprecated (`org.freedesktop.DBus.Deprecated`).
    public var isDeprecated: Bool
    /// Extra annotations for introspection.
    public var annotations: [Annotation]
    let getter: (@MainActor @Sendable () throws -> BusValue)?
    let setter: (@MainActor @Sendable (BusValue) throws -> Void)?

    /// Creates a property. Access follows from the closures given: a getter alone makes it
    /// read-only, a setter as well makes it read-write.
    ///
    /// - Parameters:
    ///   - signature: Exactly one complete type (a programmer error otherwise, which traps).
    ///   - get: Returns the current value; may throw a ``BusError`` to refuse.
    ///   - set: Stores a new value, already checked to have `signature`; may throw a
    ///     ``BusError`` to refuse it.
    public init(
        _ name: MemberName,
        signature: Signature,
        changeBehavior: ChangeBehavior = .emitsValue,
        isDeprecated: Bool = false,
        annotations: [Annotation] = [],
        get: @escaping @MainActor @Sendable () throws -> BusValue,
        set: (@MainActor @Sendable (BusValue) throws -> Void)? = nil
    ) {
        precondition(signature.isSingleCompleteType, "property '\(name)' must have one complete type, not '\(signature)'")
        self.name = name
        self.signature = signature
        self.access = set == nil ? .read : .readWrite
        self.changeBehavior = changeBehavior
        self.isDeprecated = isDeprecated
        self.annotations = annotations
        self.getter = get
        self.setter = set
    }

    /// Creates a write-only property.
    public init(
        writeOnly name: MemberName,
        signature: Signature,
        changeBehavior: ChangeBehavior = .notEmitted,
        isDeprecated: Bool = false,
        annotations: [Annotation] = [],
        set: @escaping @MainActor @Sendable (BusValue) throws -> Void
    ) {
        precondition(signature.isSingleCompleteType, "property '\(name)' must have one complete type, not '\(signature)'")
        self.name = name
        self.signature = signature
        self.access = .write
        self.changeBehavior = changeBehavior
        self.isDeprecated = isDeprecated
        self.annotations = annotations
        self.getter = nil
        self.setter = set
    }
}
