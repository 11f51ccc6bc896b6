import Foundation
import Logging
import SceneAccessibility
import SceneCore
import SceneDisplay
import SceneHostKit
import SceneMedia
import SceneRender
import Testing

/// SDL is one per process: every test that starts it is in this one serialized suite, and each
/// waits for the display thread to end before the next starts.
@MainActor
@Suite("The display on SDL's offscreen driver (no display needed)", .serialized)
struct OffscreenDisplayTests {
    /// Waits (polling another thread's progress, not a timer) until `condition` holds.
    func eventually(_ what: String, timeout: Double = 60, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw DisplayTestTimeout(description: "timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// A host with one active 400 × 800 scene of a ``RotationSceneDelegate`` at `origin`, shown by a
    /// started offscreen display.
    func startScene(_ name: String, at origin: Point) async throws -> (SceneHost, RotationSceneDelegate, WindowScene, DesktopDisplay) {
        let host = bareHost()
        let delegate = RotationSceneDelegate()
        let scene = try host.application.connectScene(
            named: name, pluginName: "Test", delegate: delegate, screenFrame: Rect(origin: origin, size: Size(width: 400, height: 800)))
        scene.activate()
        let display = DesktopDisplay(
            application: host.application, deviceInput: host.deviceInput, pendingWork: host.pendingWork, clockMode: host.clock.mode,
            options: DisplayOptions(driver: .offscreen), logger: Logger(label: "test"))
        await Self.takeTurn(display.server)
        display.start()
        return (host, delegate, scene, display)
    }

    /// Stops the display and waits, on a thread of its own (the main actor keeps running), until SDL
    /// is down: the next test starts it again.
    func stopDisplay(_ display: DesktopDisplay) async {
        display.stop()
        await Self.waitUntilStopped(display.server)
    }

    /// The display of the previous test: SDL must be down before the next starts it (also when that
    /// test failed before it stopped it).
    static var previous: DisplayServer?

    /// Waits for the previous test's display to end, then remembers `server` as this test's.
    static func takeTurn(_ server: DisplayServer) async {
        if let previous { await waitUntilStopped(previous) }
        previous = server
    }

    static func waitUntilStopped(_ server: DisplayServer) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                _ = server.waitUntilStopped(timeout: 10)
                continuation.resume()
            }.start()
        }
    }

    @Test("A window asked for before SDL has started opens once it has, with nothing else to wake the display thread")
    func openBeforeStart() async throws {
        let server = DisplayServer(options: DisplayOptions(driver: .offscreen)) {}
        await Self.takeTurn(server)
        server.send(.open(DisplayWindowID(1), title: "early", frame: Rect(x: 0, y: 0, width: 100, height: 100), visible: true))
        server.start()
        defer { server.stop() }
        try await eventually("the window") { server.statistics.windows == 1 }
        server.stop()
        await Self.waitUntilStopped(server)
    }

    @Test("Events queue up to the capacity and then the display thread waits: nothing is lost and order is kept")
    func boundedQueue() async throws {
        let server = DisplayServer(options: DisplayOptions(driver: .offscreen, queueCapacity: 4)) {}
        await Self.takeTurn(server)
        server.start()
        defer { server.stop() }
        var events: [DisplayEvent] = []
        try await eventually("ready") {
            events += server.takeEvents()
            return events.contains { if case .ready = $0 { true } else { false } }
        }
        guard case .ready(let info)? = events.first else {
            Issue.record("the first event is not ready: \(events)")
            return
        }
        #expect(info.driver == "offscreen")
        let window = DisplayWindowID(1)
        server.send(.open(window, title: "queue", frame: Rect(x: 0, y: 0, width: 400, height: 800), visible: true))
        let moves = (1...40).map { SyntheticFinger(fingerID: 9, phase: .move, x: 0.5, y: Double($0) / 64) }
        server.send(.synthesizeTouch(window, [SyntheticFinger(fingerID: 9, phase: .down, x: 0.5, y: 0)] + moves + [SyntheticFinger(fingerID: 9, phase: .up, x: 0.5, y: 1)]))
        // Nobody takes events: the display thread fills the queue, finds it full with a fifth event
        // to post, and waits for room (it cannot post anything more until events are taken).
        try await eventually("the display thread waiting for room") { server.statistics.queueFullWaits == 1 }
        #expect(server.queuedEventCount == 4, "the queue never holds more than its capacity")
        var fingers: [FingerChange] = []
        try await eventually("42 finger events") {
            for event in server.takeEvents() {
                if case .fingers(_, let changes, _, _) = event { fingers += changes }
            }
            return fingers.count == 42
        }
        #expect(fingers.first?.phase == .down && fingers.last?.phase == .up)
        let expectedY: [Double] = (1...40).map { (step: Int) -> Double in
            let fraction = Float(Double(step) / 64)  // SDL hands the position over as a Float fraction
            return Double(fraction) * 800
        }
        let movedY: [Double] = fingers.dropFirst().dropLast().map(\.location.y)
        #expect(movedY == expectedY, "every move, in order")
        #expect(Set(fingers.map(\.finger)) == [TouchscreenFingers.firstFinger])
        let statistics = server.statistics
        #expect(statistics.queuePeak == 4 && statistics.queueCapacity == 4)
        #expect(statistics.queueFullWaits >= 1)
        #expect(statistics.moves == 40 && statistics.inputEvents == 42)
        server.stop()
        await Self.waitUntilStopped(server)
    }

    /// A started offscreen display with window 1 open, and the events until it was ready.
    func startServer(_ options: DisplayOptions) async throws -> DisplayServer {
        let server = DisplayServer(options: options) {}
        await Self.takeTurn(server)
        server.start()
        var ready = false
        try await eventually("ready") {
            ready = ready || server.takeEvents().contains { if case .ready = $0 { true } else { false } }
            return ready
        }
        server.send(.open(DisplayWindowID(1), title: "wait", frame: Rect(x: 0, y: 0, width: 100, height: 100), visible: true))
        try await eventually("the window") { server.statistics.windows == 1 }
        return server
    }

    /// Pushes one finger change into SDL and returns the serial of the input event it became.
    func push(_ phase: SyntheticFinger.Phase, _ server: DisplayServer) async throws -> UInt64 {
        server.send(.synthesizeTouch(DisplayWindowID(1), [SyntheticFinger(fingerID: 3, phase: phase, x: 0.5, y: 0.5)]))
        var serial: UInt64?
        try await eventually("the finger \(phase)") {
            serial = serial ?? server.takeEvents().compactMap(\.serial).last
            return serial != nil
        }
        return serial ?? 0
    }

    @Test("While text input is off, a tap's input is handled by the owner before the display thread reads the next desktop event (keys after a tap on a field are read as text); with text input on it never waits")
    func inputWaitsForTheOwner() async throws {
        let server = try await startServer(DisplayOptions(driver: .offscreen, inputWaitLimit: 60))
        defer { server.stop() }
        let down = try await push(.down, server)
        try await eventually("the display thread waiting for the owner") { server.statistics.awaitedInput == down }
        // The next change is sent while the display thread waits for the down to be handled: it is
        // read only once the owner has handled the down. Until then the thread is in its wait (no
        // wait has ended, nothing more was posted); the up it then reads is the next input, and the
        // thread goes on to wait for that one.
        server.send(.synthesizeTouch(DisplayWindowID(1), [SyntheticFinger(fingerID: 3, phase: .up, x: 0.5, y: 0.5)]))
        let before = server.statistics
        #expect(before.awaitedInput == down && before.inputWaits == 0 && before.inputEvents == 1)
        #expect(server.queuedEventCount == 0)
        server.inputsHandled(through: down)
        var up: UInt64?
        try await eventually("the finger up") {
            up = up ?? server.takeEvents().compactMap(\.serial).last
            return up != nil
        }
        #expect(up == down + 1)
        try await eventually("the display thread waiting for the up") { server.statistics.awaitedInput == down + 1 }
        #expect(server.statistics.inputWaits == 1, "the wait for the down ended before the up was read")
        server.inputsHandled(through: down + 1)
        try await eventually("the wait for the up to end") { server.statistics.inputWaits == 2 }
        #expect(server.statistics.inputWaitTimeouts == 0 && server.statistics.awaitedInput == nil)

        // Text input on (a field edits): nothing is awaited.
        server.send(.textInput(DisplayWindowID(1), caret: nil))
        _ = try await push(.down, server)
        _ = try await push(.up, server)
        #expect(server.statistics.inputWaits == 2 && server.statistics.awaitedInput == nil)
        server.stop()
        await Self.waitUntilStopped(server)
    }

    @Test("An owner that does not handle the input in time only delays the display thread by the configured limit")
    func stalledOwnerDelaysByTheLimit() async throws {
        let server = try await startServer(DisplayOptions(driver: .offscreen, inputWaitLimit: 0.2))
        defer { server.stop() }
        let down = try await push(.down, server)
        let up = try await push(.up, server)
        #expect(up == down + 1)
        try await eventually("both waits to end") { server.statistics.inputWaits == 2 }
        #expect(server.statistics.inputWaitTimeouts == 2)
        server.stop()
        await Self.waitUntilStopped(server)
    }

    @Test("Touchscreen fingers pushed into SDL drive a two-finger rotation whose angle matches the geometry within 1e-6")
    func rotationFromFingers() async throws {
        let (host, delegate, scene, display) = try await startScene("rotate", at: Point(x: 100, y: 50))
        defer { display.stop() }
        try await eventually("the display") { display.info != nil && display.hasWindow(for: scene) }
        #expect(display.info?.driver == "offscreen")
        // Two fingers 200 points apart around the window's centre, turned step by step to 0.6
        // radians; SDL takes positions as fractions of the window.
        let size = (width: 400.0, height: 800.0)
        func fingers(_ angle: Double, _ phase: SyntheticFinger.Phase) -> [SyntheticFinger] {
            let dx = 100 * cos(angle) / size.width, dy = 100 * sin(angle) / size.height
            return [
                SyntheticFinger(fingerID: 1, phase: phase, x: 0.5 - dx, y: 0.5 - dy),
                SyntheticFinger(fingerID: 2, phase: phase, x: 0.5 + dx, y: 0.5 + dy),
            ]
        }
        let angles = (0...12).map { Double($0) * 0.05 }
        var pushed = fingers(0, .down)
        for angle in angles.dropFirst() { pushed += fingers(angle, .move) }
        pushed += fingers(angles.last!, .up)
        display.server.send(.synthesizeTouch(DisplayWindowID(1), pushed))
        try await eventually("the rotation to end") { delegate.rotations.last?.state == .ended }
        // The geometry as SDL carries it: positions are 32-bit floats, scaled by the window size.
        func point(_ finger: SyntheticFinger) -> Point {
            Point(x: Double(Float(finger.x)) * size.width, y: Double(Float(finger.y)) * size.height)
        }
        func angle(_ pair: [SyntheticFinger]) -> Double {
            let a = point(pair[0]), b = point(pair[1])
            return atan2(b.y - a.y, b.x - a.x)
        }
        let expected = angle(fingers(angles.last!, .up)) - angle(fingers(0, .down))
        let reported = delegate.rotations.last?.rotation ?? .nan
        #expect(abs(reported - expected) < 1e-6, "rotation \(reported), geometry \(expected)")
        #expect(abs(expected - 0.6) < 1e-3, "the fingers turned by about 0.6 rad")
        #expect(host.application.activeTouches.isEmpty)
        await stopDisplay(display)
    }

    /// Frames are counted on both sides: rendered and handed over by the host (main actor, so the
    /// count is exact between turns) and presented by the display thread. Every wait below ends on
    /// the event that proves the point — the display owing nothing (its render turn has run and the
    /// display thread has taken what it was handed), or the next frame that had to come — never on
    /// time. A frame that should not have been made shows in the exact counts at those events, or at
    /// the later ones: the counters only grow.
    @Test("A frame is presented only when something changed, once for many changes in one refresh, and none while idle")
    func framesOnDamageOnly() async throws {
        let (_, delegate, scene, display) = try await startScene("frames", at: Point(x: 0, y: 0))
        defer { display.stop() }
        func presented() -> UInt64 { display.server.statistics.framesPresented }
        try await eventually("the first frame") { presented() == 1 && display.pendingWork.isIdle }
        #expect(display.framesHandedOver == 1)
        for step in 0..<50 {
            delegate.canvas.backgroundColor = Color(red: Double(step) / 50, green: 0.5, blue: 0.5, alpha: 1)
        }
        #expect(!display.pendingWork.isIdle, "a frame is owed")
        try await eventually("the frame for the changes, and nothing owed after it") { presented() >= 2 && display.pendingWork.isIdle }
        #expect(display.framesHandedOver == 2, "fifty changes in one turn make one frame, and none was made while idle")
        #expect(presented() == 2 && display.server.statistics.framesCoalesced == 0)
        // A change in the background is drawn when the scene comes back.
        scene.sendToBackground()
        delegate.canvas.backgroundColor = .red
        #expect(!display.pendingWork.isIdle, "the change schedules a render turn")
        try await eventually("the render turn after the change") { display.pendingWork.isIdle }
        #expect(display.framesHandedOver == 2 && presented() == 2, "no frame for a hidden window")
        scene.activate()
        try await eventually("the frame after coming back") { presented() >= 3 && display.pendingWork.isIdle }
        #expect(display.framesHandedOver == 3 && presented() == 3 && display.server.statistics.framesCoalesced == 0)
        await stopDisplay(display)
    }
}

