import SceneCore
import TestSupport
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

    /// The formula as written in LY-3, with arrays: the reference the allocation-free axis must match.
    private static func plainAxis(origin: Double, length: Double, container: Double, change: Double, flexible: [Bool]) -> (Double, Double) {
        let count = flexible.filter { $0 }.count
        guard change != 0, change.isFinite, count > 0 else { return (origin, length) }
        let sizes = [Swift.max(0, origin), Swift.max(0, length), Swift.max(0, container - origin - length)]
        var total = 0.0
        for index in 0..<3 where flexible[index] { total += sizes[index] }
        func share(_ index: Int) -> Double {
            guard flexible[index] else { return 0 }
            return total > 0 ? change * sizes[index] / total : change / Double(count)
        }
        return (origin + share(0), Swift.max(0, length + share(1)))
    }

    @Test("Random frames, masks and size changes: exactly the plain formula's frames")
    func agreesWithThePlainFormula() {
        var random = SplitMix64(seed: 0xA5_7025)
        func value(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &random)) / [1.0, 3, 10][Int.random(in: 0...2, using: &random)] }
        for _ in 0..<5_000 {
            let mask = AutoresizingMask(rawValue: UInt.random(in: 0...63, using: &random))
            let frame = Rect(x: value(-50...300), y: value(-50...300), width: value(0...300), height: value(0...300))
            let old = Size(width: value(0...400), height: value(0...400))
            let new = Int.random(in: 0...9, using: &random) == 0 ? old : Size(width: value(0...400), height: value(0...400))
            let resized = mask.resized(frame, from: old, to: new)
            let x = Self.plainAxis(
                origin: frame.minX, length: frame.width, container: old.width, change: new.width - old.width,
                flexible: [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)])
            let y = Self.plainAxis(
                origin: frame.minY, length: frame.height, container: old.height, change: new.height - old.height,
                flexible: [mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)])
            #expect(resized == Rect(x: x.0, y: y.0, width: x.1, height: y.1), "\(mask.rawValue) \(frame) \(old) → \(new)")
        }
    }
}
