import SceneCore
import TestSupport
import Testing

@MainActor
@Suite("Stack views [LY-7]")
struct StackViewTests {
    let harness = MeasuredWindow()

    private func label(_ text: String) -> Label { Label(frame: .zero, text: text) }

    private func frames(_ views: [View]) -> [Rect] { views.map(\.frame) }

    @Test("A horizontal stack of labels places them by their text at the next layout pass, filling its height")
    func horizontal() {
        let a = label("ab"), b = label("abcd")
        let stack = StackView(frame: Rect(x: 10, y: 10, width: 200, height: 40), arrangedSubviews: [a, b])
        stack.spacing = 8
        harness.window.addSubview(stack)
        #expect(a.frame == .zero, "nothing happens until the pass")
        harness.application.layoutIfNeeded()
        // Natural widths 20 and 40; the first of equal hugging takes the 132 points left.
        #expect(frames([a, b]) == [Rect(x: 0, y: 0, width: 152, height: 40), Rect(x: 160, y: 0, width: 40, height: 40)])
        #expect(stack.subviews.count == 2)
    }

    @Test("In a vertical stack a multi-line label is as tall as its text wrapped at the width it gets: the stack's with fill, its own capped at it otherwise")
    func multiLineLabelWraps() {
        let text = "aaaa bbbb cccc dddd"  // 190 pt on one line; four 40-pt words
        let wrapped = label(text), single = label(text), leading = label(text)
        wrapped.numberOfLines = 0
        leading.numberOfLines = 0
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 400), arrangedSubviews: [wrapped, single])
        stack.axis = .vertical
        stack.distribution = .equalSpacing
        harness.window.addSubview(stack)
        harness.application.layoutIfNeeded()
        #expect(wrapped.frame.size == Size(width: 100, height: 43), "two lines of two words at 100 pt (2 × 21.25 pt, rounded up)")
        #expect(single.frame.size.height == 22, "one line stays one line")
        let narrow = StackView(frame: Rect(x: 0, y: 0, width: 140, height: 400), arrangedSubviews: [leading])
        narrow.axis = .vertical
        narrow.alignment = .leading
        narrow.distribution = .equalSpacing
        harness.window.addSubview(narrow)
        harness.application.layoutIfNeeded()
        #expect(leading.frame.size == Size(width: 140, height: 43), "its 190-pt line capped at 140 pt: three words, then one")
    }

    @Test("A vertical stack centres its views across; hiding one closes its gap and showing it opens it again")
    func verticalHiding() {
        let a = label("a"), b = label("bb"), c = label("ccc")  // 17 pt: 22 high each
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 300), arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        stack.distribution = .equalSpacing
        stack.alignment = .center
        harness.window.addSubview(stack)
        harness.application.layoutIfNeeded()
        #expect(frames([a, b, c]) == [
            Rect(x: 45, y: 0, width: 10, height: 22), Rect(x: 40, y: 139, width: 20, height: 22), Rect(x: 35, y: 278, width: 30, height: 22),
        ])
        b.isHidden = true
        #expect(stack.needsLayout)
        harness.application.layoutIfNeeded()
        #expect(a.frame.minY == 0 && c.frame.minY == 278)
        #expect(stack.intrinsicContentSize == Size(width: 30, height: 44))
        b.isHidden = false
        harness.application.layoutIfNeeded()
        #expect(b.frame.minY == 139)
    }

    @Test("Resizing the stack or changing an arranged view's text lays it out again")
    func relayout() {
        let a = label("ab"), b = label("abcd")
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 30), arrangedSubviews: [a, b])
        stack.distribution = .fillEqually
        harness.window.addSubview(stack)
        harness.application.layoutIfNeeded()
        #expect(b.frame == Rect(x: 50, y: 0, width: 50, height: 30))
        stack.frame.size.width = 300
        harness.application.layoutIfNeeded()
        #expect(b.frame == Rect(x: 150, y: 0, width: 150, height: 30))
        stack.distribution = .fill
        harness.application.layoutIfNeeded()
        #expect(b.frame.width == 40)
        b.text = "abcdefgh"
        harness.application.layoutIfNeeded()
        #expect(b.frame == Rect(x: 220, y: 0, width: 80, height: 30))
    }

    @Test("Arranged views: insert moves or adds, remove keeps the subview, removing from the superview leaves the stack too")
    func arrangement() {
        let a = label("a"), b = label("b"), c = label("c")
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 30), arrangedSubviews: [a, b])
        stack.insertArrangedSubview(c, at: 0)
        #expect(stack.arrangedSubviews.map(\.accessibilityLabel) == ["c", "a", "b"])
        #expect(stack.subviews.map(\.accessibilityLabel) == ["a", "b", "c"], "added as the last subview")
        stack.insertArrangedSubview(b, at: -5)
        #expect(stack.arrangedSubviews.map(\.accessibilityLabel) == ["b", "c", "a"])
        stack.removeArrangedSubview(c)
        #expect(stack.arrangedSubviews.map(\.accessibilityLabel) == ["b", "a"])
        #expect(c.superview === stack)
        a.removeFromSuperview()
        #expect(stack.arrangedSubviews.map(\.accessibilityLabel) == ["b"])
        stack.addArrangedSubview(stack)
        #expect(stack.arrangedSubviews.count == 1, "a stack does not arrange itself")
    }

    @Test("Stacks nest: an inner stack's natural size is its views' and spacing, and a size change inside reaches the outer one")
    func nested() {
        let inner = StackView(arrangedSubviews: [label("ab"), label("cd")])
        inner.spacing = 5
        let title = label("title")
        let outer = StackView(frame: Rect(x: 0, y: 0, width: 200, height: 100), arrangedSubviews: [title, inner])
        outer.axis = .vertical
        outer.alignment = .leading
        harness.window.addSubview(outer)
        harness.application.layoutIfNeeded()
        #expect(inner.intrinsicContentSize == Size(width: 45, height: 22))
        // Equal hugging: the first view, the title, takes the room left.
        #expect(inner.frame == Rect(x: 0, y: 78, width: 45, height: 22))
        (inner.arrangedSubviews[0] as? Label)?.text = "abcdef"
        harness.application.layoutIfNeeded()
        #expect(inner.frame.width == 85, "60 + 5 + 20")
    }
}
