import SceneCore
import Testing

@Suite("Scene size restrictions [LY-11]")
struct SceneSizeRestrictionsTests {
    let restrictions = SceneSizeRestrictions(minimumSize: Size(width: 320, height: 480), maximumSize: Size(width: 1024, height: 768))

    @Test("A size is within the restrictions up to and including their bounds, in both dimensions")
    func containsIncludesTheBounds() {
        #expect(restrictions.contains(Size(width: 320, height: 480)))
        #expect(restrictions.contains(Size(width: 1024, height: 768)))
        #expect(!restrictions.contains(Size(width: 319.5, height: 600)))
        #expect(!restrictions.contains(Size(width: 500, height: 768.5)))
    }

    @Test("Clamping brings each dimension into its own range and leaves a size within unchanged")
    func clampWorksPerDimension() {
        #expect(restrictions.clamp(Size(width: 100, height: 2000)) == Size(width: 320, height: 768))
        #expect(restrictions.clamp(Size(width: 600, height: 500)) == Size(width: 600, height: 500))
    }

    @Test("Normalising turns a negative or NaN minimum into 0, a NaN maximum into unbounded, and a maximum below its minimum into the minimum")
    func normalizingMakesEveryValueUsable() {
        let odd = SceneSizeRestrictions(minimumSize: Size(width: -5, height: .nan), maximumSize: Size(width: .nan, height: -10))
        #expect(odd.normalized == SceneSizeRestrictions(minimumSize: .zero, maximumSize: Size(width: .infinity, height: 0)))
        let crossed = SceneSizeRestrictions(minimumSize: Size(width: 400, height: 400), maximumSize: Size(width: 300, height: 500))
        #expect(crossed.normalized.maximumSize == Size(width: 400, height: 500))
        #expect(SceneSizeRestrictions(minimumSize: Size(width: .infinity, height: 1), maximumSize: Size(width: 1, height: 1)).normalized.minimumSize
            == Size(width: 0, height: 1))
    }

    @Test("A fixed size does not allow resizing; any range does")
    func allowsResizingNeedsARange() {
        #expect(restrictions.allowsResizing)
        #expect(!SceneSizeRestrictions(minimumSize: Size(width: 390, height: 844), maximumSize: Size(width: 390, height: 844)).allowsResizing)
        #expect(SceneSizeRestrictions.none.allowsResizing)
    }

    @Test("The description gives the minimum, then the maximum or 'unbounded'")
    func descriptionNamesTheRange() {
        #expect(restrictions.description == "320×480…1024×768")
        #expect(SceneSizeRestrictions.none.description == "0×0…unbounded")
    }
}
