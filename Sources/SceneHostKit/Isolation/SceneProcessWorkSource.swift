import Foundation
import SceneChannel
import SceneCore

/// A scene process's pending work as busy sources of the board's `WaitForIdle`: what the process
/// last reported it still has to do (its fingers, recognizers, scrolling, animations, timers,
/// scripts; ``SceneBusyList``), and the calls it has not answered yet. A crashed or stopped
/// process has nothing left to do. Main actor.
@MainActor
final class SceneProcessWorkSource: PendingWorkSource {
    private unowned let scene: IsolatedScene
    /// What the process last reported, and the board's clock then.
    private(set) var reported = SceneBusyList(entries: [])
    private var reportedAt = 0.0
    /// The board's number of one of the scene process's touches (``TouchNumbering``).
    var touchNumber: (UInt64) -> UInt64 = { $0 }

    /// The process reported `list`; the board's clock reads `now`.
    func take(_ list: SceneBusyList, at now: Double) {
        reported = list
        reportedAt = now
    }

    init(scene: IsolatedScene) {
        self.scene = scene
    }

    func appendBusySources(to list: inout [BusySource]) {
        for entry in reported.entries {
            // A deadline on the process's clock, as the same time left on the board's from when the
            // list came (the two clocks are one on the virtual clock, and tick alike on the real one).
            let deadline = entry.deadline.map { reportedAt + ($0 - reported.now) }
            list.append(
                BusySource(
                    kind: BusySource.Kind(rawValue: entry.kind) ?? .model, window: scene.window(at: entry.window),
                    viewReference: entry.view, detail: Self.renumberingTouches(in: entry.detail, touchNumber), deadline: deadline))
        }
        let calls = scene.process.pendingCallCount
        if calls > 0 {
            list.append(
                BusySource(kind: .queuedInput, detail: "scene process '\(scene.name)': \(calls) call\(calls == 1 ? "" : "s") not answered yet"))
        }
    }

    /// `text` with each touch it names ("touch 3 is down", "touch 3's began") by the board's number.
    static func renumberingTouches(in text: String, _ number: (UInt64) -> UInt64) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "touch ") {
            result += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let local = UInt64(digits) {
                result += String(number(local))
                rest = rest.dropFirst(digits.count)
            }
        }
        return result + rest
    }
}
