extension WindowScene {
    /// A scene's place in its life [WS-1], with UIKit's raw values (§0).
    public enum ActivationState: Int, Sendable, CaseIterable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2

        /// The kebab-case name used on D-Bus: `unattached`, `foreground-active`, …
        public var wireName: String {
            switch self {
            case .unattached: "unattached"
            case .foregroundActive: "foreground-active"
            case .foregroundInactive: "foreground-inactive"
            case .background: "background"
            }
        }
    }
}
