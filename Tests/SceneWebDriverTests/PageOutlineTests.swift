import SceneCore
import SceneViewTree
@testable import SceneWebDriver
import SceneXPath
import TestSupport
import Testing

/// Two windows of random views.
private final class TwoWindows: SceneDelegate {
    var windows: [Window] = []
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        for _ in 0..<2 {
            let window = Window(windowScene: scene)
            window.makeKeyAndVisible()
            windows.append(window)
        }
    }
}

/// A plugin-style view whose accessibility answers are computed, and whose class name is not an XML name.
private final class Computed<Tag>: View {
    var prefix = "p"
    override var accessibilityLabel: String? {
        get { prefix + "-label" }
        set { prefix = newValue ?? "" }
    }
    override var accessibilityValue: String? {
        get { prefix.count.isMultiple(of: 2) ? nil : "v'\(prefix)&" }
        set {}
    }
    override var accessibilityRole: AccessibilityRole {
        get { prefix.hasPrefix("b") ? .pushButton : .label }
        set {}
    }
}

/// ``PageOutline`` (the live views, for a query that reads no coordinate and no actionability)
/// against the ``PageSource`` the host describes without them, on random trees that random edits
/// change: the same element numbers, the same document content for random sets of the attributes
/// such a query can read, and the same answers to random queries as the whole page source gives.
@MainActor
@Suite("The page outline holds what the page source holds for queries without coordinates")
struct PageOutlineTests {
    static let identifiers = ["a", "b", "c", "status"]
    /// Every attribute a query without coordinates or actionability can name, and one no element has.
    static let readable = ["type", "name", "label", "value", "identifier", "role", "activation", "missing"]
    static let queries = [
        "//*[@identifier='a']", "//*[@identifier='b']/..", "//Button", "//Label[@label='x']", "//*[@name='c']",
        "//*[@value='1']", "//View/View[2]", "//*[@identifier='a' or @label='y']", "//*[@role='push-button']",
        "//*[@type='Label' and @name='x']", "//*[contains(@label, '-label')]", "//*[@value=\"v'bb&\"]",
        "//*[@identifier='status']", "//*[@missing]", "//Window[2]//*[@identifier]", "//*[starts-with(@type, 'Computed')]",
    ]

    private static func randomView(using random: inout SplitMix64) -> View {
        let frame = Rect(x: Double.random(in: 0...80, using: &random), y: Double.random(in: 0...80, using: &random), width: 20, height: 20)
        let view: View
        switch Int.random(in: 0..<5, using: &random) {
        case 0: view = Label(frame: frame, text: ["x", "y"].randomElement(using: &random)!)
        case 1: view = Button(frame: frame, title: "b")
        case 2:
            let computed = Computed<Int>(frame: frame)
            computed.prefix = ["a", "bb", "ccc"].randomElement(using: &random)!
            view = computed
        case 3: view = TextField(frame: frame)
        default: view = View(frame: frame)
        }
        if Bool.random(using: &random) { view.accessibilityIdentifier = identifiers.randomElement(using: &random)! }
        if Int.random(in: 0..<5, using: &random) == 0 { view.accessibilityValue = ["1", "2"].randomElement(using: &random)! }
        return view
    }

    private static func all(_ view: View) -> [View] { [view] + view.subviews.flatMap(all) }

    /// One random edit of the trees under `windows`.
    private static func edit(_ windows: [Window], using random: inout SplitMix64) {
        let views = windows.flatMap(all)
        let view = views.randomElement(using: &random)!
        switch Int.random(in: 0..<7, using: &random) {
        case 0: view.accessibilityIdentifier = Bool.random(using: &random) ? identifiers.randomElement(using: &random)! : nil
        case 1: view.accessibilityLabel = ["x", "y", "bb", nil].randomElement(using: &random)!
        case 2: view.accessibilityValue = ["1", "2", nil].randomElement(using: &random)!
        case 3: view.addSubview(randomView(using: &random))
        case 4: if !(view is Window) { view.removeFromSuperview() }
        case 5: if let parent = view.superview { parent.sendSubviewToBack(view) }
        default: view.isHidden.toggle()
        }
    }

    @Test("Random trees and edits: the same numbers, contents and answers as the page source", arguments: [UInt64(0x0071E), 0xFEED])
    func agrees(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let application = Application(clock: ManualClock())
        let delegate = TwoWindows()
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 13, y: 7, width: 100, height: 100))
        scene.activate()
        for window in delegate.windows {
            for _ in 0..<20 { window.addSubview(Self.randomView(using: &random)) }
            for _ in 0..<40 { Self.all(window).randomElement(using: &random)!.addSubview(Self.randomView(using: &random)) }
        }
        let walker = ViewTreeWalker(), names = ViewTreeWalker(), tags = TagNames()
        var matched = 0
        for round in 0..<150 {
            if round.isMultiple(of: 2) { Self.edit(delegate.windows, using: &random) }
            let source = PageSource(scene: scene, windows: scene.windows.map { walker.describe($0, geometry: false) }, tags: tags)
            let outline = PageOutline(scene: scene, names: names, tags: tags)
            #expect(outline.views.count == source.views.count)
            #expect(zip(outline.views, source.views).allSatisfy { $0 === $1 }, "seed \(seed), round \(round): element numbers")
            let attributes = Set(Self.readable.filter { _ in Bool.random(using: &random) })
            #expect(XPathContent(of: outline, attributes: attributes) == XPathContent(of: source, attributes: attributes), "seed \(seed), round \(round): \(attributes.sorted())")
            let query = Self.queries.randomElement(using: &random)!
            let read = try #require(XPathAttributes.read(by: query))
            #expect(!WebDriverEndpoint.mayReadGeometry(read) && !WebDriverEndpoint.mayReadActionability(read), "\(query) is a query the outline serves")
            let whole = PageSource(scene: scene, windows: scene.windows.map { walker.describe($0) }, tags: tags).xpathDocument()
            let answer = try XPathContent(of: outline, attributes: read).document().evaluate(query)
            #expect(try answer == whole.evaluate(query), "seed \(seed), round \(round): \(query)")
            if case .elements(let numbers) = answer, !numbers.isEmpty { matched += 1 }
        }
        #expect(matched > 40, "queries matched something often enough to mean something (\(matched))")
    }

    @Test("A label renamed between two outlines is in the second one's content")
    func readsLiveViews() throws {
        let application = Application(clock: ManualClock())
        let delegate = TwoWindows()
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        let status = Label(frame: Rect(x: 0, y: 0, width: 50, height: 20), text: "ready")
        status.accessibilityIdentifier = "status"
        delegate.windows[1].addSubview(status)
        let names = ViewTreeWalker(), tags = TagNames()
        let outline = PageOutline(scene: scene, names: names, tags: tags)
        let before = XPathContent(of: outline, attributes: ["identifier"])
        #expect(try before.document().evaluate("//*[@identifier='status']") == .elements([3]))
        #expect(outline.view(at: 3) === status && outline.number(of: status) == 3)
        status.accessibilityIdentifier = "state"
        let after = XPathContent(of: PageOutline(scene: scene, names: names, tags: tags), attributes: ["identifier"])
        #expect(after != before)
        #expect(try after.document().evaluate("//*[@identifier='status']") == .elements([]))
    }
}
