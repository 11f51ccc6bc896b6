import SceneCore
import SceneErrors
import SceneRender
import SceneViewTree
import SceneWebDriver

/// The WebDriver commands answered from a model alone — descriptions, selectors, tap targets,
/// focus, typing, clearing and pictures — shared by the board's bridge (``HostWebDriverBridge``)
/// and a scene process's own (``SceneProcessWebDriverHost``), so that a command reads the same in
/// either. Main actor, like the model.
@MainActor
struct WebDriverModelReader {
    let application: Application
    let selectors: SelectorMatcher
    let walker: ViewTreeWalker

    func describe(_ window: Window, actionability withActionability: Bool, geometry: Bool) -> ViewDescription {
        guard withActionability else { return walker.describe(window, geometry: geometry) }
        return walker.describe(window, pass: actionability, geometry: geometry)
    }

    func describe(view: View) -> ViewDescription {
        guard let window = view.window else {
            return walker.describe(view, in: view as? Window ?? Window(), actionability: nil)
        }
        return walker.describe(view, in: window, actionability: actionability.actionability(of:))
    }

    func actionabilityCursor() -> any ActionabilityCursor {
        ActionabilityScopes(walk: actionability)
    }

    /// Visible and enabled as the selectors' `:visible` and `:enabled` say; hittable when the strict
    /// tap would take it now.
    private var actionability: ActionabilityWalk {
        ActionabilityWalk(matcher: selectors, application: application)
    }

    func select(_ selector: String) throws(WebDriverError) -> [View] {
        let parsed: ViewSelector
        do throws(SelectorError) {
            parsed = try ViewSelector.parse(selector)
        } catch {
            throw WebDriverError(.invalidSelector, "selector '\(selector)': \(error.description)")
        }
        // Rows out of view have no view to be an element (WebDriver finds the cells on screen).
        return selectors.matches(parsed, in: application, includingRowsOutOfView: false).map(\.view)
    }

    func tapTarget(of view: View) -> TapTarget {
        guard let window = view.window else { return .notVisible }
        switch TapReadiness.evaluate(SelectorMatcher.Match(window: window, view: view), matcher: selectors, application: application) {
        case .ready(let match, let point): return .ready(window: match.window, point: point)
        case .notEnabled: return .notEnabled
        case .notHittable(_, let point, let hit): return .intercepted(point: point, hit: hit?.view)
        case .notVisible, .noMatch, .ambiguous: return .notVisible
        }
    }

    /// Makes `view` its window's first responder once `makeKey` made the window key.
    func focus(_ view: View, makeKey: (Window) -> Void) throws(WebDriverError) {
        guard let window = view.window else {
            throw WebDriverError(.staleElementReference, "'\(ViewReference.reference(for: view))' is in no window")
        }
        if application.keyWindow !== window { makeKey(window) }
        guard window.firstResponder === view || view.becomeFirstResponder() else {
            throw WebDriverError(
                .elementNotInteractable,
                "'\(ViewReference.reference(for: view))' cannot become the first responder (it takes no keyboard input); send keys to a text field")
        }
    }

    func typeKeys(_ text: String) throws(WebDriverError) {
        let count = text.unicodeScalars.count
        guard count <= KeyboardInput.maximumTextLength else {
            throw WebDriverError(.invalidArgument, "text of \(count) characters is longer than the \(KeyboardInput.maximumTextLength) one command may type")
        }
        for record in WebDriverKeys.typing(text) { record.deliver(to: application) }
    }

    func clear(_ view: View) throws(WebDriverError) {
        guard let field = view as? TextField else {
            throw WebDriverError(.invalidElementState, "'\(ViewReference.reference(for: view))' holds no editable text; only text fields can be cleared")
        }
        do throws(TextEditError) {
            try field.replaceText(in: 0..<field.text.unicodeScalars.count, with: "")
        } catch {
            throw WebDriverError(.invalidElementState, error.message)
        }
    }

    /// A PNG of `scene` drawn by `renderer` at scale 1, or of `rect` (the scene's coordinates) within it.
    func snapshot(_ scene: WindowScene, of rect: Rect?, renderer: Renderer) throws(WebDriverError) -> [UInt8] {
        var image: PixelImage
        do throws(RenderError) {
            image = try renderer.renderScene(scene, scale: 1).image
        } catch {
            throw WebDriverError(.unableToCaptureScreen, "scene '\(scene.name)': \(error.message)")
        }
        if let rect {
            // Clamped to the picture before any conversion to Int: a view far off-screen, or one whose
            // frame holds NaN or an infinity, must not trap.
            guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else {
                throw WebDriverError(.unableToCaptureScreen, "the area \(rect) of scene '\(scene.name)' is not finite")
            }
            func pixel(_ value: Double, within size: Int, _ rule: FloatingPointRoundingRule) -> Int {
                Int(Swift.min(Swift.max(value, 0), Double(size)).rounded(rule))
            }
            let x0 = pixel(rect.minX, within: image.width, .down), y0 = pixel(rect.minY, within: image.height, .down)
            let x1 = pixel(rect.maxX, within: image.width, .up), y1 = pixel(rect.maxY, within: image.height, .up)
            guard x1 > x0, y1 > y0 else {
                throw WebDriverError(.unableToCaptureScreen, "the area \(rect) is outside scene '\(scene.name)'")
            }
            image = image.cropped(to: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
        return image.pngData()
    }
}
