import Logging
import SceneChannel
import SceneCore
import SceneErrors

/// Runs an ``InputScript``'s commands one after another: each starts once the one before was delivered.
/// With scenes in processes of their own a command goes where the same call on the bus would: touches
/// to the process of the scene they land on, keys, shakes and remote-control events to the key
/// window's scene process, a wait on the virtual clock to every process's clock, a device record
/// to its scene's process (the next command starts once it answered); `quit` stops the host once
/// every scene process has answered what was posted to it (its log lines are in by then).
@MainActor
final class InputScriptRunner {
    let script: InputScript
    let host: SceneHost
    let onQuit: @MainActor () -> Void
    let onEnd: (@MainActor () -> Void)?
    var index = 0

    init(script: InputScript, host: SceneHost, onQuit: @escaping @MainActor () -> Void, onEnd: (@MainActor () -> Void)?) {
        self.script = script
        self.host = host
        self.onQuit = onQuit
        self.onEnd = onEnd
    }

    func next() {
        guard index < script.commands.count else {
            onEnd?()
            return
        }
        let (line, command) = script.commands[index]
        index += 1
        let proceed: @MainActor ([Touch?]) -> Void = { [self] _ in self.next() }
        func window(_ scene: String) -> Window? {
            guard let found = host.application.scene(named: scene) else {
                host.logger.error("\(script.file):\(line): no scene named '\(scene)'; skipped")
                return nil
            }
            return found.keyWindow ?? found.windows.last
        }
        func run(_ samples: [InputSample]) {
            do throws(InputError) {
                if let isolation = host.isolation, let scene = try isolation.target(of: samples) {
                    try host.injector.validate(samples)
                    return inProcess(line) { () async throws(SceneCallError) -> InputError? in try await isolation.run(samples, on: scene).inputError }
                }
                try host.injector.run(samples, completion: proceed)
            } catch {
                host.logger.error("\(script.file):\(line): \(error.message); skipped")
                next()
            }
        }
        switch command {
        case .tap(let scene, let point, let count):
            guard let target = window(scene) else { return next() }
            run(ScriptedGestures.tap(at: point, in: target, count: count))
        case .longPress(let scene, let point, let seconds):
            guard let target = window(scene) else { return next() }
            run(ScriptedGestures.longPress(at: point, in: target, seconds: seconds))
        case .swipe(let scene, let from, let to, let seconds):
            guard let target = window(scene) else { return next() }
            run(ScriptedGestures.swipe(from: from, to: to, in: target, seconds: seconds))
        case .pinch(let scene, let center, let start, let end, let seconds):
            guard let target = window(scene) else { return next() }
            run(ScriptedGestures.pinch(center: center, startDistance: start, endDistance: end, in: target, seconds: seconds))
        case .shake:
            if let scene = host.isolation?.keyScene {
                return inProcess(line) { () async throws(SceneCallError) -> InputError? in
                    if let error = try await scene.process.command(.motion(phase: MotionPhase.began.rawValue)).inputError { return error }
                    return try await scene.process.command(.motion(phase: MotionPhase.ended.rawValue)).inputError
                }
            }
            host.application.sendMotion(.motionShake, phase: .began)
            host.application.sendMotion(.motionShake, phase: .ended)
            next()
        case .remote(let subtype):
            if let scene = host.isolation?.keyScene {
                return inProcess(line) { () async throws(SceneCallError) -> InputError? in
                    try await scene.process.command(.remoteControl(subtype: subtype.wireName)).inputError
                }
            }
            host.application.sendRemoteControl(subtype)
            next()
        case .keyboard(let records):
            if let isolation = host.isolation, records.contains(where: { isolation.target(of: $0) != nil }) {
                return inProcess(line) { () async throws(SceneCallError) -> InputError? in
                    for record in records {
                        guard let scene = isolation.target(of: record) else { continue }
                        isolation.noteKeyboard(record, sentTo: scene)
                        if let error = try await scene.process.record(InputRecord.keyboard(record).scriptLine).inputError { return error }
                    }
                    return nil
                }
            }
            for record in records { record.deliver(to: host.application) }
            next()
        case .record(let record):
            // A record for a scene process goes on once that process answered it: what it did is
            // published before the next record is delivered (one process's order, as the desktop
            // reads on after a press), so a replay's signals follow the same inputs as the
            // recording's (`--verify`).
            let process = host.isolation?.target(of: record)?.process
            host.deviceInput.deliver(record)
            if let process { return process.whenPostedRecordsAnswered { [self] in self.next() } }
            next()
        case .wait(let seconds):
            // On the virtual clock the wait advances it (firing what is due meanwhile), as scripted
            // input's own delays do; with scene processes, every process's clock with it. Meanwhile
            // the host is busy (the timer is listed as pending work).
            if let isolation = host.isolation, host.clock is VirtualClock {
                return inProcess(line) { () async throws(SceneCallError) -> InputError? in
                    try await isolation.advanceClock(by: seconds)
                    return nil
                }
            }
            var waited = false
            _ = host.clock.schedule(after: seconds, purpose: .code) { [self] in
                waited = true
                self.next()
            }
            if let clock = host.clock as? VirtualClock { clock.drive { waited } }
        case .quit:
            guard let isolation = host.isolation else { return onQuit() }
            isolation.whenEveryProcessAnswered { [self] in onQuit() }
        }
    }

    /// Runs `delivery` (a command sent to scene processes), logs what it could not deliver with the
    /// script's `line`, then goes on with the next command.
    private func inProcess(_ line: Int, _ delivery: @escaping @MainActor () async throws(SceneCallError) -> InputError?) {
        Task { @MainActor in
            do throws(SceneCallError) {
                if let error = try await delivery() { host.logger.error("\(script.file):\(line): \(error.message)") }
            } catch {
                host.logger.error("\(script.file):\(line): \(error)")
            }
            next()
        }
    }
}
