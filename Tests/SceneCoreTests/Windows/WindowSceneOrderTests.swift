@testable import SceneCore
import TestSupport
import Testing

/// A scene's windows front to back, kept between changes: always the application's front-to-back
/// order without the other scenes' windows, and a hit test in one scene (which walks only that
/// list) answers as the plain walk over every window of the application does.
@MainActor
@Suite("A scene's front-to-back windows follow every change of order")
struct WindowSceneOrderTests {
    /// The plain hit test among `scene`'s windows: every window of the application, front to back,
    /// the other scenes' skipped (what ``Application/hitTest(screenPoint:in:)`` did before it kept
    /// each scene's order).
    private static func referenceHit(_ application: Application, _ point: Point, in scene: WindowScene) -> (Window, View)? {
        guard scene.activationState == .foregroundActive else { return nil }
        for window in application.windows.reversed() where window.windowScene === scene && !window.isHidden {
            if let view = window.hitTest(window.convertFromScreen(point), with: nil) { return (window, view) }
        }
        return nil
    }

    @Test("Random levels, orderings, hidings and moves between scenes", arguments: [UInt64(0x0DE5), 0x5EED])
    func followsChanges(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let application = Application(clock: ManualClock())
        let scenes = try (0..<3).map { index in
            try application.connectScene(named: "s\(index)", delegate: nil, screenFrame: Rect(x: 0, y: 0, width: 100, height: 100))
        }
        for scene in scenes { _ = scene.activate() }
        var windows: [Window] = []
        var hits = 0
        for step in 0..<400 {
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1:
                let window = Window(windowScene: scenes.randomElement(using: &random)!)
                window.frame = Rect(x: Double.random(in: 0...60, using: &random).rounded(), y: 0, width: 40, height: 100)
                window.addSubview(View(frame: Rect(x: 0, y: 0, width: 20, height: 50)))
                window.isHidden = false
                windows.append(window)
            case 2: windows.randomElement(using: &random)?.windowLevel = [.normal, .statusBar, .alert].randomElement(using: &random)!
            case 3: windows.randomElement(using: &random)?.orderFront()
            case 4: windows.randomElement(using: &random)?.isHidden.toggle()
            case 5: windows.randomElement(using: &random)?.windowScene = scenes.randomElement(using: &random)!
            case 6: windows.randomElement(using: &random)?.makeKeyAndVisible()
            default:
                if let window = windows.randomElement(using: &random), Bool.random(using: &random) {
                    window.windowScene = nil
                    windows.removeAll { $0 === window }
                }
            }
            for scene in scenes {
                let expected = application.windows.reversed().filter { $0.windowScene === scene }
                #expect(scene.windowsFrontToBack.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init), "seed \(seed), step \(step)")
                #expect(scene.windowsFrontToBack.map(ObjectIdentifier.init) == scene.windows.reversed().map(ObjectIdentifier.init))
                let point = Point(x: Double.random(in: 0...100, using: &random), y: Double.random(in: 0...100, using: &random))
                let hit = application.hitTest(screenPoint: point, in: scene), reference = Self.referenceHit(application, point, in: scene)
                #expect(hit?.window === reference?.0 && hit?.view === reference?.1, "seed \(seed), step \(step), \(point)")
                if hit != nil { hits += 1 }
            }
        }
        #expect(hits > 200, "\(hits) hits: the windows overlap the points often enough to compare")
    }
}
