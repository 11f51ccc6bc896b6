public import SceneCore
public import SceneViewTree

/// What the WebDriver endpoint needs from the host, and nothing more: the model to read, the host's
/// own selectors, strict taps, scripted input, waits and snapshots. The host implements it with the
/// same internal paths its D-Bus API uses (no D-Bus round trip to itself).
///
/// Everything runs on the main actor. Methods with a completion may answer later (after a scripted
/// gesture's timed steps, a wait); they never block the main thread. Errors come back as
/// ``WebDriverError`` values with the W3C code the host's own error maps to.
@MainActor
public protocol WebDriverHost: AnyObject {
    /// The model: its scenes, windows and views.
    var application: Application { get }

    /// Why routes that inject input are refused (the input policy, named), or nil when they are served.
    var inputRefusal: String? { get }

    /// `real` or `virtual`.
    var clockMode: String { get }

    /// The description of `window`'s tree (the walk `Window1.DescribeTree` renders), with every
    /// view's actionability (visible, enabled, hittable: a hit test per visible view) when asked, and
    /// its coordinates unless `geometry` is false (then frames sit at the origin).
    func describe(_ window: Window, actionability: Bool, geometry: Bool) -> ViewDescription

    /// A fresh cursor giving the views of one walk the actionability ``describe(_:actionability:geometry:)``
    /// gives them (``LivePageSource``).
    func actionabilityCursor() -> any ActionabilityCursor

    /// The same description of one view, without its subviews.
    func describe(view: View) -> ViewDescription

    /// The views a host selector (README "Selectors") matches, in tree order.
    ///
    /// - Throws: `invalid selector` naming the column where the selector stops making sense.
    func select(_ selector: String) throws(WebDriverError) -> [View]

    /// Where a strict tap on `view` would go now (the host's hit test, as `Host1.TapMatching` asks).
    func tapTarget(of view: View) -> TapTarget

    /// Taps once at `point` (window coordinates) of `window` through the whole touch pipeline, as a
    /// finger; `completion` gets the view the touch hit, once the tap was delivered.
    func tap(at point: Point, in window: Window, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void)

    /// Plays a W3C Perform Actions body (`{"actions": [...]}`) with `scene`'s area as the viewport, as
    /// scripted input: touch and mouse pointers as fingers, key sources as keys. `element` gives the
    /// centre (the scene's coordinates) of the visible part of the view an element origin names, nil
    /// when there is none. `completion` runs once everything was delivered.
    func performActions(
        _ body: String, in scene: WindowScene, element: @escaping @MainActor (String) -> Point?,
        completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void)

    /// A scripted gesture at points of `scene`'s area; `completion` gets the view the first touch hit.
    func perform(_ gesture: WebDriverGesture, in scene: WindowScene, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void)

    /// Makes `view` the first responder of its window and that window key (what a tap on a text field
    /// does), so that typed text goes to it.
    ///
    /// - Throws: `element not interactable` when the view cannot become first responder.
    func focus(_ view: View) throws(WebDriverError)

    /// Types WebDriver text (W3C Element Send Keys: characters, and the special keys of the
    /// U+E000–U+E05D range) into the key window's first responder.
    func typeKeys(_ text: String) throws(WebDriverError)

    /// Clears an editable view's text as a person would (W3C Element Clear).
    ///
    /// - Throws: `invalid element state` for a view that holds no editable text, or a disabled one.
    func clear(_ view: View) throws(WebDriverError)

    /// Calls `condition` now and again after every change of the host (tree, touches, timers, idle)
    /// until it returns true; after `timeout` wall-clock seconds `expired` runs instead. Nothing polls.
    func wait(timeout: Double, until condition: @escaping @MainActor () -> Bool, expired: @escaping @MainActor () -> Void)

    /// Answers once the host is idle (nothing pending), or with `timeout` naming what is still busy.
    func waitForIdle(timeout: Double, completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void)

    /// Moves the virtual clock (every scene's, scenes in processes of their own too: `completion`
    /// runs once they all moved), or fails with `unsupported operation` on the real clock and
    /// `invalid argument` for a bad duration.
    func advanceClock(by seconds: Double, completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void)

