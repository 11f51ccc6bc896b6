import SceneCore
import Testing

/// Seed 000 (docs/behaviour.md, "Where the rules come from"): which view a tap finds, and how the touch travels back up.
@MainActor
@Suite("Seed 000: finding the touched view")
struct SeedFindViewTests {
    let harness = Harness()
    let appDelegate: TracingResponder

    init() {
        appDelegate = TracingResponder("AppDelegate", trace: harness.trace)
        harness.application.delegate = appDelegate
        let trace = harness.trace
        let gray = TracingView("Gray", frame: Rect(x: 50, y: 100, width: 260, height: 200), trace: trace)
        let red = TracingView("Red", frame: Rect(x: 0, y: 0, width: 120, height: 100), trace: trace)
        let blue = TracingView("Blue", frame: Rect(x: 140, y: 100, width: 100, height: 100), trace: trace)
        let yellow = TracingView("Yellow", frame: Rect(x: 50, y: 360, width: 200, height: 200), trace: trace)
        harness.root.addSubview(gray)
        gray.addSubview(red)
        gray.addSubview(blue)
        harness.root.addSubview(yellow)
    }

    @Test("§9/1, HT-2, RC-2: tapping Blue tries Yellow, Gray, Blue (never Red) and bubbles Blue → Gray → VC")
    func tapBlue() {
        harness.tap(240, 250)
        #expect(
            harness.trace.lines == [
                "Yellow.hitTest", "Yellow.pointInside=false",
                "Gray.hitTest", "Gray.pointInside=true",
                "Blue.hitTest", "Blue.pointInside=true",
                "Blue.touchesBegan", "Gray.touchesBegan", "VC.touchesBegan", "AppDelegate.touchesBegan",
                "Blue.touchesEnded", "Gray.touchesEnded", "VC.touchesEnded", "AppDelegate.touchesEnded",
            ])
    }

    @Test("§9/2: tapping Red tries Blue first (added later) and then Red")
    func tapRed() {
        harness.tap(100, 150)
        #expect(
            Array(harness.trace.lines.prefix(8)) == [
                "Yellow.hitTest", "Yellow.pointInside=false", "Gray.hitTest", "Gray.pointInside=true",
                "Blue.hitTest", "Blue.pointInside=false", "Red.hitTest", "Red.pointInside=true",
            ])
        #expect(
            Array(harness.trace.lines.dropFirst(8)) == [
                "Red.touchesBegan", "Gray.touchesBegan", "VC.touchesBegan", "AppDelegate.touchesBegan",
                "Red.touchesEnded", "Gray.touchesEnded", "VC.touchesEnded", "AppDelegate.touchesEnded",
            ])
    }

    @Test("RC-1: the chain from Blue goes Gray → root view → VC → window → scene → application → delegate")
    func chainReachesApplication() throws {
        harness.tap(240, 250)
        let touchView = try #require(harness.window.subviews.first?.subviews.first?.subviews.last)
        var chain: [String] = []
        var responder: Responder? = touchView
        while let current = responder {
            chain.append(ViewReference.describe(current))
            responder = current.next
        }
        #expect(
            chain == [
                "TracingView#0.0.1", "TracingView#0.0", "View#0", "TracingViewController", "Window#", "scene:main",
                "Application", "TracingResponder",
            ])
    }
}
