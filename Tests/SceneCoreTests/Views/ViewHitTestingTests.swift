import SceneCore
import Testing

@MainActor
@Suite("View hit testing [HT-1 … HT-13]")
struct ViewHitTestingTests {
    let harness = Harness()

    private func hitView(_ x: Double, _ y: Double) -> View? {
        harness.application.hitTest(screenPoint: Point(x: x, y: y))?.view
    }

    @Test("HT-2 step 1, §9/3: a hidden view is asked hitTest but never point(inside:); the tap lands on R")
    func hiddenViewSkipsPointInside() {
        let yellow = TracingView("Yellow", frame: Rect(x: 50, y: 360, width: 200, height: 200), trace: harness.trace)
        yellow.isHidden = true
        harness.root.addSubview(yellow)
        #expect(hitView(100, 400) === harness.root)
        #expect(harness.trace.lines == ["Yellow.hitTest"])
    }

    @Test("HT-2, §9/4: alpha 0.01 is not hit, alpha 0.011 is", arguments: [(0.01, false), (0.011, true), (0.0, false), (1.0, true)])
    func alphaThreshold(alpha: Double, hit: Bool) {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.alpha = alpha
        harness.root.addSubview(view)
        #expect((hitView(10, 10) === view) == hit)
        #expect((hitView(10, 10) === harness.root) == !hit)
    }