/// A scene with one window whose canvas has pinch and rotation recognizers recognizing together,
/// recording the rotation they report.
@MainActor
final class RotationSceneDelegate: SceneDelegate, GestureRecognizerDelegate {
    var window: Window?
    let canvas = View(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    var rotations: [(state: GestureRecognizer.State, rotation: Double)] = []
    var touches: [Touch.Phase] = []

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let window = Window(windowScene: scene)
        window.backgroundColor = .white
        canvas.backgroundColor = .systemTeal
        canvas.isMultipleTouchEnabled = true
        let rotation = RotationGestureRecognizer(name: "rotation") { [weak self] rotation in
            self?.rotations.append((rotation.state, rotation.rotation))
        }
        let pinch = PinchGestureRecognizer(name: "pinch") { _ in }
        rotation.delegate = self
        pinch.delegate = self
        canvas.addGestureRecognizer(rotation)
        canvas.addGestureRecognizer(pinch)
        window.addSubview(canvas)
        window.makeKeyAndVisible()
        self.window = window
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }
}

/// A host with no configured scenes, whose test connects its own.
@MainActor
func bareHost() -> SceneHost {
    var configuration = HostConfiguration()
    configuration.accessibility = .off
    configuration.mpris = .off
    return SceneHost(configuration: configuration, logger: Logger(label: "test"), executable: "/nonexistent/scene-host")
}

struct DisplayTestTimeout: Error, CustomStringConvertible {
    let description: String
}
