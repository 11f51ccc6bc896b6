import SceneCore

extension SceneHost {
    /// Makes `window` the key window as `Window1.MakeKey` does: on the desktop its scene becomes
    /// active and its desktop window is asked for the focus (best effort; it comes back as a focus
    /// change); the application's keyboard focus moves to its scene.
    func makeKey(_ window: Window) {
        window.makeKey()
        if let scene = window.windowScene, let desktop {
            scene.activate()
            desktop.raise(scene)
        }
        application.focus(window.windowScene)
    }
}
