import SceneCore

/// The AT-SPI2 roles the host sends (`AtspiRole` in at-spi2-core's `atspi-constants.h`; the numbers
/// are the same in 2.46 and later).
///
/// Only roles that at-spi2-core 2.46 knows are used: `switch` (130) exists from 2.56 on, so a
/// ``SceneCore/Switch`` is a toggle button (Orca would otherwise see an unknown role).
enum AtspiRole: UInt32, Sendable, CaseIterable {
    case alert = 2
    case canvas = 6
    case checkBox = 7
    case dialog = 16
    case frame = 23
    case image = 27
    case label = 29
    case list = 31
    case listItem = 32
    case panel = 39
    case passwordText = 40
    case pushButton = 43
    case scrollPane = 49
    case slider = 51
    case table = 55
    case tableCell = 56
    case toggleButton = 62
    case application = 75
    case entry = 79

    /// The role of a view with `role`: one AT-SPI role per model role.
    init(_ role: AccessibilityRole) {
        switch role {
        case .panel: self = .panel
        case .frame: self = .frame
        case .pushButton: self = .pushButton
        case .toggleButton: self = .toggleButton
        case .checkBox: self = .checkBox
        case .slider: self = .slider
        case .label: self = .label
        case .image: self = .image
        case .table: self = .table
        case .tableCell: self = .tableCell
        case .entry: self = .entry
        case .canvas: self = .canvas
        case .passwordText: self = .passwordText
        case .alert: self = .alert
        case .dialog: self = .dialog
        case .list: self = .list
        case .listItem: self = .listItem
        case .scrollPane: self = .scrollPane
        @unknown default: self = .panel
        }
    }

    /// The name libatspi gives the role (`atspi_role_get_name`), answered by `GetRoleName` and
    /// `GetLocalizedRoleName`.
    var name: String {
        switch self {
        case .alert: "alert"
        case .canvas: "canvas"
        case .dialog: "dialog"
        case .list: "list"
        case .listItem: "list item"
        case .passwordText: "password text"
        case .checkBox: "check box"
        case .frame: "frame"
        case .image: "image"
        case .label: "label"
        case .panel: "panel"
        case .pushButton: "push button"
        case .scrollPane: "scroll pane"
        case .slider: "slider"
        case .table: "table"
        case .tableCell: "table cell"
        case .toggleButton: "toggle button"
        case .application: "application"
        case .entry: "entry"
        }
    }
}
