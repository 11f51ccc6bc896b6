import SceneCore
import SceneRender

/// Builds the scene's one window, covering the scene, key and visible.
@MainActor
final class RenderSceneDelegate: SceneDelegate {
    var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.title = scene.name
        window.makeKeyAndVisible()
        self.window = window
    }
}

// Alike SceneBench's SceneCoreTree in shape (`duplicates` pairs them), deliberately: each benchmark
// executable builds its own tree, and BenchSupport, the one module they share, knows no SceneCore.

/// The dressed tree built in SceneCore under a real window (of an application on a manual clock, in a
/// connected, active scene whose screen frame is the root's frame), with a ``WindowRenderer`` at
/// scale 1 that keeps its image.
@MainActor
final class RenderedTree {
    let clock = ManualClock(now: 100)
    let application: Application
    let scene: WindowScene
    let window: Window
    /// By build index.
    let views: [View]
    let renderer: WindowRenderer
    private var time = 100.0

    init(_ tree: DressedTree) {
        application = Application(clock: clock)
        let delegate = RenderSceneDelegate()
        let root = tree.spec.nodes[0]
        scene = try! application.connectScene(
            named: tree.spec.name, delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: root.width, height: root.height))
        scene.activate()
        window = delegate.window!
        RenderedTree.apply(tree.dress[0], to: window)
        self.views = RenderedTree.build(tree, under: window)
        renderer = try! WindowRenderer(window: window, scale: 1)
    }

    /// Builds the tree's views under `root` (which stands for its first node); returns them by build
    /// index, `root` first, each tagged with its index.
    static func build(_ tree: DressedTree, under root: View) -> [View] {
        var views: [View] = [root]
        for (index, node) in tree.spec.nodes.enumerated().dropFirst() {
            let view = makeView(node, tree.dress[index])
            view.tag = index
            views[node.parent].addSubview(view)
            views.append(view)
        }
        return views
    }

    static func makeView(_ node: NodeSpec, _ look: Dress) -> View {
        let frame = Rect(x: node.x, y: node.y, width: node.width, height: node.height)
        let view: View
        switch look.kind {
        case .view: view = View(frame: frame)
        case .label:
            let label = Label(frame: frame, text: look.text)
            label.font = .systemFont(ofSize: look.fontSize)
            label.textColor = color(look.textColor)
            view = label
        case .button:
            let button = Button(frame: frame, title: look.text)
            button.font = .systemFont(ofSize: look.fontSize)
            button.setTitleColor(color(look.textColor), for: .normal)
            view = button
        }
        if node.boundsX != 0 || node.boundsY != 0 {
            view.bounds = Rect(x: node.boundsX, y: node.boundsY, width: node.width, height: node.height)
            view.frame = frame
        }
        if node.isHidden { view.isHidden = true }
        if node.alpha != 1 { view.alpha = node.alpha }
        if !node.isUserInteractionEnabled { view.isUserInteractionEnabled = false }
        apply(look, to: view)
        return view
    }

    private static func apply(_ look: Dress, to view: View) {
        if let background = look.background { view.backgroundColor = color(background) }
        if look.cornerRadius > 0 { view.cornerRadius = look.cornerRadius }
        if look.clipsToBounds { view.clipsToBounds = true }
    }

    static func color(_ rgba: RGBA) -> Color {
        Color(red: Double(rgba.red) / 255, green: Double(rgba.green) / 255, blue: Double(rgba.blue) / 255, alpha: Double(rgba.alpha) / 255)
    }

    /// Damages the whole window and redraws it.
    func renderFull() -> WindowFrame {
        window.setNeedsDisplay()
        return renderer.render()
    }

    /// Touch-down on `view`'s center (it highlights, if a control), or touch-up of the touch down.
    private var liveTouch: Touch?

    func toggleTouch(on view: View) {
        time += 0.05
        if let touch = liveTouch {
            application.touchUp(touch, at: touch.location(in: nil), timestamp: time)
            liveTouch = nil
        } else {
            let center = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            liveTouch = application.touchDown(at: center, timestamp: time)
        }
    }
}
