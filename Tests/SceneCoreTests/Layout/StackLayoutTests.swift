@testable import SceneCore
import TestSupport
import Testing

/// The stack's placement decision alone [LY-7]: natural lengths in, slots out.
@Suite("Stack layout: distributions and alignments [LY-7]")
struct StackLayoutTests {
    private typealias Item = StackLayout.Item

    private func slots(
        _ items: [Item], _ distribution: StackView.Distribution, length: Double, breadth: Double = 50,
        alignment: StackView.Alignment = .fill, spacing: Double = 10
    ) -> [StackLayout.Slot] {
        StackLayout(distribution: distribution, alignment: alignment, spacing: spacing).slots(for: items, length: length, breadth: breadth)
    }

    private func spans(_ slots: [StackLayout.Slot]) -> [[Double]] { slots.map { [$0.position, $0.length] } }

    @Test("fill: extra room goes to the lowest hugging priority, the first of equals")
    func fillGrows() {
        let equal = [Item(length: 40, breadth: 20), Item(length: 60, breadth: 20)]
        #expect(spans(slots(equal, .fill, length: 200)) == [[0, 130], [140, 60]])
        var loose = equal
        loose[1].hugging = LayoutPriority(200)
        #expect(spans(slots(loose, .fill, length: 200)) == [[0, 40], [50, 150]])
    }

    @Test("fill: missing room comes from the lowest compression resistance, the last of equals, each down to zero before the next")
    func fillShrinks() {
        let equal = [Item(length: 40, breadth: 20), Item(length: 60, breadth: 20)]
        #expect(spans(slots(equal, .fill, length: 80)) == [[0, 40], [50, 30]])
        #expect(spans(slots(equal, .fill, length: 30)) == [[0, 20], [30, 0]])
        var weakFirst = equal
        weakFirst[0].compressionResistance = LayoutPriority(700)
        #expect(spans(slots(weakFirst, .fill, length: 80)) == [[0, 10], [20, 60]])
    }

    @Test("fillEqually and fillProportionally share the room after the spacing")
    func fillShares() {
        let items = [Item(length: 10, breadth: 0), Item(length: 30, breadth: 0), Item(length: 60, breadth: 0)]
        #expect(spans(slots(items, .fillEqually, length: 320)) == [[0, 100], [110, 100], [220, 100]])
        #expect(spans(slots(items, .fillProportionally, length: 220)) == [[0, 20], [30, 60], [100, 120]])
        let empty = [Item(length: 0, breadth: 0), Item(length: 0, breadth: 0)]
        #expect(spans(slots(empty, .fillProportionally, length: 110)) == [[0, 50], [60, 50]], "no natural length: equal shares")
    }

    @Test("equalSpacing keeps natural lengths and grows the gaps equally, never below the spacing")
    func equalSpacing() {
        let items = [Item(length: 20, breadth: 0), Item(length: 40, breadth: 0), Item(length: 20, breadth: 0)]
        #expect(spans(slots(items, .equalSpacing, length: 200)) == [[0, 20], [80, 40], [180, 20]])
        #expect(spans(slots(items, .equalSpacing, length: 90)) == [[0, 20], [30, 40], [80, 10]], "too short: shrinks as fill does")
    }

    @Test("equalCentering spaces the centres equally from the first view's leading edge to the last's trailing edge")
    func equalCentering() {
        let items = [Item(length: 20, breadth: 0), Item(length: 60, breadth: 0), Item(length: 20, breadth: 0)]
        // Centres at 10, 100, 190.
        #expect(spans(slots(items, .equalCentering, length: 200)) == [[0, 20], [70, 60], [180, 20]])
        let uneven = [Item(length: 60, breadth: 0), Item(length: 100, breadth: 0), Item(length: 10, breadth: 0)]
        // Centres at 30, 112.5, 195 would leave 2.5 points between the first two: equal spacing instead.
        #expect(spans(slots(uneven, .equalCentering, length: 200)) == [[0, 60], [75, 100], [190, 10]])
    }

    @Test("Across the axis: fill takes the stack's breadth; leading, center and trailing keep the natural one, capped")
    func alignment() {
        let items = [Item(length: 10, breadth: 20), Item(length: 10, breadth: 80)]
        func cross(_ alignment: StackView.Alignment) -> [[Double]] {
            slots(items, .fill, length: 30, breadth: 50, alignment: alignment).map { [$0.offset, $0.breadth] }
        }
        #expect(cross(.fill) == [[0, 50], [0, 50]])
        #expect(cross(.leading) == [[0, 20], [0, 50]])
        #expect(cross(.center) == [[15, 20], [0, 50]])
        #expect(cross(.trailing) == [[30, 20], [0, 50]])
        #expect(StackView.Alignment.top == .leading && StackView.Alignment.bottom == .trailing)
    }

    @Test("Random items: every distribution keeps the order, stays inside the stack when the natural lengths fit, and keeps at least the spacing apart")
    func randomInvariants() {
        var random = SplitMix64(seed: 0x57AC)
        let distributions: [StackView.Distribution] = [.fill, .fillEqually, .fillProportionally, .equalSpacing, .equalCentering]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...6, using: &random)
            let items = (0..<count).map { _ in
                Item(
                    length: Double(Int.random(in: 0...80, using: &random)), breadth: Double(Int.random(in: 0...80, using: &random)),
                    hugging: LayoutPriority(Float(Int.random(in: 249...251, using: &random))),
                    compressionResistance: LayoutPriority(Float(Int.random(in: 749...751, using: &random))))
            }
            let spacing = Double(Int.random(in: 0...12, using: &random))
            let length = Double(Int.random(in: 0...400, using: &random))
            let distribution = distributions.randomElement(using: &random)!
            let placed = slots(items, distribution, length: length, spacing: spacing)
            #expect(placed.count == count)
            for (index, slot) in placed.enumerated() {
                #expect(slot.length >= 0 && slot.position >= -1e-9, "\(distribution) \(items) in \(length)")
                #expect(slot.position + slot.length <= Swift.max(length, 0) + 1e-6 || spacing * Double(count - 1) > length, "\(distribution) \(items) in \(length)")
                if index > 0 {
                    let previous = placed[index - 1]
                    #expect(slot.position - (previous.position + previous.length) >= spacing - 1e-6, "\(distribution) \(items) in \(length)")
                }
            }
            if distribution != .equalSpacing, distribution != .equalCentering, spacing * Double(count - 1) <= length, let last = placed.last {
                #expect(abs(last.position + last.length - length) < 1e-6, "\(distribution) fills the stack: \(items) in \(length)")
            }
        }
    }
}
