import SceneCore
import Testing

/// The hit indexes follow every change of the tree (the random differential cases are in
/// HitTestDifferentialTests).
@MainActor
@Suite("Hit testing: the indexes follow the tree")
struct ChildHitIndexTests {
    @Test("Changing geometry after a hit test is seen by the next hit test (index kept in step)")
    func indexFollowsMutations() {
        let root = View(frame: Rect(x: 0, y: 0, width: 1000, height: 100))
        var children: [View] = []
        for index in 0..<64 {
            let child = View(frame: Rect(x: Double(index) * 10, y: 0, width: 10, height: 10))
            children.append(child)
            root.addSubview(child)
        }
        #expect(root.hitTest(Point(x: 105, y: 5), with: nil) === children[10])
        children[10].frame = Rect(x: 500, y: 50, width: 10, height: 10)
        #expect(root.hitTest(Point(x: 105, y: 5), with: nil) === root)
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[10])
        children[5].center = Point(x: 505, y: 55)
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[10], "index 5 is behind index 10")
        root.bringSubviewToFront(children[5])
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[5])
        root.insertSubview(children[3], aboveSubview: children[5])
        children[3].frame = children[5].frame
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[3])
        children[3].alpha = 0
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[5])
        // [0, 1, 2, 4, …, 63, 5, 3] → swap the ends → [3, 1, 2, 4, …, 63, 5, 0]
        root.exchangeSubview(at: 0, withSubviewAt: root.subviews.count - 1)
        #expect(root.subviews.first === children[3])
        #expect(root.subviews.last === children[0])
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[5])
        children[0].frame = Rect(x: 495, y: 45, width: 20, height: 20)
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[0])
        children[0].removeFromSuperview()
        children[5].isUserInteractionEnabled = false
        #expect(root.hitTest(Point(x: 505, y: 55), with: nil) === children[10])
    }
}
