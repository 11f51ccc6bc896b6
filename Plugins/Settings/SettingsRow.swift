import SceneCore

/// One row of the settings table: what it shows on its trailing side and what selecting it does.
enum SettingsRow: String, CaseIterable {
    case wifi
    case bluetooth
    case brightness
    case name
    case general
    case about

    /// The sections, top to bottom, with their rows.
    static let sections: [[SettingsRow]] = [[.wifi, .bluetooth], [.brightness, .name], [.general, .about]]

    var title: String {
        switch self {
        case .wifi: "Wi-Fi"
        case .bluetooth: "Bluetooth"
        case .brightness: "Brightness"
        case .name: "Name"
        case .general: "General"
        case .about: "About"
        }
    }

    /// Rows that open something when selected; the others hold a control.
    var opensSomething: Bool { self == .general || self == .about }
}
