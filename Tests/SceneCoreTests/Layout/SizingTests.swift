import SceneCore
import TestSupport
import Testing

@MainActor
@Suite("Intrinsic sizes and fitting [LY-6]")
struct SizingTests {
    let harness = MeasuredWindow()

    private func placed<V: View>(_ view: V) -> V {
        harness.window.addSubview(view)
        return view
    }

    @Test("A plain view has no intrinsic size and fits to its current size")
    func plainView() {
        let view = placed(View(frame: Rect(x: 5, y: 5, width: 30, height: 20)))
        #expect(view.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(view.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 30, height: 20))
    }

    @Test("A one-line label is as long as its text, whatever the width; rounded up to whole points")
    func oneLineLabel() {
        let label = placed(Label(frame: Rect(x: 0, y: 0, width: 20, height: 10), text: "Hello"))
        label.font = .systemFont(ofSize: 17)  // 21.25 high
        #expect(label.intrinsicContentSize == Size(width: 50, height: 22))
        #expect(label.sizeThatFits(Size(width: 20, height: 0)) == Size(width: 50, height: 22))
        label.sizeToFit()
        #expect(label.frame == Rect(x: 0, y: 0, width: 50, height: 22), "the origin stays")
    }

    @Test("A multi-line label wraps at the width it is given, at most numberOfLines lines; its intrinsic size wraps at preferredMaxLayoutWidth")
    func multiLineLabel() {
        let label = placed(Label(frame: Rect(x: 0, y: 0, width: 0, height: 0), text: "one two three four"))
        label.font = .systemFont(ofSize: 16)  // 20 per line
        label.numberOfLines = 0
        #expect(label.intrinsicContentSize == Size(width: 180, height: 20), "no width to wrap at: one line")
        #expect(label.sizeThatFits(Size(width: 130, height: 0)) == Size(width: 130, height: 40), "one two three / four")
        #expect(label.sizeThatFits(Size(width: 50, height: 0)) == Size(width: 50, height: 80), "one / two / three / four")
        label.numberOfLines = 3
        #expect(label.sizeThatFits(Size(width: 50, height: 0)) == Size(width: 50, height: 60))
        label.preferredMaxLayoutWidth = 130
        #expect(label.intrinsicContentSize == Size(width: 130, height: 40))
    }

    @Test("An empty label is zero; without a text measurer a label has no intrinsic size and fits to its size")
    func unmeasured() {
        let empty = placed(Label(frame: Rect(x: 0, y: 0, width: 30, height: 30), text: nil))
        #expect(empty.intrinsicContentSize == .zero)
        let other = MeasuredWindow(measured: false)
        let label = Label(frame: Rect(x: 0, y: 0, width: 30, height: 12), text: "Hello")
        other.window.addSubview(label)
        #expect(label.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
        #expect(label.sizeThatFits(Size(width: 100, height: 100)) == Size(width: 30, height: 12))
    }

    @Test("Controls: a button is its title and at least 30 high; a text field its longer text with insets and caret, at least 34 high; a switch 51 × 31; a slider 31 high with no width; an image view its image")
    func controls() throws {
        let button = placed(Button(frame: .zero, title: "Save"))  // 15 pt: 18.75 high
        #expect(button.intrinsicContentSize == Size(width: 40, height: 30))
        #expect(placed(Button(frame: .zero, title: nil)).intrinsicContentSize == Size(width: 30, height: 30))
        let field = placed(TextField(frame: .zero))
        field.placeholder = "Name"
        field.text = "Al"
        #expect(field.intrinsicContentSize == Size(width: 40 + 16 + 2, height: 34))
        field.font = .systemFont(ofSize: 40)  // 50 a line
        #expect(field.intrinsicContentSize.height == 58)
        #expect(placed(Switch(frame: .zero)).intrinsicContentSize == Size(width: 51, height: 31))
        #expect(placed(Switch(frame: .zero)).sizeThatFits(Size(width: 500, height: 500)) == Size(width: 51, height: 31))
        let slider = placed(Slider(frame: Rect(x: 0, y: 0, width: 200, height: 10)))
        #expect(slider.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 31))
        #expect(slider.sizeThatFits(Size(width: 120, height: 0)) == Size(width: 120, height: 31))
        let image = try Image(width: 8, height: 6, pixels: Array(repeating: 0, count: 48), scale: 2)
        #expect(placed(ImageView(image: image)).intrinsicContentSize == Size(width: 4, height: 3))
        #expect(placed(ImageView(frame: .zero)).intrinsicContentSize.width == View.noIntrinsicMetric)
    }

    @Test("A change of what the intrinsic size depends on lays the superview out again")
    func invalidation() {
        let container = placed(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        let label = Label(frame: .zero, text: "a")
        container.addSubview(label)
        harness.application.layoutIfNeeded()
        #expect(!container.needsLayout)
        label.text = "ab"
        #expect(container.needsLayout)
        harness.application.layoutIfNeeded()
        label.font = .systemFont(ofSize: 30)
        #expect(container.needsLayout)
    }

    @Test("Text typed into a field changes its intrinsic width and lays its superview out again")
    func typedText() throws {
        let container = placed(View(frame: Rect(x: 0, y: 0, width: 300, height: 100)))
        let field = TextField(frame: .zero)
        container.addSubview(field)
        harness.application.layoutIfNeeded()
        let before = field.intrinsicContentSize.width
        try field.replaceText(in: 0..<0, with: "abcdef")
        #expect(container.needsLayout)
        #expect(field.intrinsicContentSize.width == before + 60)
    }
}
