/// What a plugin provides for each scene it hosts: builds the scene's windows, root view
/// controllers and views when the scene connects, and hears about its life-cycle [WS-1].
///
/// Every method has a default that does nothing, except that a delegate must build something in
/// ``scene(_:willConnectWith:)``.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene is connecting (unattached → foreground-inactive). Create its windows here (with
    /// `Window(windowScene:)`), give them root view controllers, and make one key and visible.
    /// `options` are the scene's options from the host configuration.
    func scene(_ scene: WindowScene, willConnectWith options: [String: String])
    /// The scene was disconnected (background → unattached); release what it held.
    func sceneDidDisconnect(_ scene: WindowScene)
    /// foreground-inactive → foreground-active.
    func sceneDidBecomeActive(_ scene: WindowScene)
    /// foreground-active → foreground-inactive.
    func sceneWillResignActive(_ scene: WindowScene)
    /// unattached or background → foreground-inactive.
    func sceneWillEnterForeground(_ scene: WindowScene)
    /// foreground-inactive → background.
    func sceneDidEnterBackground(_ scene: WindowScene)
    /// The scene's size changed (``WindowScene/resize(to:)``, its desktop window, its size
    /// restrictions) [LY-10]: `previousFrame` is the old ``WindowScene/screenFrame``. The windows that
    /// cover the scene already have the new size; layout has not run yet.
    func sceneDidChangeGeometry(_ scene: WindowScene, from previousFrame: Rect)
}

extension SceneDelegate {
    public func sceneDidDisconnect(_ scene: WindowScene) {}
    public func sceneDidBecomeActive(_ scene: WindowScene) {}
    public func sceneWillResignActive(_ scene: WindowScene) {}
    public func sceneWillEnterForeground(_ scene: WindowScene) {}
    public func sceneDidEnterBackground(_ scene: WindowScene) {}
    public func sceneDidChangeGeometry(_ scene: WindowScene, from previousFrame: Rect) {}
}
