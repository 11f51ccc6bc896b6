@testable import SceneCore
import TestSupport

// A touch script for random differential tests (DispatchDifferentialTests, ArbitrationDifferentialTests):
// the steps, drawn from a seed, and how a world with an application, a window, views and recognizers
// plays one.

/// One step of a touch script.
enum DispatchStep: CustomStringConvertible {
    enum Target {
        case view(Int, Double, Double)
        case anywhere(Double, Double)
    }

    case down(Target)
    case move(Int, Target)
    case nudge(Int, Double, Double)
    case up(Int)
    case cancel(Int)
    case frame(downs: [Target], moving: [Int], lifting: [Int])
    case wait(Double)
    case hide(Int, Bool)
    case remove(Int)
    case disable(Int, Bool)
    case hideWindow

    var description: String {
        switch self {
        case .down(let target): "down \(target)"
        case .move(let finger, let target): "move \(finger) to \(target)"
        case .nudge(let finger, let dx, let dy): "nudge \(finger) by (\(dx), \(dy))"
        case .up(let finger): "up \(finger)"
        case .cancel(let finger): "cancel \(finger)"
        case .frame(let downs, let moving, let lifting): "frame downs \(downs) moving \(moving) lifting \(lifting)"
        case .wait(let seconds): "wait \(seconds)"
        case .hide(let tag, let hidden): "hide v\(tag) \(hidden)"
        case .remove(let tag): "remove v\(tag)"
        case .disable(let number, let enabled): "enable R\(number) \(enabled)"
        case .hideWindow: "hide and show the window"
        }
    }

    static func random(_ random: inout SeededGenerator, fingers: Int) -> DispatchStep {
        func target() -> Target {
            random.chance(0.75)
                ? .view(random.int(0, 60), random.range(-8, 8), random.range(-8, 8))
                : .anywhere(random.range(-10, 410), random.range(-10, 810))
        }
        let roll = random.int(0, 99)
        switch roll {
        case 0..<18: return .down(target())
        case 18..<40: return .nudge(random.int(0, 7), random.pick([0.5, 3, -4, 12, 40, -70]), random.pick([0, 2, -9, 30, 60]))
        case 40..<46: return .move(random.int(0, 7), target())
        case 46..<64: return .up(random.int(0, 7))
        case 64..<68: return .cancel(random.int(0, 7))
        case 68..<74:
            return .frame(
                downs: (0..<random.int(0, 2)).map { _ in target() }, moving: (0..<random.int(0, 2)).map { _ in random.int(0, 7) },
                lifting: (0..<random.int(0, 1)).map { _ in random.int(0, 7) })
        case 74..<90: return .wait(random.pick([0.01, 0.05, 0.2, 0.36, 0.6, 1.0]))
        case 90..<94: return .hide(random.int(0, 60), random.chance(0.6))
        case 94..<96: return .remove(random.int(0, 60))
        case 96..<99: return .disable(random.int(0, 5), random.chance(0.5))
        default: return .hideWindow
        }
    }
}

/// A world a ``DispatchStep`` can be played in: an application on a manual clock, its window, the
/// views and recognizers the script names by number, and the fingers put down so far.
@MainActor
protocol TouchScriptWorld: AnyObject {
    associatedtype App: Application
    var application: App { get }
    var clock: ManualClock { get }
    var trace: Trace { get }
    var window: Window! { get }
    var views: [View] { get }
    var recognizers: [GestureRecognizer] { get }
    /// The touches made so far, by finger number; nil for a down that hit nothing.
    var fingers: [Touch?] { get set }
}

extension TouchScriptWorld {
    /// The screen point at the centre of view `tag`, or a random point.
    func point(_ step: DispatchStep.Target) -> Point {
        switch step {
        case .view(let tag, let dx, let dy):
            let view = views[tag % views.count]
            let center = view.convert(view.bounds.center, to: nil)
            return Point(x: center.x + dx, y: center.y + dy)
        case .anywhere(let x, let y):
            return Point(x: x, y: y)
        }
    }

    func finger(_ number: Int) -> Touch? {
        fingers.isEmpty ? nil : fingers[number % fingers.count]
    }

    /// Plays one step: touches through the application, time on the clock, changes to views,
    /// recognizers and the window; downs and frames write down which touches they made.
    func perform(_ step: DispatchStep) {
        switch step {
        case .down(let target):
            let touch = application.touchDown(at: point(target))
            fingers.append(touch)
            trace.log("down → \(touch.map { "#\($0.identifier) v\($0.view?.tag ?? -1)" } ?? "nothing")")
        case .move(let finger, let target):
            if let touch = self.finger(finger) { application.touchMoved(touch, to: point(target)) }
        case .nudge(let finger, let dx, let dy):
            if let touch = self.finger(finger) {
                let at = touch.location(in: nil)
                application.touchMoved(touch, to: Point(x: at.x + dx, y: at.y + dy))
            }
        case .up(let finger):
            if let touch = self.finger(finger) { application.touchUp(touch) }
        case .cancel(let finger):
            if let touch = self.finger(finger) { application.touchCancelled(touch) }
        case .frame(let downs, let moving, let lifting):
            var inputs: [TouchInput] = downs.map { .down(point($0)) }
            for number in moving { if let touch = finger(number) { inputs.append(.move(touch, to: point(.anywhere(Double(number % 300), 200)))) } }
            for number in lifting { if let touch = finger(number) { inputs.append(.up(touch, at: nil)) } }
            let made = application.dispatch(inputs)
            fingers += made
            trace.log("frame → \(made.map { $0.map { "#\($0.identifier) v\($0.view?.tag ?? -1)" } ?? "nothing" })")
        case .wait(let seconds):
            clock.advance(by: seconds)
        case .hide(let tag, let hidden):
            if tag % views.count > 1 { views[tag % views.count].isHidden = hidden }
        case .remove(let tag):
            if tag % views.count > 1 { views[tag % views.count].removeFromSuperview() }
        case .disable(let number, let enabled):
            if !recognizers.isEmpty { recognizers[number % recognizers.count].isEnabled = enabled }
        case .hideWindow:
            window.isHidden = true
            window.makeKeyAndVisible()
        }
    }
}

extension Application {
    /// Connects scene "main" (400 × 800 points) with one window, made by `makeWindow`, whose root view
    /// controller is `controller`; makes it key and visible and activates the scene. The window of a
    /// scripted world.
    func connectScriptedWindow(
        _ controller: ViewController, makeWindow: @escaping @MainActor (WindowScene) -> Window = { Window(windowScene: $0) }
    ) -> Window {
        var built: Window?
        let scene = try! connectScene(
            named: "main",
            delegate: ClosureSceneDelegate { scene in
                let window = makeWindow(scene)
                window.rootViewController = controller
                window.makeKeyAndVisible()
                built = window
            }, screenFrame: Rect(x: 0, y: 0, width: 400, height: 800))
        scene.activate()
        return built!
    }
}
