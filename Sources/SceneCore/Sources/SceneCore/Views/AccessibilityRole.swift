/// What a view is, for assistive technologies (AT-SPI2 on Linux). A platform-neutral model that the
/// host's accessibility bridge maps to AT-SPI roles.
public enum AccessibilityRole: String, Sendable, CaseIterable {
    /// A plain container or custom view (the default for ``View``).
    case panel
    /// A top-level window (the role of ``Window``).
    case frame
    case pushButton = "push-button"
    case toggleButton = "toggle-button"
    case checkBox = "check-box"
    case slider
    case label
    case image
    case table
    case tableCell = "table-cell"
    /// Editable text.
    case entry
    /// A drawing or gesture surface.
    case canvas
    /// Editable text whose characters are not shown (a ``TextField`` with secure entry).
    case passwordText = "password-text"
    /// A window that demands attention (the role of a ``Window`` at ``Window/Level/alert`` or above).
    case alert
    /// A secondary window that asks something.
    case dialog
    /// A list: its exposed subviews are its items.
    case list
    case listItem = "list-item"
    /// A scrolling container (the role of ``ScrollView``).
    case scrollPane = "scroll-pane"
}

/// Accessibility values that most views never set, kept out of line so plain views stay small.
final class AccessibilityStorage {
    var identifier: String?
    var label: String?
    var hint: String?
    var value: String?
    var role: AccessibilityRole?
}
