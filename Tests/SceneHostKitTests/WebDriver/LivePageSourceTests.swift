import Dispatch
import SceneCore
@testable import SceneHostKit
import SceneViewTree
@testable import SceneWebDriver
import TestSupport
import Testing

/// A plugin-style view that lets touches through its whole subtree (an overridden hit test).
private final class PassThroughView: View {
    override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
}

/// Builds each window of a scene.
private final class Windows: SceneDelegate {
    let frames: [Rect]
    var windows: [Window] = []
    init(frames: [Rect]) { self.frames = frames }
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        for frame in frames {
            let window = Window(windowScene: scene)
            window.frame = frame
            window.makeKeyAndVisible()
            windows.append(window)
        }
    }
}

/// ``LivePageSource`` (one walk of the live views, offsets carried down) against the reference
/// ``PageSource`` of the host's description walk with ``ActionabilityWalk``: the same bytes, on
/// random scenes that random edits change between sources — whole, half, third and tenth
/// coordinates, scrolled bounds, huge and non-finite values (the carried offsets), transforms and a
/// window nested in a view (their subtrees go to `convert(_:to:)`). The text written on a queue while
/// the walk goes on (`GET /source`'s way) is the same bytes.
@MainActor
@Suite("The live page source writes the reference page source's bytes")
struct LivePageSourceTests {
    private static func coordinate(_ range: ClosedRange<Double>, using random: inout SplitMix64) -> Double {
        let denominator = [1.0, 1, 1, 2, 4, 3, 10].randomElement(using: &random)!
        return (Double.random(in: range, using: &random) * denominator).rounded() / denominator
    }

    private static func randomView(using random: inout SplitMix64) -> View {
        let frame = Rect(
            x: coordinate(-10...60, using: &random), y: coordinate(-10...60, using: &random),
            width: coordinate(0...40, using: &random), height: coordinate(0...40, using: &random))
        let view: View
        switch Int.random(in: 0..<7, using: &random) {
        case 0: view = Label(frame: frame, text: ["x", "it's", "a&b"].randomElement(using: &random)!)
        case 1: view = Button(frame: frame, title: "button")
        case 2: view = PassThroughView(frame: frame)
        case 3: view = TextField(frame: frame)
        default: view = View(frame: frame)
        }
        if Int.random(in: 0..<3, using: &random) == 0 { view.accessibilityIdentifier = ["a", "status", "q\"uote"].randomElement(using: &random)! }
        return view
    }

    private static func all(_ view: View) -> [View] { [view] + view.subviews.flatMap(all) }

    /// One random edit: geometry (including what leaves the exact path), flags, the tree's shape.
    private static func edit(_ windows: [Window], using random: inout SplitMix64) {
        let view = windows.flatMap(all).randomElement(using: &random)!
        switch Int.random(in: 0..<14, using: &random) {
        case 0: view.frame.origin.x += coordinate(-20...20, using: &random)
        case 1: view.bounds.origin = Point(x: coordinate(-5...5, using: &random), y: coordinate(-5...5, using: &random))
        case 2:
            view.transform = [
                AffineTransform.identity, AffineTransform(rotationAngle: 0.3), AffineTransform(scaleX: 2, y: 0.5),
                AffineTransform(translationX: 4, y: -2),
            ].randomElement(using: &random)!
        case 3: view.frame.origin.y = [1e12, -3e9, 0x1p29 + 0.5, -0.0, .nan, .infinity].randomElement(using: &random)!
        case 4: view.isHidden.toggle()
        case 5: view.clipsToBounds.toggle()
        case 6: view.isUserInteractionEnabled.toggle()
        case 7: if !(view is Window) { view.removeFromSuperview() }
        case 8: if let parent = view.superview { parent.sendSubviewToBack(view) }
        case 9:
            // A window nested in a view: its subtree's `window` is that window.
            if !(view is Window) {
                let nested = Window(frame: Rect(x: 5, y: 5, width: 40, height: 40))
                nested.addSubview(randomView(using: &random))
                view.addSubview(nested)
            }
        case 10: view.frame.size.width = coordinate(0...30, using: &random)
        case 11: (view as? Control)?.isEnabled.toggle()
        case 12: view.alpha = [0, 0.005, 0.01, 0.5, 1].randomElement(using: &random)!
        default: view.addSubview(randomView(using: &random))
        }
    }

