import SceneCore
import TestSupport
import Testing

@MainActor
@Suite("Safe area and layout margins [LY-9]")
struct MarginsTests {
    let harness = MeasuredWindow()

    @Test("A window's safe area is its bounds; a controller's additional insets shrink its root view's, and reach the views under it where they overlap")
    func safeArea() {
        let controller = ViewController()
        harness.window.rootViewController = controller
        let root = controller.view
        #expect(harness.window.safeAreaInsets == .zero)
        #expect(root.safeAreaInsets == .zero)
        let header = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
        let middle = View(frame: Rect(x: 20, y: 300, width: 100, height: 100))
        root.addSubview(header)
        root.addSubview(middle)
        harness.application.layoutIfNeeded()
        controller.additionalSafeAreaInsets = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        #expect(middle.needsLayout, "every view under the root may have a new safe area")
        #expect(root.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(root.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 44, width: 400, height: 722))
        #expect(header.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        controller.additionalSafeAreaInsets = EdgeInsets(top: -5, left: 0, bottom: 0, right: 0)
        #expect(root.safeAreaInsets == .zero, "negative insets count as 0")
    }

    @Test("Layout margins default to 8, are measured from the safe area unless told otherwise, and setting them calls layoutMarginsDidChange and marks the view")
    func margins() {
        final class Recording: View {
            var changes = 0
            override func layoutMarginsDidChange() { changes += 1 }
        }
        let controller = ViewController()
        harness.window.rootViewController = controller
        controller.additionalSafeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        let view = Recording(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        controller.view.addSubview(view)
        harness.application.layoutIfNeeded()
        #expect(view.layoutMargins == EdgeInsets(all: 8))
        #expect(view.layoutMarginsGuide.layoutFrame == Rect(x: 8, y: 28, width: 184, height: 64))
        view.insetsLayoutMarginsFromSafeArea = false
        #expect(view.layoutMarginsGuide.layoutFrame == Rect(x: 8, y: 8, width: 184, height: 84))
        harness.application.layoutIfNeeded()
        view.layoutMargins = EdgeInsets(all: 120)
        #expect(view.changes == 1 && view.needsLayout)
        #expect(view.layoutMarginsGuide.layoutFrame == Rect(x: 100, y: 50, width: 0, height: 0), "margins wider than the view leave its middle")
        view.layoutMargins = EdgeInsets(all: 120)
        #expect(view.changes == 1, "the same margins change nothing")
    }

    @Test("A stack arranged relative to its margins places its views inside them, and counts them in its natural size")
    func stackInMargins() {
        let a = Label(frame: .zero, text: "ab")
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 100, height: 40), arrangedSubviews: [a])
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        harness.window.addSubview(stack)
        harness.application.layoutIfNeeded()
        #expect(a.frame == Rect(x: 10, y: 4, width: 80, height: 32))
        #expect(stack.intrinsicContentSize == Size(width: 40, height: 30), "20 + 2 × 10 wide, 22 + 2 × 4 high")
    }
}
