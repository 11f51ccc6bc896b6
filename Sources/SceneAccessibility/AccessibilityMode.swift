/// Key `accessibility`.
public enum AccessibilityMode: String, Sendable, Equatable, CaseIterable {
    /// On while `org.a11y.Status` (`IsEnabled` or `ScreenReaderEnabled`) says assistive technology is
    /// in use, off otherwise, following every change; without that status, on when
    /// `AT_SPI_BUS_ADDRESS` names an accessibility bus.
    case auto
    /// Always on the accessibility bus when it can be found.
    case on
    /// Never.
    case off
}
