import Foundation
public import SceneCore

/// The child side of `scene-host validate-plugin`: loads the plugin as the host would, connects its
/// scene on a manual clock, taps the centre of each control it shows, disconnects the scene, and
/// prints a ``ValidationReport``.
///
/// Before each step it prints `STEP <what>` (flushed), so that when the plugin crashes the parent
/// knows what it was doing; the report is the line starting `REPORT `.
@MainActor
public enum PluginValidation {
    nonisolated static let stepPrefix = "STEP "
    nonisolated static let reportPrefix = "REPORT "

    /// Runs the validation of `path`, printing steps and the report; returns the exit status (0, or
    /// 2 when the plugin was refused before its scene ran). Text is measured with `textMeasurer`
    /// (the host's renderer), so that views sized by their text are laid out as the host lays them
    /// out before the controls are tapped.
    public static func runChild(path: String, textMeasurer: (any TextMeasuring)? = nil) -> Int32 {
        var report = ValidationReport(plugin: path, hostCoreVersion: CoreVersion.loaded.description)
        step("loading the plugin")
        let loaded: LoadedPlugin
        do {
            loaded = try PluginLoader.load(path: path, plugin: path)
        } catch {
            report.errorCode = error.code.name
            report.errorMessage = error.message
            emit(report)
            return 2
        }
        report.name = loaded.name
        report.version = loaded.version
        report.description = loaded.description
        report.minimumCoreVersion = loaded.minimumCoreVersion?.description
        report.abiVersion = loaded.abiVersion
        report.debugBuild = loaded.isDebugBuild

        step("connecting its scene")
        let clock = ManualClock(now: 0)
        let application = Application(clock: clock)
        application.textMeasurer = textMeasurer
        let recorder = Recorder()
        application.addObserver(recorder)
        let scene: WindowScene
        do {
            scene = try application.connectScene(
                named: "validate", pluginName: loaded.name, delegate: loaded.descriptor.makeSceneDelegate(),
                screenFrame: Rect(x: 0, y: 0, width: 390, height: 844))
        } catch {
            report.errorCode = PluginLoadError.Code.probeFailed.name
            report.errorMessage = error.message
            emit(report)
            return 2
        }
        scene.activate()
        application.layoutIfNeeded()  // [LY-5] the host lays out before the first touch too
        report.windows = scene.windows.count
        report.views = scene.windows.reduce(0) { $0 + count($1) }

        let controls = scene.windows.filter { !$0.isHidden }.flatMap(controls(in:))
        for control in controls {
            let reference = ViewReference.reference(for: control)
            let type = String(describing: Swift.type(of: control))
            guard let window = control.window, !window.isHidden, window.windowScene === scene else {
                report.skipped.append("\(type) '\(reference)': no longer in a visible window")
                continue
            }
            if let reason = untappable(control) {
                report.skipped.append("\(type) '\(reference)': \(reason)")
                continue
            }
            step("tapping \(type) '\(reference)' in window '\(window.title)'")
            let point = window.convertToScreen(control.convert(control.bounds.center, to: nil))
            recorder.clear()
            let touch = application.touchDown(at: point)
            let hit = touch?.view
            clock.advance(by: 0.05)
            if let touch { application.touchUp(touch) }
            clock.advance(by: 1)  // let recognizers waiting for a second tap give up
            report.taps.append(
                ValidationReport.Tap(
                    control: reference, type: type, window: window.title, x: point.x, y: point.y,
                    hit: hit.map(ViewReference.reference(for:)) ?? "", reachedControl: hit.map { $0 === control || $0.isDescendant(of: control) } ?? false,
                    actions: recorder.actions, logs: recorder.logs))
        }
        step("disconnecting its scene")
        application.disconnect(scene)
        report.disconnected = true
        emit(report)
        return 0
    }

    private static func step(_ text: String) {
        print(stepPrefix + text)
        fflush(nil)
    }

    private static func emit(_ report: ValidationReport) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        print(reportPrefix + json)
        fflush(nil)
    }

    private static func count(_ view: View) -> Int {
        view.subviews.reduce(1) { $0 + count($1) }
    }

    /// Every control in `view`'s tree, front-most last, in tree order.
    private static func controls(in view: View) -> [Control] {
        var found: [Control] = []
        if let control = view as? Control { found.append(control) }
        for subview in view.subviews { found += controls(in: subview) }
        return found
    }

    /// Why a finger could not tap `control`, or nil.
    private static func untappable(_ control: Control) -> String? {
        var view: View? = control
        while let current = view {
            if current.isHidden { return "hidden" }
            if !current.isUserInteractionEnabled { return "user interaction is off" }
            if current.alpha < 0.01 { return "transparent" }
            view = current.superview
        }
        if !control.isEnabled { return "disabled" }
        if control.bounds.size.width <= 0 || control.bounds.size.height <= 0 { return "zero size" }
        return nil
    }

    /// Actions and log lines, as they happen.
    private final class Recorder: ApplicationObserver {
        private(set) var actions: [String] = []
        private(set) var logs: [String] = []

        func clear() {
            actions = []
            logs = []
        }

        func actionWasSent(_ action: Selector, from sender: AnyObject?, to target: AnyObject?, event: Event?) {
            actions.append(action.name)
        }

        func scene(_ scene: WindowScene, didLog line: String) {
            logs.append(line)
        }
    }
}
