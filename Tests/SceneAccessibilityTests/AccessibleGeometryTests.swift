@testable import SceneAccessibility
import SceneCore
import Testing

@MainActor
@Suite("The accessible tree: extents and hit testing")
struct AccessibleGeometryTests {
    let fixture = AccessibilityFixture()
    var tree: AccessibleTree { fixture.tree }

    private func extents(_ view: View, _ type: CoordinateType) -> AtspiExtents {
        AtspiExtents(tree.frame(of: view, in: type))
    }

    @Test("Extents are in screen, window or parent coordinates; a window's parent coordinates are the screen")
    func extents() {
        #expect(extents(fixture.main, .screen) == AtspiExtents(x: 100, y: 50, width: 400, height: 600))
        #expect(extents(fixture.main, .window) == AtspiExtents(x: 0, y: 0, width: 400, height: 600))
        #expect(extents(fixture.main, .parent) == AtspiExtents(x: 100, y: 50, width: 400, height: 600))
        #expect(extents(fixture.inner, .screen) == AtspiExtents(x: 350, y: 60, width: 50, height: 50))
        #expect(extents(fixture.inner, .window) == AtspiExtents(x: 250, y: 10, width: 50, height: 50))
        #expect(extents(fixture.inner, .parent) == AtspiExtents(x: 0, y: 0, width: 50, height: 50))
        #expect(extents(fixture.plain, .screen) == AtspiExtents(x: 620, y: 70, width: 100, height: 100))
    }

    @Test("A transformed view's extents are its bounding box on the screen")
    func transformed() {
        fixture.plain.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(extents(fixture.plain, .window) == AtspiExtents(x: -30, y: -30, width: 200, height: 200))
    }

    @Test("Points are tested in the coordinate type given, half-open like the model's bounds")
    func contains() {
        #expect(tree.contains(fixture.button, Point(x: 110, y: 110), in: .screen))
        #expect(tree.contains(fixture.button, Point(x: 10, y: 60), in: .window))
        #expect(!tree.contains(fixture.button, Point(x: 110, y: 100), in: .window), "the right edge is outside")
        #expect(tree.contains(fixture.button, Point(x: 0, y: 0), in: .parent) == false)
        #expect(tree.contains(fixture.button, Point(x: 15, y: 65), in: .parent))
    }

    @Test("The accessible at a point is the model's hit test from the object, deepest first")
    func hitTesting() {
        #expect(tree.accessible(at: Point(x: 130, y: 130), in: fixture.main, coordinates: .screen) === fixture.button)
        #expect(tree.accessible(at: Point(x: 30, y: 80), in: fixture.main, coordinates: .window) === fixture.button)
        #expect(tree.accessible(at: Point(x: 10, y: 10), in: fixture.button, coordinates: .window) == nil, "nothing below the button")
        #expect(tree.accessible(at: Point(x: 5000, y: 5000), in: fixture.main, coordinates: .screen) == nil)
    }

    @Test("WS-12: over its frame, an attached alert answers the point, deepest first; its parent coordinates are the frame's")
    func attachedAlerts() {
        let (alert, button) = fixture.showAlert()
        #expect(tree.accessible(at: Point(x: 170, y: 220), in: fixture.main, coordinates: .screen) === button)
        #expect(tree.accessible(at: Point(x: 300, y: 280), in: fixture.main, coordinates: .screen) === alert, "the alert, where it has no view")
        #expect(tree.accessible(at: Point(x: 130, y: 130), in: fixture.main, coordinates: .screen) === fixture.button, "beside the alert: the frame's own view")
        #expect(extents(alert, .parent) == AtspiExtents(x: 50, y: 150, width: 200, height: 100))
        #expect(extents(alert, .screen) == AtspiExtents(x: 150, y: 200, width: 200, height: 100))
        alert.isHidden = true
        #expect(tree.accessible(at: Point(x: 170, y: 220), in: fixture.main, coordinates: .screen) !== button, "a hidden alert answers nothing")
    }

    @Test("Hit testing skips what the model skips: labels take no touches, hidden views are not hit")
    func hitTestingFollowsTheModel() {
        #expect(tree.accessible(at: Point(x: 20, y: 20), in: fixture.main, coordinates: .window) === fixture.content)
        #expect(tree.accessible(at: Point(x: 260, y: 20), in: fixture.main, coordinates: .window) === fixture.content)
    }

    @Test("A hit inside a subtree hidden from assistive technologies answers its nearest exposed ancestor")
    func hitTestingHiddenSubtrees() {
        #expect(tree.accessible(at: Point(x: 260, y: 210), in: fixture.main, coordinates: .window) === fixture.content)
    }

    @Test("Extents round to whole points and clamp what does not fit in 32 bits")
    func rounding() {
        #expect(AtspiExtents(Rect(x: 1.4, y: 1.6, width: 10.5, height: 0.2)) == AtspiExtents(x: 1, y: 2, width: 11, height: 0))
        #expect(AtspiExtents(Rect(x: .nan, y: 1e12, width: 1, height: 1)) == AtspiExtents(x: 0, y: 2_000_000_000, width: 1, height: 1))
    }
}
