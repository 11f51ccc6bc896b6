@testable import SceneAccessibility
import SceneCore
import Testing

@MainActor
@Suite("Children diffs: the children-changed events that update a client's copy")
struct ChildrenDiffTests {
    let views = (0..<6).map { View(frame: Rect(x: Double($0), y: 0, width: 1, height: 1)) }

    /// The diff from `old` to `new` (indices into `views`), applied to `old`: must give `new`.
    private func check(_ old: [Int], _ new: [Int]) -> ChildrenDiff {
        let diff = ChildrenDiff(old: old.map { views[$0] }, new: new.map { views[$0] })
        var list = old.map { views[$0] }
        for (index, child) in diff.removed {
            #expect(list[index] === child)
            list.remove(at: index)
        }
        for (index, child) in diff.added { list.insert(child, at: index) }
        #expect(list.map { ObjectIdentifier($0) } == new.map { ObjectIdentifier(views[$0]) })
        return diff
    }

    @Test("No change, no event")
    func unchanged() {
        #expect(check([0, 1, 2], [0, 1, 2]).isEmpty)
    }

    @Test("Additions and removals are announced at their indices, removals from the end first")
    func addAndRemove() {
        let diff = check([0, 1, 2, 3], [1, 4, 3, 5])
        #expect(diff.removed.map(\.index) == [2, 0])
        #expect(diff.added.map(\.index) == [1, 3])
    }

    @Test("A moved child is removed and added again; the others stay", arguments: [[1, 2, 0], [2, 0, 1], [0, 2, 1], [2, 1, 0]])
    func moves(new: [Int]) {
        let diff = check([0, 1, 2], new)
        #expect(diff.removed.count == diff.added.count)
        #expect(diff.removed.count <= 2)
    }

    @Test("The longest run kept in order is found in O(n log n)")
    func longestRun() {
        #expect(ChildrenDiff.longestIncreasingRun([3, 1, 2, 5, 4, 6]) == [1, 2, 4, 5])
        #expect(ChildrenDiff.longestIncreasingRun([]) == [])
        #expect(ChildrenDiff.longestIncreasingRun(Array(0..<1000)).count == 1000)
    }
}

@MainActor
@Suite("Changes since clients were told: children, states and names")
struct AccessibleChangesTests {
    let fixture = AccessibilityFixture()
    var tree: AccessibleTree { fixture.tree }

    @Test("Views nobody asked about report no change")
    func unknownViews() {
        fixture.label.text = "Renamed"
        fixture.content.addSubview(View(frame: .zero))
        #expect(tree.refreshName(of: fixture.label) == nil)
        #expect(tree.refreshChildren(of: fixture.content) == nil)
        #expect(tree.refreshStates(of: fixture.button).isEmpty)
    }

    @Test("A known parent reports the subviews added since, once")
    func children() throws {
        _ = tree.path(of: fixture.content)
        let added = View(frame: .zero)
        fixture.content.insertSubview(added, at: 0)
        let diff = try #require(tree.refreshChildren(of: fixture.content))
        #expect(diff.added.map(\.index) == [0] && diff.added.first?.child === added)
        #expect(tree.refreshChildren(of: fixture.content)?.isEmpty == true)
    }

    @Test("A known view reports the states that changed, with their new values, once")
    func states() {
        _ = tree.path(of: fixture.button)
        fixture.button.isEnabled = false
        fixture.button.isHidden = true
        let changes = tree.refreshStates(of: fixture.button)
        #expect(changes.map { "\($0.state.eventName)=\($0.isSet)" } == ["enabled=false", "sensitive=false", "showing=false", "visible=false"])
        #expect(tree.refreshStates(of: fixture.button).isEmpty)
    }

    @Test("A known label reports its new name, once")
    func names() {
        _ = tree.path(of: fixture.label)
        fixture.label.text = "Renamed"
        #expect(tree.refreshName(of: fixture.label) == "Renamed")
        #expect(tree.refreshName(of: fixture.label) == nil)
    }

    @Test("The root reports windows that come and go")
    func windows() {
        let scene = fixture.application.scene(named: "second")!
        fixture.application.disconnect(scene)
        let diff = tree.refreshWindows()
        #expect(diff.removed.map(\.index) == [1] && diff.removed.first?.child === fixture.second)
        #expect(diff.added.isEmpty)
    }

    @Test("WS-12: an alert that comes is created and added to its frame's children, not the root's; one that goes is destroyed there")
    func alertsComeAndGo() {
        _ = tree.path(of: fixture.main)
        let (alert, _) = fixture.showAlert()
        let set = tree.refreshWindowSet()
        #expect(set.created.count == 1 && set.created.first === alert && set.destroyed.isEmpty)
        #expect(tree.refreshWindows().isEmpty)
        let added = tree.refreshChildren(of: fixture.main)
        #expect(added?.added.count == 1 && added?.added.first?.index == 1 && added?.added.first?.child === alert)
        alert.windowScene = nil
        let gone = tree.refreshWindowSet()
        #expect(gone.destroyed.count == 1 && gone.destroyed.first === alert && gone.created.isEmpty)
        #expect(tree.refreshChildren(of: fixture.main)?.removed.first?.child === alert)
    }

    @Test("WS-12: an alert lowered to a frame moves from its frame to the root: neither created nor destroyed")
    func alertsThatMove() {
        _ = tree.path(of: fixture.main)
        let (alert, _) = fixture.showAlert()
        _ = tree.refreshWindowSet()
        _ = tree.refreshChildren(of: fixture.main)
        alert.windowLevel = .normal
        let set = tree.refreshWindowSet()
        #expect(set.created.isEmpty && set.destroyed.isEmpty)
        #expect(tree.refreshWindows().added.first?.child === alert)
        #expect(tree.refreshChildren(of: fixture.main)?.removed.first?.child === alert)
    }
}
