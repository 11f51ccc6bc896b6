package import SceneCore

extension Window {
    /// Visible and in a foreground-active scene: a scripted gesture on it would be delivered. The one
    /// rule for the host API's gestures and the accessibility bridge's actions.
    package var takesTouchesForScripts: Bool {
        !isHidden && windowScene?.activationState == .foregroundActive
    }
}
