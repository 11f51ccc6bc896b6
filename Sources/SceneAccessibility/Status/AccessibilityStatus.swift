/// What the desktop says about assistive technology: at-spi2-core's `org.a11y.Status` object on the
/// session bus (`org.a11y.Bus`, `/org/a11y/bus`), whose two read-write properties screen readers and
/// settings panels set.
public struct AccessibilityStatus: Sendable, Equatable, CustomStringConvertible {
    /// `IsEnabled`: some assistive technology is in use (Orca sets it when it starts; GNOME's
    /// `toolkit-accessibility` setting).
    public var isEnabled: Bool
    /// `ScreenReaderEnabled`: a screen reader is running (removed in at-spi2-core after 2.46, where
    /// `IsEnabled` alone says it; read when present).
    public var screenReaderEnabled: Bool

    public init(isEnabled: Bool = false, screenReaderEnabled: Bool = false) {
        self.isEnabled = isEnabled
        self.screenReaderEnabled = screenReaderEnabled
    }

    /// Whether applications should be on the accessibility bus: either property is true (Qt's rule;
    /// AccessKit broke detection when it followed only one of them).
    public var wantsAccessibility: Bool { isEnabled || screenReaderEnabled }

    /// `IsEnabled true, ScreenReaderEnabled false`, as the log shows it.
    public var description: String { "IsEnabled \(isEnabled), ScreenReaderEnabled \(screenReaderEnabled)" }

    /// The status after a `PropertiesChanged` (or `GetAll`) of `org.a11y.Status` that carries
    /// `changes`; properties absent from `changes`, or of another type than boolean, keep their value.
    public func applying(_ changes: [String: Bool]) -> AccessibilityStatus {
        var status = self
        if let value = changes[Self.isEnabledProperty] { status.isEnabled = value }
        if let value = changes[Self.screenReaderEnabledProperty] { status.screenReaderEnabled = value }
        return status
    }

    /// The property names on the wire.
    public static let isEnabledProperty = "IsEnabled"
    public static let screenReaderEnabledProperty = "ScreenReaderEnabled"
}
