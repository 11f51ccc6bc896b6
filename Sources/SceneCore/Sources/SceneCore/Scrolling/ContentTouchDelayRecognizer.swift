/// A scroll view's second recognizer, never seen by apps: it holds content touches back until the
/// scroll view knows they are not a scroll [SV-11, SV-12, SV-14] (UIKit's delayed-touches-began
/// recognizer of `UIScrollView`).
///
/// It tracks the first touch of each gesture on the scroll view and never begins; its
/// `delaysTouchesBegan` is the scroll view's `delaysContentTouches`, so while it is `possible` the
/// window holds the content's `touchesBegan` back [GR-9]:
///
///     touch down ──delay passes, or the finger lifts, or no delay──▶ failed: the held phases are
///                                                                     delivered (began, then ended)
///     touch down ──the pan begins first──▶ failed, prevented; the pan cut the touch off: the content
///                                          never sees it
///     touch down while the offset moves ──▶ recognized: the motion stops, the touch is cut off from
///                                           the content (the finger caught the content)
///
/// Before the held touches go to the content, the scroll view's `touchesShouldBegin(_:with:in:)` is
/// asked; when it refuses, the touches are cut off instead [SV-14]. It prevents no other recognizer
/// and holds no `touchesEnded` back.
final class ContentTouchDelayRecognizer: GestureRecognizer {
    // Spelled out so the module interface says `isolated deinit` like the superclass's.
    isolated deinit {}

    override init() {
        super.init()
        name = "scrollContentTouchDelay"
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = true
    }

    private var scrollView: ScrollView? { view as? ScrollView }

    override func touchesBegan(_ touches: TouchSet, with event: Event) {
        guard state == .possible else { return }
        guard let scrollView else {
            state = .failed
            return
        }
        if scrollView.stopMotion() {
            // [SV-11] The finger caught the moving content: it stops, and this touch is not the content's.
            state = .ended
            return
        }
        guard delaysTouchesBegan else {
            release(with: event)
            return
        }
        if !hasPendingTimer { scheduleTimer(at: event.timestamp + scrollView.contentTouchDelay) }
    }

    override func touchesEnded(_ touches: TouchSet, with event: Event) {
        // [SV-12] The finger lifted before the delay: the content gets began, then ended, at once.
        guard state == .possible else { return }
        release(with: event)
    }

    override func touchesCancelled(_ touches: TouchSet, with event: Event) {
        if state == .possible { state = .failed }
    }

    override func timerDidFire() {
        // [SV-12] The delay passed with no scroll: the content gets its touchesBegan now.
        guard state == .possible else { return }
        release(with: nil)
    }

    override func canPrevent(_ other: GestureRecognizer) -> Bool { false }

    /// Lets the held touches go to the content: fails, after the scroll view's
    /// `touchesShouldBegin(_:with:in:)` was asked for each content view [SV-14]; the touches of a view
    /// it refuses are cut off from that view.
    private func release(with event: Event?) {
        if let scrollView, let window = scrollView.window {
            var refused: [Touch] = []
            for (view, touches) in Window.groupByView(touchesSinceReset.filter { !$0.phase.isTerminal || $0.phase == .ended }) {
                if !scrollView.touchesShouldBegin(touches, with: event, in: view) {
                    refused.append(contentsOf: touches)
                }
            }
            if !refused.isEmpty { window.cutOffTouchesFromViews(refused, event: event) }
        }
        state = .failed
    }
}