    @Test("HT-2, HT-3, §9/5: interaction disabled on a parent excludes the child that fills it")
    func disabledParentExcludesSubtree() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        parent.addSubview(child)
        parent.isUserInteractionEnabled = false
        harness.root.addSubview(parent)
        #expect(hitView(50, 50) === harness.root)
    }

    @Test("HT-4: containment is half-open — the left/top edge is inside, the right/bottom edge is not")
    func halfOpenEdges() {
        let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        harness.root.addSubview(view)
        #expect(hitView(10, 10) === view)
        #expect(hitView(29.999, 29.999) === view)
        #expect(hitView(30, 15) === harness.root)
        #expect(hitView(15, 30) === harness.root)
    }

    @Test("HT-7, §9/6: a child outside its parent is not hit, whatever clipsToBounds says", arguments: [false, true])
    func childOutsideParent(clips: Bool) {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 80, y: 80, width: 50, height: 50))
        parent.clipsToBounds = clips
        parent.addSubview(child)
        harness.root.addSubview(parent)
        #expect(hitView(120, 120) === harness.root)
        #expect(hitView(90, 90) === child)
    }

    @Test("HT-7, HT-9, §9/6: a parent whose point(inside:) accepts more makes the outside part of a child hittable")
    func enlargedParentReachesOutsideChild() {
        let parent = TracingView("P", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: harness.trace)
        parent.hitSlop = 50
        parent.clipsToBounds = true
        let child = View(frame: Rect(x: 80, y: 80, width: 50, height: 50))
        parent.addSubview(child)
        harness.root.addSubview(parent)
        #expect(hitView(120, 120) === child)
    }

    @Test("HT-6, §9/7: a scrolled parent (bounds origin 0,100) shows and hits its child at its top-left")
    func scrolledBoundsOrigin() throws {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        parent.bounds = Rect(x: 0, y: 100, width: 200, height: 200)
        let child = View(frame: Rect(x: 0, y: 100, width: 50, height: 50))
        parent.addSubview(child)
        harness.root.addSubview(parent)
        #expect(hitView(10, 10) === child)
        let touch = try #require(harness.down(10, 10))
        #expect(touch.view === child)
        #expect(touch.location(in: child) == Point(x: 10, y: 10))
    }

    @Test("HT-5, §9/8: a view scaled 3× around its center is hit in its transformed footprint")
    func transformedFootprint() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: Rect(x: 90, y: 90, width: 20, height: 20))
        parent.addSubview(child)
        harness.root.addSubview(parent)
        #expect(hitView(125, 100) === parent)
        child.transform = AffineTransform(scaleX: 3, y: 3)
        #expect(hitView(125, 100) === child)
        #expect(hitView(131, 100) === parent)
        child.transform = .identity
        #expect(child.frame == Rect(x: 90, y: 90, width: 20, height: 20))
        #expect(hitView(125, 100) === parent)
    }

    @Test("HT-5: a rotated view is hit where it is drawn, not where its frame box is")
    func rotatedFootprint() {
        let child = View(frame: Rect(x: 100, y: 100, width: 100, height: 10))
        child.transform = AffineTransform(rotationAngle: Double.pi / 2)
        harness.root.addSubview(child)
        // After a quarter turn around (150, 105) the bar spans x 145…155, y 55…155.
        #expect(hitView(150, 60) === child)
        #expect(hitView(110, 105) === harness.root)
    }

    @Test("HT-5: a view with a singular (zero) scale is never hit")
    func singularTransformIsNotHit() {
        let child = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        child.transform = AffineTransform(scaleX: 0, y: 0)
        harness.root.addSubview(child)
        #expect(hitView(50, 50) === harness.root)
    }

    @Test("HT-5: a view with a singular transform is still asked its hitTest override, with (NaN, NaN)")
    func singularTransformIsStillAsked() {
        final class Redirecting: View {
            var target: View?
            var asked: [Point] = []
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                asked.append(point)
                return target
            }
        }
        let target = View(frame: Rect(x: 300, y: 300, width: 10, height: 10))
        let redirecting = Redirecting(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        redirecting.transform = AffineTransform(scaleX: 0, y: 0)
        harness.root.addSubview(target)
        harness.root.addSubview(redirecting)
        #expect(hitView(50, 50) === harness.root)
        #expect(redirecting.asked.count == 1 && redirecting.asked.allSatisfy { $0.x.isNaN && $0.y.isNaN })
        redirecting.target = target
        #expect(hitView(50, 50) === target)
        redirecting.transform = AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(hitView(50, 50) === target, "a transform that is not finite cannot be inverted either")
        #expect(redirecting.asked.count == 3)
    }

    @Test("HT-8: a transparent (clear) view is still hit")
    func clearViewIsHit() {
        let clear = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        harness.root.addSubview(clear)
        #expect(hitView(10, 10) === clear)
    }

    @Test("HT-9: a hitTest returning nil makes a subtree transparent; the walk continues behind it")
    func transparentSubtree() {
        final class PassThrough: View {
            override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
        }
        let behind = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let overlay = PassThrough(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        overlay.addSubview(View(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
        harness.root.addSubview(behind)
        harness.root.addSubview(overlay)
        #expect(hitView(50, 50) === behind)
    }

    @Test("HT-9: a view that returns nil instead of itself passes touches through itself but not its children")
    func passThroughSelfOnly() {
        final class SelfTransparent: View {
            override func hitTest(_ point: Point, with event: Event?) -> View? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let behind = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let overlay = SelfTransparent(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let button = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        overlay.addSubview(button)
        harness.root.addSubview(behind)
        harness.root.addSubview(overlay)
        #expect(hitView(15, 15) === button)
        #expect(hitView(100, 100) === behind)
    }

    @Test("HT-9, §9/9: point(inside:) enlarged by 10 pt makes a button hittable at (95, 95)")
    func enlargedHitArea() {
        let button = TracingView("B", frame: Rect(x: 100, y: 100, width: 40, height: 40), trace: harness.trace)
        button.hitSlop = 10
        harness.root.addSubview(button)
        #expect(hitView(95, 95) === button)
        #expect(hitView(89, 95) === harness.root)
    }

    @Test("HT-12, §9/38: a window with nothing under the point is itself the hit view")
    func windowIsHitView() throws {
        harness.root.isUserInteractionEnabled = false
        let touch = try #require(harness.down(10, 10))
        #expect(touch.view === harness.window)
        #expect(touch.window === harness.window)
    }

    @Test("HT-13: labels and image views ignore touches by default, and so do their subviews")
    func labelsAndImagesIgnoreTouches() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 100), text: "Hi")
        let image = ImageView(frame: Rect(x: 100, y: 0, width: 100, height: 100))
        label.addSubview(View(frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        harness.root.addSubview(label)
        harness.root.addSubview(image)
        #expect(!label.isUserInteractionEnabled)
        #expect(!image.isUserInteractionEnabled)
        #expect(hitView(10, 10) === harness.root)
        #expect(hitView(150, 10) === harness.root)
    }

    @Test("HQ-3, §9/36: two hit-test passes log the whole walk twice and bind to the last result")
    func twoHitTestPasses() throws {
        var settings = InteractionSettings()
        settings.hitTestPasses = 2
        let harness = Harness(settings: settings)
        let trace = harness.trace
        let rootView = TracingView("Root", frame: Rect(x: 0, y: 0, width: 400, height: 800), trace: trace)
        let a = TracingView("A", frame: Rect(x: 0, y: 0, width: 200, height: 200), trace: trace)
        let b = TracingView("B", frame: Rect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        b.logsHitTesting = false
        let c = TracingView("C", frame: Rect(x: 200, y: 0, width: 200, height: 200), trace: trace)
        harness.root.addSubview(rootView)
        rootView.addSubview(a)
        a.addSubview(b)
        rootView.addSubview(c)
        let touch = try #require(harness.down(50, 50))
        let pass = ["Root.hitTest", "Root.pointInside=true", "C.hitTest", "C.pointInside=false", "A.hitTest", "A.pointInside=true"]
        #expect(trace.lines == pass + pass + ["B.touchesBegan", "A.touchesBegan", "Root.touchesBegan", "VC.touchesBegan"])
        #expect(touch.view === b)
    }

    @Test("HQ-3: hitTestPasses is clamped to 1…2")
    func passesAreClamped() {
        var settings = InteractionSettings()
        settings.hitTestPasses = 7
        #expect(settings.hitTestPasses == 2)
        settings.hitTestPasses = 0
        #expect(settings.hitTestPasses == 1)
    }

    @Test("HT-2 step 3: with 100 overlapping siblings (a grid index), the frontmost containing one wins")
    func manySiblingsFrontmostWins() {
        var views: [View] = []
        for index in 0..<100 {
            let view = View(frame: Rect(x: Double(index % 10) * 30, y: Double(index / 10) * 30, width: 40, height: 40))
            views.append(view)
            harness.root.addSubview(view)
        }
        // (35, 35) lies in views 0, 1, 10 and 11; 11 was added last.
        #expect(hitView(35, 35) === views[11])
        views[11].isHidden = true
        #expect(hitView(35, 35) === views[10])
        harness.root.sendSubviewToBack(views[10])
        #expect(hitView(35, 35) === views[1])
        views[1].removeFromSuperview()
        #expect(hitView(35, 35) === views[0])
    }
}