    @Test("Random scenes and edits: byte for byte the reference source", arguments: [UInt64(0x11FE), 0x50C7])
    func agrees(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let application = Application(clock: ManualClock())
        let frames = (0..<2).map { index in
            Rect(x: [0, 7, 2.5, 0.1].randomElement(using: &random)! + Double(index) * 10, y: 3, width: 120, height: 100)
        }
        let delegate = Windows(frames: frames)
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 31, y: 17.5, width: 200, height: 150))
        scene.activate()
        for window in delegate.windows {
            for _ in 0..<8 { window.addSubview(Self.randomView(using: &random)) }
            for _ in 0..<40 { Self.all(window).randomElement(using: &random)!.addSubview(Self.randomView(using: &random)) }
        }
        let walk = ActionabilityWalk(matcher: SelectorMatcher(), application: application)
        let walker = ViewTreeWalker(), names = ViewTreeWalker(), tags = TagNames()
        var translated = 0, converted = 0
        let queue = DispatchQueue(label: "LivePageSourceTests")
        for round in 0..<120 {
            for _ in 0..<3 { Self.edit(delegate.windows, using: &random) }
            let reference = PageSource(scene: scene, windows: scene.windows.map { walker.describe($0, pass: walk) }, tags: tags)
            let live = LivePageSource(scene: scene, names: names, tags: tags, actionability: ActionabilityScopes(walk: walk))
            let xml = live.xml()
            #expect(xml == reference.xml(), "seed \(seed), round \(round)")
            let json = Array(#"{"value":""#.utf8) + reference.xmlBytes(jsonEscaped: true) + Array(#""}"#.utf8)
            #expect(Array(live.jsonBody()) == json)
            // Written on a queue from batches of any size (a batch ends anywhere in the tree).
            let batch = Int.random(in: 1...9, using: &random)
            let job = live.formatJSONBody(capacity: 16, on: queue, batch: batch)
            #expect(Array(await job.body()) == json, "seed \(seed), round \(round), batches of \(batch)")
            // Where the carried offsets were used, they give convert(_:to:)'s frame bit for bit.
            var translations = LivePageSource.Translations()
            for window in delegate.windows {
                Self.compareFrames(window, depth: 0, translations: &translations, parentTranslated: true, translated: &translated, converted: &converted)
            }
        }
        #expect(translated > 3000 && converted > 1000, "\(translated) frames by the carried offsets, \(converted) by convert(_:to:)")
    }

    private static func compareFrames(
        _ view: View, depth: Int, translations: inout LivePageSource.Translations, parentTranslated: Bool, translated: inout Int, converted: inout Int
    ) {
        let isTranslated = parentTranslated && translations.enter(view, depth: depth)
        if isTranslated {
            let frame = translations.frame(of: view.bounds), reference = view.convert(view.bounds, to: nil)
            #expect(
                frame.origin.x.bitPattern == reference.origin.x.bitPattern && frame.origin.y.bitPattern == reference.origin.y.bitPattern
                    && frame.size.width.bitPattern == reference.size.width.bitPattern && frame.size.height.bitPattern == reference.size.height.bitPattern,
                "\(frame) against \(reference)")
            translated += 1
        } else {
            converted += 1
        }
        for subview in view.subviews {
            compareFrames(subview, depth: depth + 1, translations: &translations, parentTranslated: isTranslated, translated: &translated, converted: &converted)
        }
    }
}
