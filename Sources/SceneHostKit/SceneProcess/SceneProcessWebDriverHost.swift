import SceneBusServing
import SceneCore
import SceneRender
import SceneViewTree
import SceneWebDriver

/// What a scene process's own WebDriver endpoint needs: its scene's model, read and touched as the
/// board's bridge (``HostWebDriverBridge``) reads and touches a scene in the host, through the same
/// ``WebDriverModelReader``. The board forwards only the commands that read or touch views
/// (``SceneQueryCode/webDriver``) and `mobile:` gestures; the rest — actions, waits, the clock,
/// screenshots of the whole scene — it serves itself, and they are refused here by name. Main actor, on the
/// process's main thread.
@MainActor
final class SceneProcessWebDriverHost: WebDriverHost {
    private let model: WebDriverModelReader
    private let injector: TouchInjector
    private let pendingWork: PendingWorkRegistry
    private let renderer: Renderer
    let clockMode: String

    init(
        application: Application, selectors: SelectorMatcher, injector: TouchInjector, pendingWork: PendingWorkRegistry, renderer: Renderer,
        virtualClock: Bool
    ) {
        model = WebDriverModelReader(application: application, selectors: selectors, walker: ViewTreeWalker())
        self.injector = injector
        self.pendingWork = pendingWork
        self.renderer = renderer
        clockMode = virtualClock ? ClockMode.virtual.rawValue : ClockMode.real.rawValue
    }

    var application: Application { model.application }

    /// The board checked its input policy before it forwarded the command.
    var inputRefusal: String? { nil }

    func describe(_ window: Window, actionability: Bool, geometry: Bool) -> ViewDescription {
        model.describe(window, actionability: actionability, geometry: geometry)
    }

    func actionabilityCursor() -> any ActionabilityCursor { model.actionabilityCursor() }

    func describe(view: View) -> ViewDescription { model.describe(view: view) }

    func select(_ selector: String) throws(WebDriverError) -> [View] { try model.select(selector) }

    func tapTarget(of view: View) -> TapTarget { model.tapTarget(of: view) }

    /// An element click: the scene becomes active, as a touch on its desktop window makes it [WS-11],
    /// and the tap runs through the scene's touch pipeline; its Touch signals reach the board.
    func tap(at point: Point, in window: Window, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void) {
        window.activateSceneForScriptedInput()
        do throws(InputError) {
            try injector.run(ScriptedGestures.tap(at: point, in: window, count: 1)) { touches in completion(.success(touches.first??.view)) }
        } catch {
            completion(.failure(HostWebDriverBridge.webDriverError(error)))
        }
    }

    func performActions(
        _ body: String, in scene: WindowScene, element: @escaping @MainActor (String) -> Point?,
        completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void
    ) {
        completion(.failure(Self.servedByBoard("W3C actions")))
    }

    /// A `mobile:` gesture the board forwarded (it checked the caller's limits): played here as the
    /// host plays one on a scene of its own, answering the view the first finger hit, so that its
    /// element id is this process's.
    func perform(_ gesture: WebDriverGesture, in scene: WindowScene, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void) {
        gesture.play(in: scene, injector: injector, completion: completion)
    }

    func focus(_ view: View) throws(WebDriverError) {
        try model.focus(view) { window in
            window.makeKey()
            application.focus(window.windowScene)
        }
    }

    func typeKeys(_ text: String) throws(WebDriverError) { try model.typeKeys(text) }

    func clear(_ view: View) throws(WebDriverError) { try model.clear(view) }

    func wait(timeout: Double, until condition: @escaping @MainActor () -> Bool, expired: @escaping @MainActor () -> Void) {
        pendingWork.wait(timeout: timeout, until: condition, expired: expired)
    }

    func waitForIdle(timeout: Double, completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void) {
        completion(.failure(Self.servedByBoard("mobile: waitForIdle")))
    }

    func advanceClock(by seconds: Double, completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void) {
        completion(.failure(Self.servedByBoard("mobile: advanceClock")))
    }

    /// Element screenshots: the scene's windows drawn by this process, cropped to the element.
    func snapshot(_ scene: WindowScene, of rect: Rect?) throws(WebDriverError) -> [UInt8] {
        try model.snapshot(scene, of: rect, renderer: renderer)
    }

    /// A command the board serves and never forwards, refused by name should it come.
    private static func servedByBoard(_ what: String) -> WebDriverError {
        WebDriverError(.unsupportedOperation, "\(what) of a scene in a process of its own are served by the board, not forwarded to the scene process")
    }
}
