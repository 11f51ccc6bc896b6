import Glibc
import SceneCore

/// Never returns from building its scene; or, with the scene option `seconds`, takes that long to
/// build one window (a slow plugin, not a hung one).
final class HangingDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        guard let seconds = options["seconds"].flatMap(Double.init), seconds.isFinite, seconds >= 0 else {
            // A real sleep: a pure spin loop would be removed by the optimizer in release builds.
            while true { sleep(1) }
        }
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var left = timespec()
        while nanosleep(&pause, &left) == -1 && errno == EINTR { pause = left }
        Window(windowScene: scene).makeKeyAndVisible()
    }
}
