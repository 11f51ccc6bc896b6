/// One AT-SPI2 state (`AtspiStateType` in at-spi2-core's `atspi-constants.h`): its raw value is the
/// bit number in the 64-bit state set.
enum AtspiState: UInt32, Sendable, CaseIterable {
    case active = 1
    case checked = 4
    case editable = 7
    case enabled = 8
    case focusable = 11
    case focused = 12
    case horizontal = 14
    case multiselectable = 18
    case selectable = 22
    case selected = 23
    case sensitive = 24
    case showing = 25
    case singleLine = 26
    case visible = 30
    case checkable = 41

    /// The event detail naming the state, as in `object:state-changed:<name>`.
    var eventName: String {
        switch self {
        case .active: "active"
        case .checked: "checked"
        case .editable: "editable"
        case .enabled: "enabled"
        case .focusable: "focusable"
        case .focused: "focused"
        case .horizontal: "horizontal"
        case .multiselectable: "multiselectable"
        case .selectable: "selectable"
        case .selected: "selected"
        case .sensitive: "sensitive"
        case .showing: "showing"
        case .singleLine: "single-line"
        case .visible: "visible"
        case .checkable: "checkable"
        }
    }
}
