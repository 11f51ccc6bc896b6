@testable import SceneAccessibility
import SceneCore
import Testing

/// A delegate that counts `scrollViewDidScroll`.
@MainActor
private final class ScrollCounter: ScrollViewDelegate {
    var scrolls = 0
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
}

@MainActor
@Suite("SV-23: scrolling for assistive tools")
struct AccessibleScrollingTests {
    let fixture = AccessibilityFixture()
    var tree: AccessibleTree { fixture.tree }
    /// 200 × 100 at (0, 300) in the main window's content, content 400 × 1,000.
    let scroll = ScrollView(frame: Rect(x: 0, y: 300, width: 200, height: 100))
    /// 200 × 40 at (0, 500) in the content.
    let row = View(frame: Rect(x: 0, y: 500, width: 200, height: 40))

    init() {
        scroll.contentSize = Size(width: 400, height: 1000)
        scroll.addSubview(row)
        fixture.content.addSubview(scroll)
    }

    @Test("A scroll view is a scroll pane; a table view is a list (TV-12)")
    func roles() {
        #expect(tree.role(of: .view(scroll)) == .scrollPane)
        #expect(AtspiRole.scrollPane.rawValue == 49 && AtspiRole.scrollPane.name == "scroll pane")
        #expect(tree.role(of: .view(TableView(frame: .zero))) == .list)
    }

    @Test("ScrollSubstringTo's area: a part of the view goes where the type says, or to a point")
    func area() {
        #expect(tree.scroll(row, area: Rect(x: 0, y: 20, width: 10, height: 10), to: .topLeft))
        #expect(scroll.contentOffset == Point(x: 0, y: 520), "the area's top at the top, not the row's")
        #expect(tree.scroll(row, area: Rect(x: 0, y: 20, width: 10, height: 10), topLeftTo: Point(x: 0, y: 330), in: .window))
        #expect(scroll.contentOffset == Point(x: 0, y: 490), "the area's top-left at the point")
    }

    @Test(
        "ScrollTo puts the view where the type says, the other axis kept by the edge types",
        arguments: [
            (AtspiScrollType.topLeft, Point(x: 0, y: 500)), (.bottomRight, Point(x: 0, y: 440)), (.topEdge, Point(x: 50, y: 500)),
            (.bottomEdge, Point(x: 50, y: 440)), (.leftEdge, Point(x: 0, y: 20)), (.rightEdge, Point(x: 0, y: 20)), (.anywhere, Point(x: 0, y: 440)),
        ])
    func types(type: AtspiScrollType, offset: Point) {
        scroll.contentOffset = Point(x: 50, y: 20)
        #expect(tree.scroll(row, to: type))
        #expect(scroll.contentOffset == offset)
    }

    @Test("Anywhere scrolls as little as shows the view: nothing when it is shown, to its near edge otherwise")
    func anywhere() {
        scroll.contentOffset = Point(x: 0, y: 470)
        #expect(tree.scroll(row, to: .anywhere) && scroll.contentOffset == Point(x: 0, y: 470))
        scroll.contentOffset = Point(x: 0, y: 700)
        #expect(tree.scroll(row, to: .anywhere) && scroll.contentOffset == Point(x: 0, y: 500))
    }

    @Test("Offsets stay within the content, the inset included")
    func clamped() {
        scroll.contentInset = EdgeInsets(top: 10, left: 0, bottom: 30, right: 0)
        let last = View(frame: Rect(x: 0, y: 980, width: 200, height: 20))
        scroll.addSubview(last)
        #expect(tree.scroll(last, to: .topLeft))
        #expect(scroll.contentOffset == Point(x: 0, y: 930), "1,000 + 30 − 100")
        let first = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        scroll.addSubview(first)
        #expect(tree.scroll(first, to: .bottomRight))
        #expect(scroll.contentOffset == Point(x: 0, y: -10), "the top inset")
    }

    @Test("Nested: the inner scroll view places the view, the outer one scrolls as little as shows it")
    func nested() {
        let inner = ScrollView(frame: Rect(x: 0, y: 600, width: 200, height: 100))
        inner.contentSize = Size(width: 1000, height: 100)
        let item = View(frame: Rect(x: 800, y: 0, width: 100, height: 40))
        inner.addSubview(item)
        scroll.addSubview(inner)
        #expect(tree.scroll(item, to: .leftEdge))
        #expect(inner.contentOffset == Point(x: 800, y: 0))
        #expect(scroll.contentOffset == Point(x: 0, y: 540), "the item's bottom (640) at the outer view's bottom")
    }

    @Test("ScrollToPoint moves the view's top-left corner to the point, in the coordinates given, within the content")
    func toPoint() {
        let counter = ScrollCounter()
        scroll.delegate = counter
        #expect(tree.scroll(row, topLeftTo: Point(x: 100, y: 350), in: .screen), "the scroll view's top-left on the screen")
        #expect(scroll.contentOffset == Point(x: 0, y: 500))
        #expect(counter.scrolls == 1, "one scrollViewDidScroll, as for setContentOffset")
        #expect(tree.scroll(row, topLeftTo: Point(x: 0, y: 330), in: .window))
        #expect(scroll.contentOffset == Point(x: 0, y: 470))
        #expect(tree.scroll(row, topLeftTo: Point(x: 0, y: 5000), in: .window))
        #expect(scroll.contentOffset == Point(x: 0, y: 0), "as far as the content goes")
        #expect(counter.scrolls == 3)
    }

    @Test("A view in no scroll view answers false and nothing moves; unknown scroll types name the value")
    func outsideAndBadInput() {
        scroll.contentOffset = Point(x: 0, y: 20)
        #expect(!tree.scroll(fixture.button, to: .topLeft))
        #expect(!tree.scroll(fixture.button, topLeftTo: Point(x: 0, y: 0), in: .screen))
        #expect(!tree.scroll(scroll, to: .topLeft), "a scroll view scrolls the scroll views around it, not itself")
        #expect(scroll.contentOffset == Point(x: 0, y: 20))
        #expect(throws: AccessibilityError.invalidArgument(AtspiScrollType.unknownWireValue(7))) { try AtspiScrollType(wire: 7) }
        #expect(AtspiScrollType.unknownWireValue(7).hasPrefix("scroll type 7 does not exist"))
    }
}
