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

    /// Why the endpoint cannot read `scene`'s views, or nil when it can: a scene run in a process of
    /// its own has no views in the host (its windows hold its pictures). Finds, the page source and
    /// the active element answer `unsupported operation` with this reason; coordinates (W3C
    /// actions, `mobile:` gestures at a point), screenshots and the scene's window are served.
    func unreadableReason(of scene: WindowScene) -> String?

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

    /// Moves the virtual clock.
    ///
    /// - Throws: `unsupported operation` on the real clock; `invalid argument` for a bad duration.
    func advanceClock(by seconds: Double) throws(WebDriverError)

    /// A PNG of `scene`'s area of the screen (its windows composited, as its desktop window shows
    /// them), or of `rect` (the scene's coordinates) within it, at scale 1.
    ///
    /// - Throws: `unable to capture screen` naming why.
    func snapshot(_ scene: WindowScene, of rect: Rect?) throws(WebDriverError) -> [UInt8]
}
