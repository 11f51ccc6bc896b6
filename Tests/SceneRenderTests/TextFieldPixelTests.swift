import SceneCore
import SceneRender
import Testing

@MainActor
@Suite("A text field's look: box, placeholder, text and caret [TF-6]")
struct TextFieldPixelTests {
    let harness = RenderHarness()
    let field = TextField(frame: Rect(x: 20, y: 40, width: 300, height: 44))

    init() {
        field.placeholder = "Type here"
        harness.root.addSubview(field)
    }

    /// The box (in points) of the pixels inside the field's border (3 points in) for which `isInk` holds.
    private func inkInside(_ image: PixelImage, where isInk: (Color) -> Bool) -> Rect? {
        let inside = field.frame.insetBy(dx: 3, dy: 3)
        let scale = image.scale
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in Int(inside.minY * scale)..<Int(inside.maxY * scale) {
            for x in Int(inside.minX * scale)..<Int(inside.maxX * scale) where isInk(image.color(x: x, y: y)) {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return Rect(x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
    }

    /// Tint-blue pixels inside the border: the caret.
    private func caretBox(_ image: PixelImage) -> Rect? {
        inkInside(image) { $0.blue > 0.9 && $0.red < 0.1 && $0.green < 0.6 && $0.green > 0.35 }
    }

    @Test("An empty field shows the dimmed placeholder and no caret; editing adds a tint caret at the text's start and a tint border")
    func placeholderAndCaret() throws {
        let idle = harness.render(scale: 2).image
        savePNG(idle, "textfield-placeholder")
        let placeholder = try #require(inkInside(idle) { $0.red < 0.9 && $0.red > 0.3 && abs($0.red - $0.blue) < 0.1 })
        #expect(placeholder.minX >= 20 + 8 - 1 && placeholder.maxX < 320, "placeholder ink \(placeholder)")
        #expect(caretBox(idle) == nil, "no caret while not editing")
        #expect(field.becomeFirstResponder())
        let editing = harness.render(scale: 2).image
        savePNG(editing, "textfield-editing-empty")
        let caret = try #require(caretBox(editing))
        #expect(caret.minX >= 27 && caret.maxX <= 31, "the caret sits at the inset: \(caret)")
        #expect(caret.minY > 40 && caret.maxY < 84 && caret.height > 12, "the caret is one line tall, inside the box: \(caret)")
    }

    @Test("Typed text is drawn in the text colour and the caret follows it; Home brings the caret back")
    func typedText() throws {
        field.becomeFirstResponder()
        field.insertText("Hello")
        let image = harness.render(scale: 2).image
        savePNG(image, "textfield-hello")
        let text = try #require(inkInside(image) { $0.red < 0.3 && $0.green < 0.3 && $0.blue < 0.3 })
        let caret = try #require(caretBox(image))
        #expect(text.minX >= 27 && text.width > 30, "text ink \(text)")
        #expect(caret.minX >= text.maxX - 1 && caret.minX <= text.maxX + 4, "caret \(caret) right after the text \(text)")
        try field.setCaretOffset(0)
        let home = try #require(caretBox(harness.render(scale: 2).image))
        #expect(home.maxX <= text.minX + 2, "caret \(home) before the text \(text)")
    }

    @Test("Secure entry draws bullets, never the characters; long text scrolls to keep the caret in the box")
    func secureAndScrolling() throws {
        field.isSecureTextEntry = true
        field.text = "1234"
        let secure = harness.render(scale: 2).image
        savePNG(secure, "textfield-secure")
        let bullets = try #require(inkInside(secure) { $0.red < 0.3 && $0.green < 0.3 && $0.blue < 0.3 })
        #expect(bullets.height < 10, "bullets are small dots, not digits: \(bullets)")
        field.isSecureTextEntry = false
        field.becomeFirstResponder()
        field.insertText(String(repeating: "W", count: 60))
        let long = harness.render(scale: 2).image
        savePNG(long, "textfield-long")
        let caret = try #require(caretBox(long))
        #expect(caret.maxX <= 320 && caret.minX > 250, "the caret stays at the right end of the box: \(caret)")
        let ink = try #require(inkInside(long) { $0.red < 0.3 && $0.green < 0.3 && $0.blue < 0.3 })
        #expect(ink.minX >= 20 && ink.maxX <= 320, "text is clipped to the box: \(ink)")
    }
}
