import SceneCore
import Testing

@Suite("Autoresizing masks [LY-3]")
struct AutoresizingMaskTests {
    /// A 100 × 40 view at (50, 20) in a 400 × 200 superview that becomes 500 × 260 (+100, +60).
    let frame = Rect(x: 50, y: 20, width: 100, height: 40)
    let old = Size(width: 400, height: 200)
    let new = Size(width: 500, height: 260)

    func resized(_ mask: AutoresizingMask) -> Rect { mask.resized(frame, from: old, to: new) }

    @Test("No flexible part: the frame keeps its origin and size (pinned to the top left)")
    func none() {
        #expect(resized([]) == frame)
    }

    @Test("One flexible part takes the whole change: the width, the left margin (pinned right), the right margin (pinned left)")
    func one() {
        #expect(resized(.flexibleWidth) == Rect(x: 50, y: 20, width: 200, height: 40))
        #expect(resized(.flexibleLeftMargin) == Rect(x: 150, y: 20, width: 100, height: 40))
        #expect(resized(.flexibleRightMargin) == frame)
        #expect(resized(.flexibleHeight) == Rect(x: 50, y: 20, width: 100, height: 100))
        #expect(resized(.flexibleTopMargin) == Rect(x: 50, y: 80, width: 100, height: 40))
    }

    @Test("Several flexible parts share the change in proportion to their sizes before it")
    func proportional() {
        // Left margin 50, width 100, right margin 250: +100 is shared 50:100:250.
        #expect(resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]) == Rect(x: 62.5, y: 20, width: 125, height: 40))
        // Both margins (50 and 250): the view keeps its width and moves by 100 × 50/300.
        let centred = resized([.flexibleLeftMargin, .flexibleRightMargin])
        #expect(centred.width == 100 && abs(centred.minX - (50 + 100.0 / 6)) < 1e-9)
        // Top margin 20 and height 40 (the bottom margin, 140, is fixed): +60 is shared 20:40.
        #expect(resized([.flexibleTopMargin, .flexibleHeight]) == Rect(x: 50, y: 40, width: 100, height: 80))
    }

    @Test("Flexible parts that are all zero share the change equally; a length never goes below zero")
    func edges() {
        let filling = Rect(x: 0, y: 0, width: 400, height: 200)
        #expect(AutoresizingMask([.flexibleLeftMargin, .flexibleRightMargin]).resized(filling, from: old, to: new) == Rect(x: 50, y: 0, width: 400, height: 200))
        #expect(AutoresizingMask.flexibleWidth.resized(frame, from: old, to: Size(width: 200, height: 200)) == Rect(x: 50, y: 20, width: 0, height: 40))
        #expect(AutoresizingMask.flexibleWidth.resized(frame, from: old, to: Size(width: .nan, height: 200)) == frame, "a change that is not finite changes nothing")
    }

    @Test("The raw values are UIKit's")
    func rawValues() {
        #expect(
            [AutoresizingMask.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin]
                .map(\.rawValue) == [1, 2, 4, 8, 16, 32])
    }
}
