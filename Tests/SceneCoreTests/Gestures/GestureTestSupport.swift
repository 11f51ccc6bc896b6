import SceneCore

/// A delegate whose answers the test sets, and which logs what it is asked.
@MainActor
final class ScriptedGestureDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var receives = true
    var simultaneous = false
    var requiresFailureOf: [GestureRecognizer] = []
    var requiredToFailBy: [GestureRecognizer] = []
    var askedReceiveTouch = 0
    var askedReceiveEvent = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        askedReceiveTouch += 1
        return receives
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: Event) -> Bool {
        askedReceiveEvent += 1
        return true
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requiresFailureOf.contains { $0 === other }
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        requiredToFailBy.contains { $0 === other }
    }
}

extension Harness {
    /// Adds a traced plain view V at (0, 0, 200, 200) to R, hit-test logging off.
    func addTracedView(_ name: String = "V", frame: Rect = Rect(x: 0, y: 0, width: 200, height: 200)) -> TracingView {
        let view = TracingView(name, frame: frame, trace: trace)
        view.logsHitTesting = false
        root.addSubview(view)
        return view
    }

    /// Makes `recognizer` log `name(state)` into the trace on every action.
    func traceActions<R: GestureRecognizer>(of recognizer: R, as name: String) -> R {
        recognizer.name = name
        recognizer.addAction { [trace] recognizer in trace.log("\(name).action(\(recognizer.state.wireName))") }
        return recognizer
    }
}
