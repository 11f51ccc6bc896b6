package import SceneCore

extension Window {
    /// Visible, in a scene that is attached: scripted, assistive and WebDriver input can reach the
    /// window. Its scene need not be active: ``activateSceneForScriptedInput()`` activates it first,
    /// as a touch on its desktop window does [WS-11]. The one rule for the host API's gestures and
    /// scrolls, the accessibility bridge's actions and WebDriver's input.
    package var takesScriptedInput: Bool {
        guard !isHidden, let state = windowScene?.activationState else { return false }
        return state != .unattached
    }

    /// Makes the window's scene foreground-active, from foreground-inactive or background, before
    /// scripted input is delivered to it, exactly as a touch-down on its desktop window does [WS-11].
    /// Returns false, changing nothing, when the window does not take scripted input.
    @discardableResult
    package func activateSceneForScriptedInput() -> Bool {
        guard takesScriptedInput, let scene = windowScene else { return false }
        return scene.activate()
    }
}
