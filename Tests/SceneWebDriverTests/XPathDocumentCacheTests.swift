import SceneCore
import SceneViewTree
@testable import SceneWebDriver
import SceneXPath
import TestSupport
import Testing

/// Builds one window of views.
private final class OneWindow: SceneDelegate {
    var window: Window?
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.makeKeyAndVisible()
        self.window = window
    }
}

/// Finds on documents the cache kept against finds on a document built afresh for each, on a tree
/// that random edits change between finds (identifiers, labels, values, subviews added, removed and
/// reordered, views hidden): the same elements every time; the cache hands back its document when
/// nothing a query reads changed, and never after a change of something it reads.
@MainActor
@Suite("The XPath document cache answers as a fresh document does")
struct XPathDocumentCacheTests {
    static let names = ["a", "b", "c"]
    static let queries = [
        "//*[@identifier='a']", "//*[@identifier='b']/..", "//Button", "//Label[@label='x']", "//*[@name='c']",
        "//*[@value='1']", "//View/View[2]", "//*[@identifier='a' or @label='y']", "//*[@x > 40]", "//*",
    ]

    private static func randomView(using random: inout SplitMix64) -> View {
        let frame = Rect(x: Double.random(in: 0...80, using: &random).rounded(), y: Double.random(in: 0...80, using: &random).rounded(), width: 20, height: 20)
        let view: View =
            switch Int.random(in: 0..<3, using: &random) {
            case 0: Label(frame: frame, text: ["x", "y"].randomElement(using: &random)!)
            case 1: Button(frame: frame, title: "b")
            default: View(frame: frame)
            }
        if Bool.random(using: &random) { view.accessibilityIdentifier = names.randomElement(using: &random)! }
        return view
    }

    private static func all(_ view: View) -> [View] { [view] + view.subviews.flatMap(all) }

    /// One random edit of the tree under `window`.
    private static func edit(_ window: Window, using random: inout SplitMix64) {
        let views = all(window)
        let view = views.randomElement(using: &random)!
        switch Int.random(in: 0..<7, using: &random) {
        case 0: view.accessibilityIdentifier = Bool.random(using: &random) ? names.randomElement(using: &random)! : nil
        case 1: view.accessibilityLabel = ["x", "y", nil].randomElement(using: &random)!
        case 2: view.accessibilityValue = ["1", "2", nil].randomElement(using: &random)!
        case 3: view.addSubview(randomView(using: &random))
        case 4: if view !== window { view.removeFromSuperview() }
        case 5: if let parent = view.superview { parent.sendSubviewToBack(view) }
        default: view.frame.origin.x += 30
        }
    }

    @Test("Random edits between finds: the same elements as a fresh document", arguments: [UInt64(0xCAC4E), 0x5EED])
    func agrees(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let application = Application(clock: ManualClock())
        let delegate = OneWindow()
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.activate()
        let window = try #require(delegate.window)
        for _ in 0..<30 { window.addSubview(Self.randomView(using: &random)) }
        for _ in 0..<60 { Self.all(window).randomElement(using: &random)!.addSubview(Self.randomView(using: &random)) }
        let cache = XPathDocumentCache(), walker = ViewTreeWalker(), tags = TagNames()
        var last: [Set<String>?: (content: XPathContent, document: XPathDocument)] = [:]
        var reused = 0, rebuilt = 0
        for _ in 0..<400 {
            if Int.random(in: 0..<3, using: &random) == 0 { Self.edit(window, using: &random) }
            let query = Self.queries.randomElement(using: &random)!
            let attributes = XPathAttributes.read(by: query)
            let source = PageSource(scene: scene, windows: scene.windows.map { walker.describe($0) }, tags: tags)
            let content = XPathContent(of: source, attributes: attributes)
            let document = cache.document(for: content)
            let fresh = source.xpathDocument(attributes: attributes)
            #expect(try document.evaluate(query) == fresh.evaluate(query), "seed \(seed): \(query)")
            if let previous = last[attributes] {
                if previous.content == content {
                    // The kept document, unless finds with four other attribute sets came between.
                    if document === previous.document { reused += 1 }
                } else {
                    #expect(document !== previous.document, "something the query reads changed: a new document")
                    rebuilt += 1
                }
            }
            last[attributes] = (content, document)
        }
        #expect(reused > 20 && rebuilt > 20, "both paths taken often enough to mean something (\(reused) reused, \(rebuilt) rebuilt)")
    }

    @Test("A kept document is used again while its content is equal, and not after a change it can read")
    func reuse() throws {
        let application = Application(clock: ManualClock())
        let delegate = OneWindow()
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.activate()
        let window = try #require(delegate.window)
        let status = Label(frame: Rect(x: 0, y: 0, width: 50, height: 20), text: "ready")
        status.accessibilityIdentifier = "status"
        window.addSubview(status)
        let cache = XPathDocumentCache(), walker = ViewTreeWalker(), tags = TagNames()
        func document(_ query: String) -> XPathDocument {
            let source = PageSource(scene: scene, windows: scene.windows.map { walker.describe($0) }, tags: tags)
            return cache.document(for: XPathContent(of: source, attributes: XPathAttributes.read(by: query)))
        }
        let first = document("//*[@identifier='status']")
        #expect(document("//*[@identifier='status']") === first)
        #expect(document("//*[@identifier='other']") === first, "another query reading the same attributes")
        status.text = "busy"
        #expect(document("//*[@identifier='status']") === first, "a label the query cannot read changed")
        #expect(document("//*[@label='busy']") !== first, "a query reading labels gets its own document")
        status.accessibilityIdentifier = "state"
        let changed = document("//*[@identifier='status']")
        #expect(changed !== first)
        #expect(try changed.evaluate("//*[@identifier='state']") == .elements([2]), "scene 0, window 1, the label 2")
        window.addSubview(View(frame: .zero))
        #expect(document("//*[@identifier='status']") !== changed, "a view added")
    }
}
