import SceneCore
import SceneViewTree
@testable import SceneWebDriver
import SceneXPath
import TestSupport
import Testing

/// A plugin-style view whose class name is not an XML name (its tag is `Odd_Int_`) and whose label is
/// computed.
private final class Odd<Tag>: View {
    var prefix = "p"
    override var accessibilityLabel: String? {
        get { prefix + "-label" }
        set { prefix = newValue ?? "" }
    }
}

/// ``XPathShortcut`` (one walk of the live views) against libxml2 on the whole page source, for
/// random queries of the shapes it takes on random trees that random edits change: the same views
/// in the same order. Values include the awkward: empty, quotes, a NUL (libxml2 holds the value up
/// to it), and the same letter precomposed and decomposed (equal as Swift strings, not as bytes).
@MainActor
@Suite("The XPath shortcut answers as libxml2 does on the page source")
struct XPathShortcutTests {
    static let values = ["a", "b", "status", "", "it's", "say \"hi\"", "caf\u{E9}", "cafe\u{301}", "nul\u{0}x", "nul", "s"]
    static let tags = ["*", "Label", "Button", "View", "TextField", "Window", "WindowScene", "Odd_Int_", "Switch", "Nope"]

    private static func randomView(using random: inout SplitMix64) -> View {
        let frame = Rect(x: Double.random(in: 0...80, using: &random), y: Double.random(in: 0...80, using: &random), width: 20, height: 20)
        let view: View
        switch Int.random(in: 0..<5, using: &random) {
        case 0: view = Label(frame: frame, text: values.randomElement(using: &random)!)
        case 1: view = Button(frame: frame, title: values.randomElement(using: &random)!)
        case 2:
            let odd = Odd<Int>(frame: frame)
            odd.prefix = values.randomElement(using: &random)!
            view = odd
        case 3: view = TextField(frame: frame)
        default: view = View(frame: frame)
        }
        randomize(view, using: &random)
        return view
    }

    private static func randomize(_ view: View, using random: inout SplitMix64) {
        if Bool.random(using: &random) { view.accessibilityIdentifier = values.randomElement(using: &random)! }
        if Int.random(in: 0..<4, using: &random) == 0 { view.accessibilityLabel = values.randomElement(using: &random)! }
        if Int.random(in: 0..<4, using: &random) == 0 { view.accessibilityValue = values.randomElement(using: &random)! }
    }

    private static func all(_ view: View) -> [View] { [view] + view.subviews.flatMap(all) }

    private static func edit(_ windows: [Window], using random: inout SplitMix64) {
        let view = windows.flatMap(all).randomElement(using: &random)!
        switch Int.random(in: 0..<5, using: &random) {
        case 0: randomize(view, using: &random)
        case 1: view.addSubview(randomView(using: &random))
        case 2: if !(view is Window) { view.removeFromSuperview() }
        case 3: if let parent = view.superview { parent.sendSubviewToBack(view) }
        default: view.accessibilityIdentifier = nil
        }
    }

    /// A random query of a shape the shortcut takes.
    private static func randomQuery(sceneName: String, using random: inout SplitMix64) -> String {
        var query = "//" + tags.randomElement(using: &random)!
        if Int.random(in: 0..<5, using: &random) > 0 {
            let attribute = XPathShortcut.Attribute.allCases.randomElement(using: &random)!.rawValue
            let value = (values.filter { !$0.contains("\u{0}") } + [sceneName, "Label", "Button", "Odd<Int>"]).randomElement(using: &random)!
            let quote = value.contains("'") ? "\"" : value.contains("\"") ? "'" : ["'", "\""].randomElement(using: &random)!
            let space = [" ", ""].randomElement(using: &random)!
            query += "[\(space)@\(attribute)\(space)=\(space)\(quote)\(value)\(quote)\(space)]"
        }
        if Int.random(in: 0..<3, using: &random) == 0 { query = "(\(query))[\(Int.random(in: 1...4, using: &random))]" }
        return query
    }

    @Test("Random trees, edits and queries: the same views as libxml2 on the page source", arguments: [UInt64(0x5407C7), 0xBEEF])
    func agrees(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let application = Application(clock: ManualClock())
        var windows: [Window] = []
        let scene = try application.connectScene(
            named: "status",
            delegate: ClosureSceneDelegate { scene in
                for _ in 0..<2 {
                    let window = Window(windowScene: scene)
                    window.makeKeyAndVisible()
                    windows.append(window)
                }
            }, screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        for window in windows {
            for _ in 0..<10 { window.addSubview(Self.randomView(using: &random)) }
            for _ in 0..<40 { Self.all(window).randomElement(using: &random)!.addSubview(Self.randomView(using: &random)) }
        }
        let walker = ViewTreeWalker(), names = ViewTreeWalker(), tags = TagNames()
        var matched = 0, positioned = 0
        for round in 0..<400 {
            if round.isMultiple(of: 3) { Self.edit(windows, using: &random) }
            let query = Self.randomQuery(sceneName: scene.name, using: &random)
            let shortcut = try #require(XPathShortcut.parse(query), "\(query) is a shortcut")
            let source = PageSource(scene: scene, windows: scene.windows.map { walker.describe($0) }, tags: tags)
            guard case .elements(let numbers) = try source.xpathDocument().evaluate(query) else {
                Issue.record("\(query) selects elements")
                continue
            }
            let expected = numbers.compactMap(source.view(at:))
            let answer = shortcut.views(in: scene, names: names, tags: tags)
            #expect(answer.count == expected.count && zip(answer, expected).allSatisfy { $0 === $1 }, "seed \(seed), round \(round): \(query)")
            if !expected.isEmpty { matched += 1 }
            if shortcut.position != nil, !expected.isEmpty { positioned += 1 }
        }
        #expect(matched > 100 && positioned > 20, "queries matched often enough to mean something (\(matched), \(positioned) with a position)")
    }

    @Test("The shapes it takes, read as they are written")
    func parses() {
        #expect(XPathShortcut.parse("//*[@identifier='status']") == XPathShortcut(tag: nil, test: (.identifier, Array("status".utf8)), position: nil))
        #expect(XPathShortcut.parse("//Button[ @name = \"it's\" ]") == XPathShortcut(tag: "Button", test: (.name, Array("it's".utf8)), position: nil))
        #expect(XPathShortcut.parse("//Label") == XPathShortcut(tag: "Label", test: nil, position: nil))
        #expect(XPathShortcut.parse("(//*[@label=''])[12]") == XPathShortcut(tag: nil, test: (.label, []), position: 12))
    }

    @Test(
        "Any other XPath is left to libxml2",
        arguments: [
            "//*[@identifier='a' or @label='b']", "//*[@x='1']", "//*[@visible='true']", "/WindowScene", ".//*[@identifier='a']",
            "//*[@identifier='a'][1]", "(//*)[0]", "(//*)[1234567]", "//*[@identifier='a']/..", "//node()", "//text", "//and",
            "//*[@identifier=concat('a','b')]", "//*[@identifier='a]", "//*[@identifier='a' ]x", " //Label", "//Label ", "//Lab\u{E9}l",
            "//*[@identifier='a\u{0}']", "//*[@ID='a']", "//ns:Label", "//*[@role='button']", "(//Label)[1", "(//Label)",
        ])
    func refuses(expression: String) {
        #expect(XPathShortcut.parse(expression) == nil)
    }
}
