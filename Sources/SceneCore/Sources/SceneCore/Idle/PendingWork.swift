/// One thing the model still has to do before it is idle: a finger that is down, a gesture
/// recognizer whose timer is armed, a recognizer that waits for others to fail, a touch phase a
/// view has not received yet because a recognizer delays it, a scroll view or an animation moving.
///
/// Listed by ``Application/pendingWork()``; a host adds its own (queued input, frames owed) and
/// answers "is it idle?" with the union. Each item names its owner so that a test that times out
/// can say what kept the application busy.
@MainActor
public enum PendingWork {
    /// A finger is down (it has not ended or been cancelled) [TD-1].
    case touchDown(Touch)
    /// `recognizer` has a timer armed for `deadline` (clock time) and stays undecided until then or
    /// until a touch decides it; `waitsFor` says for what ("tap 2 of 2 within 0.35 s").
    case recognizerTimer(GestureRecognizer, deadline: Double, waitsFor: String)
    /// `recognizer` asked to recognize but waits for `requirements` to fail first [GR-8].
    case waitingForFailure(GestureRecognizer, requirements: [GestureRecognizer])
    /// A phase of `touch` is held back from its view while a recognizer with `delaysTouchesBegan` or
    /// `delaysTouchesEnded` is undecided [GR-9].
    case delayedDelivery(Touch, phase: Touch.Phase)
    /// `scrollView`'s offset moves by itself (a deceleration or an animated scroll), or its indicators
    /// fade, until `deadline` (clock time), drawing a frame every ``ScrollView/frameInterval``
    /// [SV-5, SV-9, SV-24].
    case scrollMotion(ScrollView, deadline: Double)
    /// `property` of `view` animates until `deadline` (clock time) [AN-2, AN-4].
    case animation(View, property: AnimatableProperty, deadline: Double)

    /// The window the work happens in, if it still has one.
    public var window: Window? {
        switch self {
        case .touchDown(let touch), .delayedDelivery(let touch, _): touch.window
        case .recognizerTimer(let recognizer, _, _), .waitingForFailure(let recognizer, _): recognizer.view?.window
        case .scrollMotion(let scrollView, _): scrollView.window
        case .animation(let view, _, _): view.window
        }
    }

    /// The view concerned: the touch's view or the recognizer's.
    public var view: View? {
        switch self {
        case .touchDown(let touch), .delayedDelivery(let touch, _): touch.view
        case .recognizerTimer(let recognizer, _, _), .waitingForFailure(let recognizer, _): recognizer.view
        case .scrollMotion(let scrollView, _): scrollView
        case .animation(let view, _, _): view
        }
    }

    /// The clock time at which the work ends by itself, when it does (a recognizer's timer).
    public var deadline: Double? {
        switch self {
        case .recognizerTimer(_, let deadline, _), .scrollMotion(_, let deadline), .animation(_, _, let deadline): deadline
        case .touchDown, .waitingForFailure, .delayedDelivery: nil
        }
    }

    /// What is pending, for people: `touch 3 is down on blue`, `double-tap on taps: timer for tap 2
    /// of 2 (0.35 s after the last lift)`. Names views by their reference.
    public var summary: String {
        switch self {
        case .touchDown(let touch):
            return "touch \(touch.identifier) is down (\(touch.phase.wireName)) on \(Self.name(of: touch.view))"
        case .recognizerTimer(let recognizer, _, let waitsFor):
            return "recognizer \(recognizer.displayName) on \(Self.name(of: recognizer.view)) waits for \(waitsFor)"
        case .waitingForFailure(let recognizer, let requirements):
            let others = requirements.map { "\($0.displayName) on \(Self.name(of: $0.view))" }.joined(separator: ", ")
            return "recognizer \(recognizer.displayName) on \(Self.name(of: recognizer.view)) recognized and waits for \(others.isEmpty ? "its requirements" : others) to fail"
        case .delayedDelivery(let touch, let phase):
            return "touch \(touch.identifier)'s \(phase.wireName) is held back from \(Self.name(of: touch.view)) until a recognizer decides"
        case .scrollMotion(let scrollView, let deadline):
            return "scroll view \(Self.name(of: scrollView)) moves or its indicators fade until \(Self.time(deadline))"
        case .animation(let view, let property, let deadline):
            return "view \(Self.name(of: view)) animates \(property.rawValue) until \(Self.time(deadline))"
        }
    }

    /// A clock time to the microsecond: sums of frame intervals print as 0.4, not 0.39999999999999997.
    private static func time(_ seconds: Double) -> String {
        ((seconds * 1e6).rounded() / 1e6).compactDescription
    }

    private static func name(of view: View?) -> String {
        view.map(ViewReference.reference(for:)) ?? "no view"
    }
}
