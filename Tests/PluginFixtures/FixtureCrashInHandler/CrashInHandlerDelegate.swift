#if canImport(Glibc)
import Glibc
#endif
import SceneCore

/// A scene that builds fine (so it passes the probe and loads) with a button whose action handler
/// ends the process: what a plugin bug that crashes the host looks like. The scene option `crash`
/// picks how: `trap` (a Swift runtime trap, SIGILL on Linux; the default), `segv` (a write through
/// a bad pointer, SIGSEGV) or `abort` (C's `abort`, SIGABRT).
final class CrashInHandlerDelegate: SceneDelegate {
    private var window: Window?

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        let kind = options["crash"] ?? "trap"
        let window = Window(windowScene: scene)
        window.title = "Crash"
        let button = Button(frame: Rect(x: 20, y: 40, width: 160, height: 44), title: "Crash (\(kind))")
        button.accessibilityIdentifier = "crash"
        button.addAction(named: "crash", for: .touchUpInside) { _, _ in
            crash(kind)
        }
        window.addSubview(button)
        window.makeKeyAndVisible()
        self.window = window
    }
}

/// Ends the process the way `kind` names.
func crash(_ kind: String) -> Never {
    switch kind {
    case "segv":
        // A store through an address no process maps: the kernel's SIGSEGV, as a plugin's
        // use-after-free or null dereference ends.
        let address = UnsafeMutablePointer<Int>(bitPattern: 8)!
        address.pointee = 1
        fatalError("FixtureCrashInHandler: the store to address 8 did not fault")
    case "abort":
        abort()
    default:
        crashDeliberately()
    }
}

/// The Swift trap `scene-host validate-plugin`'s test finds by its file and line in the backtrace.
func crashDeliberately() -> Never {
    fatalError("FixtureCrashInHandler: deliberately crashing in the button's action handler")
}
