/// An introspection annotation such as `org.freedesktop.DBus.Deprecated = true`.
///
/// Annotations appear in the introspection XML of the element they are attached to. DBusKit
/// adds the standard ones itself from flags (deprecation, no-reply methods, property change
/// behaviour); use this for anything else, such as `org.gtk.GDBus.C.Name`.
public struct Annotation: Sendable, Hashable {
    /// The annotation name, conventionally a reverse-DNS name.
    public var name: String
    /// The annotation value.
    public var value: String

    /// Creates an annotation.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `org.freedesktop.DBus.Deprecated = true`.
    public static let deprecated = Annotation("org.freedesktop.DBus.Deprecated", "true")
    /// `org.freedesktop.DBus.Method.NoReply = true`.
    public static let noReply = Annotation("org.freedesktop.DBus.Method.NoReply", "true")
}
