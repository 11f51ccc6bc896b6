/// Where keyboard focus moves [FO-5]: UIKit's `UIFocusHeading` (the two headings Tab and Shift-Tab use).
public enum FocusHeading: String, Sendable, CaseIterable {
    /// The next focusable view in focus order (Tab).
    case next
    /// The previous focusable view in focus order (Shift-Tab).
    case previous
}
