import SceneBusServing
import SceneCore
import SceneWebDriver

extension WebDriverGesture {
    /// The window of `scene` a `mobile:` gesture touches (the first that takes scripted input) and
    /// the gesture's samples there (screen points), its points read in the scene's coordinates;
    /// nil when the scene has no window.
    @MainActor
    func samples(in scene: WindowScene) -> (window: Window, samples: [InputSample])? {
        guard let window = scene.windows.first(where: \.takesScriptedInput) ?? scene.windows.first else { return nil }
        let origin = scene.screenFrame.origin
        func point(_ scenePoint: Point) -> Point {
            window.convertFromScreen(Point(x: origin.x + scenePoint.x, y: origin.y + scenePoint.y))
        }
        let samples: [InputSample]
        switch self {
        case .tap(let at, let count): samples = ScriptedGestures.tap(at: point(at), in: window, count: count)
        case .longPress(let at, let seconds): samples = ScriptedGestures.longPress(at: point(at), in: window, seconds: seconds)
        case .swipe(let from, let to, let seconds): samples = ScriptedGestures.swipe(from: point(from), to: point(to), in: window, seconds: seconds)
        case .pinch(let center, let start, let end, let seconds):
            samples = ScriptedGestures.pinch(center: point(center), startDistance: start, endDistance: end, in: window, seconds: seconds)
        }
        return (window, samples)
    }

    /// Plays the gesture on `scene` through `injector`, as a touch on the scene's desktop window: the
    /// scene becomes active first [WS-11]; `completion` gets the view the first finger hit.
    @MainActor
    func play(in scene: WindowScene, injector: TouchInjector, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void) {
        guard let (window, samples) = samples(in: scene) else {
            return completion(.failure(WebDriverError(.noSuchWindow, "scene '\(scene.name)' has no window to touch")))
        }
        window.activateSceneForScriptedInput()
        do throws(InputError) {
            try injector.run(samples) { touches in completion(.success(touches.first??.view)) }
        } catch {
            completion(.failure(HostWebDriverBridge.webDriverError(error)))
        }
    }
}
