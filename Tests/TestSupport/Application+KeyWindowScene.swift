public import SceneCore

extension Application {
    /// Connects and activates a scene named `name` holding one visible key window (titled `title`),
    /// and returns the scene and the window: the usual stage of a model test.
    public func connectKeyWindowScene(
        named name: String = "main", title: String = "", screenFrame: Rect = Rect(x: 0, y: 0, width: 400, height: 800)
    ) -> (scene: WindowScene, window: Window) {
        var built: Window?
        let scene = try! connectScene(
            named: name,
            delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.title = title
                window.makeKeyAndVisible()
                built = window
            }, screenFrame: screenFrame)
        scene.activate()
        return (scene, built!)
    }
}
