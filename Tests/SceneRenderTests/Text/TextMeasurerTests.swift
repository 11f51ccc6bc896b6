import SceneCore
import SceneRender
import TestSupport
import Testing

@MainActor
@Suite("The renderer's text measurer sizes labels [LY-6]")
struct TextMeasurerTests {
    @Test("A label's intrinsic size is the renderer's measurement of its text, rounded up; wrapping at a narrower width makes it taller and no wider")
    func labelIntrinsicSize() {
        let application = Application(clock: ManualClock())
        let measurer = TextMeasurer()
        application.textMeasurer = measurer
        let window = application.connectKeyWindowScene().window
        let label = Label(frame: .zero, text: "Settings and privacy for everyone")
        window.addSubview(label)
        let measured = measurer.size(of: label.text!, style: label.textStyle, width: nil)
        #expect(measured.width > 100 && measured.height > 10, "\(measured)")
        #expect(label.intrinsicContentSize == Size(width: measured.width.rounded(.up), height: measured.height.rounded(.up)))
        label.numberOfLines = 0
        let wrapped = label.sizeThatFits(Size(width: measured.width / 2, height: 0))
        #expect(wrapped.width <= (measured.width / 2).rounded(.up))
        #expect(wrapped.height >= 2 * measured.height.rounded(.down))
    }
}
