import SceneCore
@testable import SceneHostKit
import SceneViewTree
import TestSupport
import Testing

/// A plugin-style view that lets touches through its whole subtree (an overridden hit test).
private final class PassThroughView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
}

/// A plugin-style view that takes touches around its bounds too (an overridden `point(inside:)`).
private final class GenerousView: View {
    override func point(inside point: Point, with event: Event?) -> Bool {
        point.x >= -15 && point.y >= -15 && point.x < bounds.width + 15 && point.y < bounds.height + 15
    }
}

/// Builds each window of a scene from a list of random subtrees.
private final class RandomWindows: SceneDelegate {
    let trees: [(frame: Rect, level: Window.Level, hidden: Bool, views: [View])]
    var windows: [Window] = []
    init(trees: [(frame: Rect, level: Window.Level, hidden: Bool, views: [View])]) { self.trees = trees }
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        for tree in trees {
            let window = Window(windowScene: scene)
            window.frame = tree.frame
            window.windowLevel = tree.level
            tree.views.forEach(window.addSubview)
            window.makeKeyAndVisible()
            if tree.hidden { window.isHidden = true }
            windows.append(window)
        }
    }
}

/// The WebDriver walk's top-down `visible`, `enabled` and `hittable` against the plain definition
/// (each view's visible rectangle, enabledness and strict-tap hit test computed on its own, as
/// element click does), on random scenes: overlapping windows and scenes, clipping, hidden and
/// transparent views, disabled controls, transforms, fractional frames and views that override
/// hit testing.
@MainActor
@Suite("The top-down actionability walk and the page source's cursor agree with element click's per-view answer")
struct ActionabilityWalkTests {
    private static func coordinate(_ range: ClosedRange<Double>, using random: inout SeededGenerator) -> Double {
        // Thirds and tenths: sums that binary floating point cannot hold exactly.
        let denominator = [3.0, 10, 1].randomElement(using: &random)!
        return (Double.random(in: range, using: &random) * denominator).rounded() / denominator
    }

    private static func grow(_ parent: View, depth: Int, using random: inout SeededGenerator) {
        guard depth > 0 else { return }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let frame = Rect(
                x: coordinate(-10...60, using: &random), y: coordinate(-10...60, using: &random),
                width: coordinate(0...40, using: &random), height: coordinate(0...40, using: &random))
            let view: View
            switch Int.random(in: 0..<8, using: &random) {
            case 0: view = Label(frame: frame, text: "label")
            case 1: view = Button(frame: frame, title: "button")
            case 2: view = PassThroughView(frame: frame)
            case 3: view = GenerousView(frame: frame)
            default: view = View(frame: frame)
            }
            if Int.random(in: 0..<8, using: &random) == 0 { view.isHidden = true }
            if Int.random(in: 0..<8, using: &random) == 0 { view.alpha = [0, 0.005, 0.01, 0.011, 0.5].randomElement(using: &random)! }
            if Int.random(in: 0..<8, using: &random) == 0 { view.isUserInteractionEnabled.toggle() }
            if Int.random(in: 0..<4, using: &random) == 0 { view.clipsToBounds = true }
            if Int.random(in: 0..<10, using: &random) == 0 {
                view.transform = [
                    AffineTransform(rotationAngle: Double.random(in: -1...1, using: &random)), AffineTransform(scaleX: 1.5, y: 0.7),
                    AffineTransform(translationX: 3.3, y: -1.1),
                ].randomElement(using: &random)!
            }
            if Int.random(in: 0..<10, using: &random) == 0 { view.bounds.origin = Point(x: 2.1, y: -3.7) }
            if let button = view as? Button, Bool.random(using: &random) { button.isEnabled = false }
            parent.addSubview(view)
            grow(view, depth: depth - 1, using: &random)
        }
    }

    private static func randomWindows(using random: inout SeededGenerator) -> RandomWindows {
        RandomWindows(trees: (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let frame = Rect(x: coordinate(0...20, using: &random), y: coordinate(0...20, using: &random), width: 120, height: 100)
            var views: [View] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let root = View(frame: Rect(x: coordinate(-10...40, using: &random), y: coordinate(-10...40, using: &random), width: 90, height: 80))
                grow(root, depth: 3, using: &random)
                views.append(root)
            }
            return (frame, [Window.Level.normal, .normal, .alert].randomElement(using: &random)!, Int.random(in: 0..<8, using: &random) == 0, views)
        })
    }

    private static func preorder(_ node: ViewDescription) -> [ViewDescription] {
        [node] + node.children.flatMap(preorder)
    }

    /// `view` and its descendants in document order, with their depths below `view`.
    private static func preorder(_ view: View, depth: Int = 0) -> [(view: View, depth: Int)] {
        [(view, depth)] + view.subviews.flatMap { preorder($0, depth: depth + 1) }
    }

    @Test("Random scenes: every view of every window gets the same three answers", arguments: [UInt64(0xAC7105), 0x7A9])
    func agrees(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var compared = 0, visible = 0, hittable = 0, notHittable = 0
        for _ in 0..<40 {
            let application = Application(clock: ManualClock())
            var delegates: [RandomWindows] = []
            for index in 0..<2 {
                let delegate = Self.randomWindows(using: &random)
                let screen = Rect(x: Double(index) * 37.5, y: Double(index) * 12.25, width: 200, height: 150)
                let scene = try application.connectScene(named: "s\(index)", delegate: delegate, screenFrame: screen)
                // Active, inactive (an unfocused desktop window: still shown) or in the background.
                switch Int.random(in: 0..<5, using: &random) {
                case 0: break
                case 1: scene.sendToBackground()
                default: scene.activate()
                }
                delegates.append(delegate)
            }
            let walk = ActionabilityWalk(matcher: SelectorMatcher(), application: application)
            let walker = ViewTreeWalker()
            for window in delegates.flatMap(\.windows) {
                for node in Self.preorder(walker.describe(window, pass: walk)) {
                    let plain = walk.actionability(of: node.view)
                    #expect(node.actionability == plain, "seed \(seed): \(walker.typeName(of: node.view)) at \(node.frame)")
                    compared += 1
                    if plain.isVisible { visible += 1 }
                    if plain.isHittable { hittable += 1 } else if plain.isVisible && plain.isEnabled { notHittable += 1 }
                }
            }
            // The live page source's cursor (the same answers, what each depth hands down kept on a
            // stack), over every window of the application in turn.
            let cursor = ActionabilityScopes(walk: walk)
            for window in delegates.flatMap(\.windows) {
                for (view, depth) in Self.preorder(window) {
                    let answer = cursor.enter(view, frame: view.convert(view.bounds, to: nil), depth: depth)
                    #expect(answer == walk.actionability(of: view), "seed \(seed): \(walker.typeName(of: view)) at depth \(depth)")
                }
            }
        }
        // The random scenes exercise every answer often enough to mean something.
        #expect(visible > compared / 10 && hittable > compared / 50 && notHittable > compared / 50, "\(compared) views: \(visible) visible, \(hittable) hittable, \(notHittable) visible, enabled and intercepted")
    }
}
