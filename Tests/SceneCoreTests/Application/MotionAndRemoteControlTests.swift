import SceneCore
import TestSupport
import Testing

/// A view controller that handles shakes and remote-control events.
@MainActor
final class MediaController: ViewController {
    var log: [String] = []
    override func motionBegan(_ motion: Event.EventSubtype, with event: Event?) { log.append("motionBegan \(motion.rawValue)") }
    override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) { log.append("motionEnded \(motion.rawValue)") }
    override func motionCancelled(_ motion: Event.EventSubtype, with event: Event?) { log.append("motionCancelled") }
    override func remoteControlReceived(with event: Event?) { log.append("remote \(event?.subtype.rawValue ?? -1)") }
}

@MainActor
@Suite("Motion and remote control [FR-8, FR-9]")
struct MotionAndRemoteControlTests {
    let clock = ManualClock()
    let application: Application
    let controller = MediaController()
    let window: Window
    let field: Field
    let observer = RecordingObserver()

    init() {
        application = Application(clock: clock)
        application.addObserver(observer)
        let controller = self.controller
        var built: Window?
        let scene = try! application.connectScene(
            named: "media", delegate: ClosureSceneDelegate { scene in
                let window = Window(windowScene: scene)
                window.rootViewController = controller
                window.makeKeyAndVisible()
                built = window
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        scene.activate()
        window = built!
        field = Field("TF", trace: Trace())
        controller.view.addSubview(field)
    }

    @Test("FR-8, §9/30: a shake starts at the first responder and bubbles to the controller that handles it")
    func shakeReachesController() {
        field.becomeFirstResponder()
        let began = application.sendMotion(.motionShake, phase: .began)
        let ended = application.sendMotion(.motionShake, phase: .ended)
        #expect(controller.log == ["motionBegan 1", "motionEnded 1"])
        #expect(began === controller && ended === controller)
        #expect(observer.events(startingWith: "motion") == ["motion shake began by TracingViewController", "motion shake ended by TracingViewController"]
            || observer.events(startingWith: "motion").count == 2)
    }

    @Test("FR-8, §9/30: with no first responder, a window subclass overriding motionEnded catches the shake")
    func windowCatchesShake() {
        final class ShakeWindow: Window {
            var ended = 0
            override func motionEnded(_ motion: Event.EventSubtype, with event: Event?) { ended += 1 }
        }
        let scene = application.connectedScenes[0]
        let shakeWindow = ShakeWindow(windowScene: scene)
        shakeWindow.makeKeyAndVisible()
        let handler = application.sendMotion(.motionShake, phase: .ended)
        #expect(shakeWindow.ended == 1)
        #expect(handler === shakeWindow)
    }

    @Test("FR-8, §9/30: deactivating the scene mid-shake sends motionCancelled")
    func deactivationCancelsShake() {
        field.becomeFirstResponder()
        application.sendMotion(.motionShake, phase: .began)
        application.connectedScenes[0].deactivate()
        #expect(controller.log == ["motionBegan 1", "motionCancelled"])
    }

    @Test("FR-8: a shake that never ends is cancelled after the maximum duration (manual clock)")
    func longShakeIsCancelled() {
        field.becomeFirstResponder()
        application.sendMotion(.motionShake, phase: .began)
        clock.advance(by: InteractionDefaults.maximumShakeDuration - 0.01)
        #expect(controller.log == ["motionBegan 1"])
        clock.advance(by: 0.02)
        #expect(controller.log == ["motionBegan 1", "motionCancelled"])
    }

    @Test("FR-8: with no first responder the key window starts the chain, which runs above it (scene, application)")
    func shakeWithoutFirstResponderSkipsController() {
        #expect(application.sendMotion(.motionShake, phase: .began) == nil)
        #expect(controller.log.isEmpty)
    }

    @Test("FR-8: nobody handling a shake reports no handler")
    func unhandledShake() {
        let plain = Application(clock: clock)
        #expect(plain.sendMotion(.motionShake, phase: .began) == nil)
    }

    @Test("FR-9, §9/31: remote control only after beginReceiving; play is 100, next 104; nothing after end")
    func remoteControl() {
        field.becomeFirstResponder()
        #expect(application.sendRemoteControl(.remoteControlPlay) == nil)
        #expect(controller.log.isEmpty)
        application.beginReceivingRemoteControlEvents()
        #expect(application.sendRemoteControl(.remoteControlPlay) === controller)
        application.sendRemoteControl(.remoteControlNextTrack)
        application.endReceivingRemoteControlEvents()
        application.sendRemoteControl(.remoteControlPause)
        #expect(controller.log == ["remote 100", "remote 104"])
        #expect(observer.events(startingWith: "remote").count == 4)
    }

    @Test("FR-9: observers hear when remote-control reception begins and ends, once per change")
    func receptionChangesAreObserved() {
        application.beginReceivingRemoteControlEvents()
        application.beginReceivingRemoteControlEvents()
        #expect(application.isReceivingRemoteControlEvents)
        application.endReceivingRemoteControlEvents()
        application.endReceivingRemoteControlEvents()
        #expect(!application.isReceivingRemoteControlEvents)
        #expect(observer.events(startingWith: "receivingRemoteControl") == ["receivingRemoteControl true", "receivingRemoteControl false"])
    }

    @Test("§0: subtype raw values and wire names")
    func subtypes() {
        #expect(Event.EventSubtype.remoteControlEndSeekingForward.rawValue == 109)
        #expect(Event.EventSubtype(wireName: "toggle-play-pause") == .remoteControlTogglePlayPause)
        #expect(Event.EventSubtype(wireName: "bogus") == nil)
        #expect(Event.EventType.remoteControl.rawValue == 2)
        #expect(Touch.Phase.cancelled.rawValue == 4)
    }
}