    /// A PNG of `scene`'s area of the screen (its windows composited, as its desktop window shows
    /// them), or of `rect` (the scene's coordinates) within it, at scale 1.
    ///
    /// - Throws: `unable to capture screen` naming why.
    func snapshot(_ scene: WindowScene, of rect: Rect?) throws(WebDriverError) -> [UInt8]

    // MARK: Scenes in processes of their own

    /// Whether the views of `scene` live in a process of its own whose endpoint answers the
    /// commands that read or touch them (``forward(_:sessionID:to:injectsInput:completion:)``).
    func forwardsViews(of scene: WindowScene) -> Bool

    /// Checks a `mobile:` gesture for a scene in a process of its own against the caller's limits
    /// before it is forwarded there to be played; returns how many seconds it takes to play (what
    /// its forwarding adds to the process's response timeout).
    ///
    /// - Throws: the limit it exceeds, as ``perform(_:in:completion:)`` would fail.
    func checkLimits(of gesture: WebDriverGesture, in scene: WindowScene) throws(WebDriverError) -> Double

    /// Where the element `id` lives when no view of this endpoint's has it: in the scene whose
    /// process gave it out, in a process that has since ended, or (nil) nowhere known.
    func elementOwner(_ id: String) -> ElementOwner?

    /// Hands `request` of session `sessionID` to the endpoint of the process `scene` runs in — as
    /// input, in order with the scene's other input, when it `injectsInput` (click, clear, send
    /// keys); `completion` gets its answer, byte for byte, or an error naming why the process could
    /// not answer (crashed, not responding, stopped), and whether the host changed meanwhile (a
    /// model event, another process's frame, signal or busy list: what was answered may be stale).
    /// `allowance` seconds (a gesture's playing time) are added to the process's response timeout.
    func forward(
        _ request: WebDriverRequest, sessionID: String, to scene: WindowScene, injectsInput: Bool, allowance: Double,
        completion: @escaping @MainActor (WebDriverResponse, _ changedMeanwhile: Bool) -> Void)

    /// Runs `then` after the host's next change or after `timeout` wall-clock seconds, whichever
    /// comes first.
    func afterNextChange(timeout: Double, then: @escaping @MainActor () -> Void)
}

/// Where an element id that no view of an endpoint has lives (``WebDriverHost/elementOwner(_:)``).
public enum ElementOwner {
    /// A scene running in a process of its own: that process's endpoint knows the element.
    case scene(WindowScene)
    /// A scene process that gave out the id has ended (crashed, restarted, reloaded); the words say which.
    case endedProcess(String)
}

extension WebDriverHost {
    public func forwardsViews(of scene: WindowScene) -> Bool { false }

    public func checkLimits(of gesture: WebDriverGesture, in scene: WindowScene) throws(WebDriverError) -> Double { 0 }

    /// ``forward(_:sessionID:to:injectsInput:allowance:completion:)`` of a command that takes no time
    /// of its own to play.
    public func forward(
        _ request: WebDriverRequest, sessionID: String, to scene: WindowScene, injectsInput: Bool,
        completion: @escaping @MainActor (WebDriverResponse, _ changedMeanwhile: Bool) -> Void
    ) {
        forward(request, sessionID: sessionID, to: scene, injectsInput: injectsInput, allowance: 0, completion: completion)
    }

    public func elementOwner(_ id: String) -> ElementOwner? { nil }

    public func forward(
        _ request: WebDriverRequest, sessionID: String, to scene: WindowScene, injectsInput: Bool, allowance: Double,
        completion: @escaping @MainActor (WebDriverResponse, _ changedMeanwhile: Bool) -> Void
    ) {
        completion(.failure(WebDriverError(.unknownError, "scene '\(scene.name)' runs in this process; nothing is forwarded")), false)
    }

    public func afterNextChange(timeout: Double, then: @escaping @MainActor () -> Void) {
        wait(timeout: timeout, until: { false }, expired: then)
    }
}
