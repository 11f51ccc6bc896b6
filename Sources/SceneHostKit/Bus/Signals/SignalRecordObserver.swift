import SceneCore

/// An application observer that reports each event signal's ``SignalRecord``: the host's
/// ``BusPublisher`` (which publishes it with `seq`) and a scene process's ``SceneSignalRecorder``
/// (which sends it to the board). The callbacks below are the ones that are nothing but their
/// signal; a conformer that does more for one (property changes) implements it itself.
@MainActor
protocol SignalRecordObserver: ApplicationObserver {
    /// One event signal, in the order of the model's callbacks.
    func report(_ record: SignalRecord)
}

extension SignalRecordObserver {
    func touchDidChange(_ touch: Touch) {
        report(SignalRecords.touch(touch))
    }

    func firstResponderDidChange(in window: Window, from old: Responder?, to new: Responder?) {
        report(SignalRecords.firstResponderChanged(in: window, from: old, to: new))
    }

    func keyWindowDidChange(in scene: WindowScene, from old: Window?, to new: Window?) {
        report(SignalRecords.keyWindowChanged(from: old, to: new))
    }

    func gestureRecognizerDidChangeState(_ recognizer: GestureRecognizer, from old: GestureRecognizer.State) {
        report(SignalRecords.gestureStateChanged(recognizer))
    }

    func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?) {
        report(SignalRecords.actionSent(action, from: sender, to: target))
    }

    func motionWasDelivered(_ subtype: Event.EventSubtype, phase: MotionPhase, handledBy: Responder?) {
        report(SignalRecords.motionDelivered(subtype, phase: phase, handledBy: handledBy))
    }

    func remoteControlWasDelivered(_ subtype: Event.EventSubtype, handledBy: Responder?) {
        report(SignalRecords.remoteControlDelivered(subtype, handledBy: handledBy))
    }

    func pressWasDelivered(_ press: Press, handledBy: Responder?) {
        report(SignalRecords.press(press, handledBy: handledBy))
    }

    func sceneActivationDidChange(_ scene: WindowScene, to state: WindowScene.ActivationState) {
        report(SignalRecords.sceneActivationChanged(scene, to: state))
    }

    func scene(_ scene: WindowScene, didLog line: String) {
        report(SignalRecords.log(scene, line: line))
    }

    func sceneGeometryDidChange(_ scene: WindowScene, from previousFrame: Rect) {
        report(SignalRecords.sceneGeometryChanged(scene))
    }
}
