import SceneCore
import Testing

@MainActor
@Suite("Responder chain [RC-1, RC-2, TD-10]")
struct ResponderChainTests {
    let harness = Harness()

    private func chain(from responder: Responder) -> [String] {
        var names: [String] = []
        var node: Responder? = responder
        while let current = node {
            names.append(ViewReference.describe(current))
            node = current.next
        }
        return names
    }

    @Test("RC-1, §9/37: R → VC → window → scene → application → delegate (a plain responder)")
    func chainWithResponderDelegate() {
        let delegate = TracingResponder("AppDelegate", trace: harness.trace)
        harness.application.delegate = delegate
        #expect(chain(from: harness.root) == ["View#0", "TracingViewController", "Window#", "scene:main", "Application", "TracingResponder"])
    }

    @Test("RC-1, §9/37: a delegate that is not a responder ends the chain at the application")
    func chainWithPlainDelegate() {
        final class PlainDelegate: ApplicationDelegate {}
        let delegate = PlainDelegate()
        harness.application.delegate = delegate
        #expect(chain(from: harness.root).last == "Application")
    }

    @Test("RC-1: a subview's next is its superview; a child controller's root view goes to its controller first")
    func childControllers() {
        let child = ViewController()
        harness.controller.addChild(child)
        harness.root.addSubview(child.view)
        let leaf = View(frame: .zero)
        child.view.addSubview(leaf)
        #expect(leaf.next === child.view)
        #expect(child.view.next === child)
        #expect(child.next === harness.root)
        #expect(harness.controller.children.first === child)
        #expect(child.parent === harness.controller)
    }

    @Test("RC-1: a presented controller's next is the presenting controller")
    func presentedController() {
        let presented = ViewController()
        harness.controller.present(presented)
        #expect(presented.presentingViewController === harness.controller)
        #expect(presented.view.superview === harness.window)
        #expect(presented.next === harness.window || presented.next === harness.controller)
        #expect(presented.next === harness.controller)
        presented.dismiss()
        #expect(presented.view.superview == nil)
        #expect(harness.controller.presentedViewController == nil)
    }

    @Test("RC-1: a window with no scene forwards to the application it last belonged to")
    func detachedWindow() {
        let window = harness.makeWindow(frame: Rect(x: 0, y: 0, width: 10, height: 10), title: "W2")
        window.windowScene = nil
        #expect(window.next === harness.application)
    }

    @Test("UC-1, seed 000: a control ends the chain; its subclass calling super does not bubble either")
    func controlStopsTheChain() {
        final class LoggingButton: Button {
            var trace: Trace?
            override func touchesBegan(_ touches: TouchSet, with event: Event?) {
                trace?.log("Button.touchesBegan")
                super.touchesBegan(touches, with: event)
            }
        }
        let button = LoggingButton(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        button.trace = harness.trace
        harness.root.addSubview(button)
        harness.tap(10, 10)
        #expect(harness.trace.lines == ["Button.touchesBegan"])
    }
}
