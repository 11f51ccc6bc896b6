public import DBusKit

/// What a D-Bus method or property write does to the host: the one question the input policy asks.
///
/// Every member the host serves declares it where it is declared (``HostMethod``,
/// ``HostProperty``), and introspection shows it as the annotation ``annotationName``.
public enum MemberAccess: String, Sendable, Hashable, CaseIterable {
    /// Reads the model or the host (trees, hit tests without delivery, descriptions, properties), or
    /// keeps protocol bookkeeping that changes nothing the scenes show or do (the AT-SPI registry
    /// setting the application's `Id`).
    case reads
    /// Injects input (touches, gestures, keys, motion, remote control, accessibility actions) or
    /// changes state (key window, first responder, scene life-cycle, plugins, control values).
    case changes

    /// The introspection annotation carrying the access: `org.scenehost.Access`, `reads` or `changes`.
    public static let annotationName = "org.scenehost.Access"

    /// The annotation for introspection.
    public var annotation: Annotation {
        Annotation(Self.annotationName, rawValue)
    }
}
