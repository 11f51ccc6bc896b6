import SceneCore
import Testing

/// Presenting and dismissing with animation in the harness's 400 × 800 window [NV-8].
@MainActor
@Suite("Presentation")
struct PresentationTests {
    let harness = Harness()
    let log = LineLog()

    @Test("NV-8: a sheet slides up from the bottom over a dimming view, leaving the top inset; the links are set at once")
    func sheetSlidesUp() {
        let about = Page("About", log: log)
        var completed = false
        harness.controller.present(about, animated: true) { completed = true }
        #expect(harness.controller.presentedViewController === about)
        #expect(about.presentingViewController === harness.controller)
        let final = Rect(x: 0, y: 40, width: 400, height: 760)
        #expect(about.view.frame == final, "the model is in place at once")
        #expect(about.view.presentation.frame.minY == 800, "drawn below the window at first")
        let dimming = harness.window.subviews.first { $0.accessibilityIdentifier == "dimming" }
        #expect(dimming?.presentation.alpha == 0)
        harness.wait(ViewController.presentationDuration / 2)
        #expect(about.view.presentation.frame.minY > 40 && about.view.presentation.frame.minY < 800)
        #expect(!completed)
        harness.wait(ViewController.presentationDuration)
        #expect(completed)
        #expect(dimming?.alpha == ViewController.dimmingAlpha)
        #expect(harness.window.hitTest(Point(x: 200, y: 20), with: nil) === dimming, "the dimming takes touches above the sheet")
        #expect(about.cornerRadiusOfView == 10)
    }

    @Test("NV-8: dismissing clears the links at once, slides the sheet down and removes it and the dimming when done")
    func dismissSlidesDown() {
        let about = Page("About", log: log)
        harness.controller.present(about, animated: false)
        var completed = false
        about.dismiss(animated: true) { completed = true }
        #expect(harness.controller.presentedViewController == nil && about.presentingViewController == nil)
        #expect(about.view.superview === harness.window, "still there while it slides")
        harness.wait(ViewController.presentationDuration + 0.01)
        #expect(completed)
        #expect(about.view.superview == nil)
        #expect(!harness.window.subviews.contains { $0.accessibilityIdentifier == "dimming" })
    }

    @Test("NV-8: a full-screen presentation covers the window without dimming; presenting from outside a window does nothing")
    func fullScreen() {
        let cover = Page("Cover", log: log)
        cover.modalPresentationStyle = .fullScreen
        harness.controller.present(cover, animated: false)
        #expect(cover.view.frame == harness.window.bounds)
        #expect(!harness.window.subviews.contains { $0.accessibilityIdentifier == "dimming" })
        let loose = Page("Loose", log: log)
        loose.present(Page("Other", log: log), animated: true)
        #expect(loose.presentedViewController == nil)
    }
}

extension ViewController {
    fileprivate var cornerRadiusOfView: Double { view.cornerRadius }
}
