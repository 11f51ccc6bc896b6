import DBusKit
import SceneBusContract
import SceneCore

/// The message of a `WaitForIdle` timeout: every busy source with its window (object path and
/// scene), view reference, what it waits for and the time left.
@MainActor
enum BusyReport {
    static func timeoutError(after timeout: Double, sources: [BusySource], clock: any HostClock, publisher: BusPublisher) -> BusError {
        BusError(name: SceneBusContract.ErrorNames.timeout, message: message(after: timeout, sources: sources, clock: clock, publisher: publisher))
    }

    static func message(after timeout: Double, sources: [BusySource], clock: any HostClock, publisher: BusPublisher) -> String {
        message(after: timeout, sources: sources, clock: clock) { publisher.path(of: $0).rawValue }
    }

    /// The message, windows named by `windowName` (a D-Bus object path, or a WebDriver's title).
    static func message(after timeout: Double, sources: [BusySource], clock: any HostClock, windowName: (Window) -> String) -> String {
        let now = clock.now
        var lines = ["not idle after \(timeout.compactDescription) s; \(sources.count) busy source\(sources.count == 1 ? "" : "s"):"]
        for (index, source) in sources.enumerated() {
            lines.append("  \(index + 1). \(describe(source, now: now, windowName: windowName))")
        }
        if clock.mode == .virtual, let next = sources.compactMap(\.deadline).min() {
            lines.append(
                "The clock is virtual (configuration key 'clock'): timers fire only when Host1.AdvanceClock moves it; the next is due in \(seconds(next - now)) s.")
        }
        return lines.joined(separator: "\n")
    }

    /// `touch (window /org/scenehost/SceneHost/window/1, scene findview, view blue): touch 5 is down …, 0.2 s left`.
    static func describe(_ source: BusySource, now: Double, windowName: (Window) -> String) -> String {
        var place: [String] = []
        if let window = source.window {
            place.append("window \(windowName(window))")
            if let scene = window.windowScene { place.append("scene \(scene.name)") }
        }
        if let view = source.view {
            place.append("view \(ViewReference.reference(for: view))")
        } else if let reference = source.viewReference, !reference.isEmpty {
            place.append("view \(reference)")
        }
        var text = source.kind.rawValue
        if !place.isEmpty { text += " (" + place.joined(separator: ", ") + ")" }
        text += ": " + source.detail
        if let deadline = source.deadline { text += ", \(seconds(deadline - now)) s left" }
        return text
    }

    /// Seconds with at most three decimals, never negative.
    private static func seconds(_ value: Double) -> String {
        ((Swift.max(0, value) * 1000).rounded() / 1000).compactDescription
    }
}
