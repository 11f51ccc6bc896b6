public import SceneCore

/// The one path of device input — a desktop window's fingers, keys, text, focus, wheel and hover, or the same
/// records replayed from a script — into the model: the same hit test, recognizers, responder chain
/// and signals as scripted input, with the record published first (the `Input` signal).
///
/// Fingers are named by slot (``FingerStep/slot``) from their down to their up; a finger's locations
/// are points of its scene's area, so its touch is hit-tested in that scene's windows only. A down
/// in a scene that is not active activates it first (a click on a desktop window focuses it).
/// Main actor only.
@MainActor
public final class DeviceInput {
    public let application: Application
    /// Called with each record (and its timestamp) before it is delivered: the host publishes it.
    public var recordObserver: (@MainActor (InputRecord, Double) -> Void)?
    /// The scene whose desktop window has the desktop's focus (from the last focus records).
    public private(set) var focusedScene: String?
    /// Touches of the fingers down, by slot (nil: the finger hit nothing).
    private var fingers: [UInt32: Touch?] = [:]
    /// Records delivered since the start.
    public private(set) var delivered: UInt64 = 0
    /// With `isolation: process`, the scenes in processes of their own: their input goes there.
    var isolation: SceneIsolation?

    public init(application: Application) {
        self.application = application
    }

    /// Fingers down now, by slot.
    public var fingersDown: [UInt32] { fingers.keys.sorted() }

    /// Counts and records `record` as delivered, for input that goes to a scene process another way
    /// (`Host1.SendInput`, which waits for the process's answer: ``SceneIsolation/deliver(_:to:)``).
    func noteDelivered(_ record: InputRecord) {
        recordObserver?(record, application.clock.now)
        delivered += 1
    }

    /// Delivers `record` at `timestamp` (monotonic seconds; the application's clock when nil) and
    /// returns, for each finger that went down, the touch it made (nil when it hit nothing).
    /// A record naming a scene that is not connected does nothing.
    @discardableResult
    public func deliver(_ record: InputRecord, timestamp: Double? = nil) -> [Touch?] {
        let time = timestamp ?? application.clock.now
        recordObserver?(record, time)
        delivered += 1
        if let isolation, let scene = isolation.target(of: record) {
            isolation.forward(record, to: scene)
            return []
        }
        switch record {
        case .touches(let name, let steps):
            return deliverTouches(steps, in: name, time: time)
        case .keyboard(let input):
            if case .press(let key, let phase, nil) = input {
                KeyboardInput.press(key, phase, timestamp: time).deliver(to: application)
            } else {
                input.deliver(to: application)
            }
        case .focus(let name, let gained):
            guard let scene = application.scene(named: name) else { return [] }
            if gained {
                focusedScene = name
                // The desktop's focus is the key window: the scene becomes active and the most
                // recently activated one, so its key window is the application's.
                scene.activate()
                application.focus(scene)
            } else {
                if focusedScene == name { focusedScene = nil }
                scene.deactivate()
            }
        case .wheel(let name, let location, let delta):
            // The path of `Window1.Scroll`'s wheel steps [SV-18, SV-19]; a wheel activates nothing.
            guard let scene = application.scene(named: name) else { return [] }
            application.scroll(.discrete(delta: delta), at: scene.screenFrame.origin + location, timestamp: time, in: scene)
        case .hover(let name, let location):
            guard let scene = application.scene(named: name) else { return [] }
            if let location {
                application.pointerMoved(to: scene.screenFrame.origin + location, timestamp: time, in: scene)
            } else {
                application.pointerExited()
            }
        }
        return []
    }

    /// Whether `scene` listens for hover (``listensForHover(_:)``): for a stand-in, whether its
    /// scene process's scene does, as its window list says.
    public func sceneListensForHover(_ scene: WindowScene) -> Bool {
        if let isolated = isolation?.scene(standingIn: scene) { return isolated.listensForHover }
        return Self.listensForHover(scene)
    }

    /// Whether a view of `scene`'s windows has a hover recognizer [SV-22]. Without one a hover
    /// changes nothing, yet its hit test would show in views that trace `hitTest` (seed 000's
    /// FindView): the desktop then sends the scene no hover, as an iPhone app gets none.
    /// O(views of the scene).
    public static func listensForHover(_ scene: WindowScene) -> Bool {
        var pending: [View] = scene.windows
        while let view = pending.popLast() {
            if view.gestureRecognizers.contains(where: { $0 is HoverGestureRecognizer }) { return true }
            pending.append(contentsOf: view.subviews)
        }
        return false
    }

    /// Cancels every finger down (shutdown, the display went away).
    public func cancelAllFingers() {
        var frame: [TouchInput] = []
        for slot in fingersDown {
            if let touch = fingers[slot] ?? nil { frame.append(.cancel(touch)) }
        }
        fingers = [:]
        if !frame.isEmpty { application.dispatch(frame) }
    }

    private func deliverTouches(_ steps: [FingerStep], in name: String, time: Double) -> [Touch?] {
        guard let scene = application.scene(named: name) else { return [] }
        if steps.contains(where: { $0.phase == .down }), scene.activationState != .foregroundActive {
            scene.activate()
        }
        let origin = scene.screenFrame.origin
        var frame: [TouchInput] = []
        var downs: [UInt32] = []
        for step in steps {
            let screen = origin + step.location
            switch step.phase {
            case .down:
                // A slot still down (a lost release) is lifted where it was first.
                if let stale = fingers[step.slot] ?? nil { frame.append(.up(stale, at: nil)) }
                frame.append(.down(screen))
                downs.append(step.slot)
                fingers[step.slot] = .some(nil)
            case .move:
                if let touch = fingers[step.slot] ?? nil { frame.append(.move(touch, to: screen)) }
            case .up:
                if let touch = fingers[step.slot] ?? nil { frame.append(.up(touch, at: screen)) }
                fingers[step.slot] = nil
            case .cancel:
                if let touch = fingers[step.slot] ?? nil { frame.append(.cancel(touch)) }
                fingers[step.slot] = nil
            }
        }
        guard !frame.isEmpty else { return [] }
        let created = application.dispatch(frame, timestamp: time, in: scene)
        for (slot, touch) in zip(downs, created) {
            fingers[slot] = .some(touch)
        }
        return created
    }
}
