/// A type that describes itself as a D-Bus object through interface tables.
///
/// ``BusConnection/export(_:at:)-(ExportedObject,_)`` reads ``interfaces`` once, at export
/// time, and keeps the object alive until the registration is unexported. Handlers in the
/// tables typically capture the object; capture it `unowned` or `weak` if the object also
/// holds its ``ObjectRegistration``, to avoid a reference cycle.
@MainActor
public protocol ExportedObject {
    /// The interfaces this object implements. Read once when exported.
    var interfaces: [InterfaceDescription] { get }
}
