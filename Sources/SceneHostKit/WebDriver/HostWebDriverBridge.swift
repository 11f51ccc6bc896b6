import Foundation
import SceneChannel
import SceneBusServing
import SceneCore
import SceneRender
import SceneViewTree
import SceneWebDriver
import SceneErrors

/// The host as the WebDriver endpoint sees it (``WebDriverHost``): every command goes through the
/// internal path its D-Bus counterpart takes — the selector matcher (`Host1.Find`), the strict tap's
/// readiness and hit test (`Host1.TapMatching`), a touch injector (`InjectTouches`, one of its own, so
/// its slots never meet a D-Bus client's), the W3C actions player (`Window1.PerformActions`), keyboard
/// records (`SendKey`, `TypeText`), the pending-work list (`WaitForIdle`), the virtual clock
/// (`AdvanceClock`) and the renderer (`Scene1.Snapshot`). Main actor.
@MainActor
final class HostWebDriverBridge: WebDriverHost {
    private let host: SceneHost
    private let injector: TouchInjector
    private let model: WebDriverModelReader

    init(host: SceneHost) {
        self.host = host
        injector = TouchInjector(application: host.application, limits: host.configuration.bus.limits, scripts: host.scripts)
        model = WebDriverModelReader(application: host.application, selectors: host.selectors, walker: ViewTreeWalker())
    }

    var application: Application { host.application }

    var clockMode: String { host.clock.mode.rawValue }

    var inputRefusal: String? {
        let policy = host.configuration.input
        switch policy.mode {
        case .readOnly:
            return "the host's input policy is read-only (configuration 'input: read-only' or --input-policy read-only): only commands that read are served"
        case .open:
            guard !policy.allowedExecutables.isEmpty else { return nil }
            return "the host's input policy admits only the executables in input-allowed-executables (\(policy.allowedExecutables.joined(separator: ", "))), and an HTTP client's executable cannot be known: the WebDriver endpoint injects no input while that list is set"
        }
    }

    // MARK: Trees and selectors

    func describe(_ window: Window, actionability: Bool, geometry: Bool) -> ViewDescription {
        model.describe(window, actionability: actionability, geometry: geometry)
    }

    func describe(view: View) -> ViewDescription { model.describe(view: view) }

    func actionabilityCursor() -> any ActionabilityCursor { model.actionabilityCursor() }

    func select(_ selector: String) throws(WebDriverError) -> [View] { try model.select(selector) }

    // MARK: Input

    func tapTarget(of view: View) -> TapTarget { model.tapTarget(of: view) }

    func tap(at point: Point, in window: Window, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void) {
        // The down is delivered before run returns, on this turn: its hit test is the one just made,
        // once the scene is active, as a click makes it [WS-11].
        window.activateSceneForScriptedInput()
        run(ScriptedGestures.tap(at: point, in: window, count: 1), completion: completion)
    }

    func perform(_ gesture: WebDriverGesture, in scene: WindowScene, completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void) {
        // (A scene in a process of its own plays its gestures there: ``WebDriverEndpoint`` forwards them.)
        gesture.play(in: scene, injector: injector, completion: completion)
    }

    /// A `mobile:` gesture a scene process will play is checked here first, against the caller's
    /// limits, as the host's own injector checks it.
    func checkLimits(of gesture: WebDriverGesture, in scene: WindowScene) throws(WebDriverError) -> Double {
        guard let (_, samples) = gesture.samples(in: scene) else { return 0 }
        do throws(InputError) {
            try injector.validate(samples)
        } catch {
            throw Self.webDriverError(error)
        }
        return samples.reduce(0) { $0 + $1.delay }
    }

    private func run(_ samples: [InputSample], completion: @escaping @MainActor (Result<View?, WebDriverError>) -> Void) {
        do throws(InputError) {
            try injector.run(samples) { touches in completion(.success(touches.first??.view)) }
        } catch {
            completion(.failure(Self.webDriverError(error)))
        }
    }

    func performActions(
        _ body: String, in scene: WindowScene, element: @escaping @MainActor (String) -> Point?,
        completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void
    ) {
        let origin = scene.screenFrame.origin
        let viewport = ActionsViewport(name: "scene '\(scene.name)'") { Point(x: origin.x + $0.x, y: origin.y + $0.y) }
        let timeline: ActionsTimeline
        do throws(ActionsError) {
            let actions = try PointerActions.parse(json: body, maximumActions: injector.limits.samplesPerCall)
            timeline = try actions.timeline(in: viewport, element: element)
        } catch {
            let code: WebDriverError.Code = error.code == .unknownElement ? .noSuchElement : .invalidArgument
            return completion(.failure(WebDriverError(code, error.description)))
        }
        if let isolation = host.isolation, let isolated = isolation.scene(standingIn: scene) {
            return playIsolated(body, duration: timeline.totalSeconds, in: scene, isolated, isolation: isolation, completion: completion)
        }
        // As a touch on the scene's desktop window: the scene becomes active first [WS-11].
        if scene.activationState != .unattached { scene.activate() }
        do throws(InputError) {
            try ActionsPlayer.play(timeline, injector: injector) { _ in completion(.success(())) }
        } catch {
            completion(.failure(Self.webDriverError(error)))
        }
    }

    func focus(_ view: View) throws(WebDriverError) {
        try model.focus(view) { host.makeKey($0) }
    }

    func typeKeys(_ text: String) throws(WebDriverError) { try model.typeKeys(text) }

    func clear(_ view: View) throws(WebDriverError) { try model.clear(view) }

    // MARK: Waiting and time

    func wait(timeout: Double, until condition: @escaping @MainActor () -> Bool, expired: @escaping @MainActor () -> Void) {
        host.pendingWork.wait(timeout: timeout, until: condition, expired: expired)
    }

    func waitForIdle(timeout: Double, completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void) {
        let pending = host.pendingWork
        pending.wait(timeout: timeout) {
            guard pending.isIdle() else { return false }
            completion(.success(()))
            return true
        } expired: { [host] in
            let message = BusyReport.message(after: timeout, sources: pending.busySources(), clock: host.clock) { window in
                "'\(window.title)'"
            }
            completion(.failure(WebDriverError(.timeout, message)))
        }
    }

    func advanceClock(by seconds: Double, completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void) {
        guard let clock = host.clock as? VirtualClock else {
            return completion(.failure(WebDriverError(
                .unsupportedOperation,
                "mobile: advanceClock needs the virtual clock, and this host runs on the real one; start it with 'clock: virtual' in its configuration (or --clock virtual)")))
        }
        let limit = host.configuration.bus.limits.scriptSeconds
        guard seconds.isFinite, seconds >= 0, seconds <= limit else {
            return completion(.failure(WebDriverError(
                .invalidArgument, "mobile: advanceClock seconds \(seconds) must be in 0…\(limit.compactDescription) (bus.limits.script-seconds)")))
        }
        guard let isolation = host.isolation, !isolation.scenes.isEmpty else {
            clock.advance(by: seconds)
            return completion(.success(()))
        }
        // Every scene process moves to the board's new time, as with Host1.AdvanceClock.
        Task { @MainActor in
            do throws(SceneCallError) {
                try await isolation.advanceClock(by: seconds)
                completion(.success(()))
            } catch {
                completion(.failure(Self.webDriverError(error)))
            }
        }
    }

    // MARK: Pixels

    func snapshot(_ scene: WindowScene, of rect: Rect?) throws(WebDriverError) -> [UInt8] {
        try model.snapshot(scene, of: rect, renderer: host.renderer)
    }

    // MARK: Scenes in processes of their own

    func forwardsViews(of scene: WindowScene) -> Bool {
        host.isolation?.scene(standingIn: scene) != nil
    }

    func elementOwner(_ id: String) -> ElementOwner? {
        guard let owner = host.isolation?.scene(givingOutElement: id) else { return nil }
        if let scene = owner.scene?.scene { return .scene(scene) }
        return .endedProcess("the scene process \(owner.processID) that gave it out has ended (its scene crashed, was reloaded or was disconnected)")
    }

    func forward(
        _ request: WebDriverRequest, sessionID: String, to scene: WindowScene, injectsInput: Bool, allowance: Double,
        completion: @escaping @MainActor (WebDriverResponse, _ changedMeanwhile: Bool) -> Void
    ) {
        guard let isolation = host.isolation, let isolated = isolation.scene(standingIn: scene) else {
            return completion(.failure(WebDriverError(.noSuchWindow, "scene '\(scene.name)' does not run in a process of its own")), false)
        }
        let pending = host.pendingWork
        let mark = pending.changeCount
        if injectsInput { scene.windows.first(where: \.takesScriptedInput)?.activateSceneForScriptedInput() }
        let forwarded = SceneWebDriverRequest(sessionID: sessionID, sceneName: scene.name, method: request.method, path: request.path, body: Array(request.body))
        isolation.webDriver(forwarded, injectsInput: injectsInput, allowance: allowance, on: isolated) { result in
            let response =
                switch result {
                case .success(let answer): WebDriverResponse(status: Int(answer.status), body: Data(answer.body))
                case .failure(let error): WebDriverResponse.failure(Self.webDriverError(error))
                }
            // The call's own end is one change (its scene's pending call ended: idle waiters look
            // again), counted already: any more came from elsewhere.
            completion(response, pending.changeCount &- mark > 1)
        }
    }

    func afterNextChange(timeout: Double, then: @escaping @MainActor () -> Void) {
        host.pendingWork.nextChange(timeout: timeout, then)
    }

    static func webDriverError(_ error: InputError) -> WebDriverError {
        WebDriverError(error.code == .noSuchTarget ? .noSuchElement : .invalidArgument, error.message)
    }

    /// A scene process that crashed, hung or was stopped before it answered.
    static func webDriverError(_ error: SceneCallError) -> WebDriverError {
        WebDriverError(.unknownError, error.description)
    }

    /// Perform Actions on a scene in its own process: its process plays the body (keys, wheel and
    /// fingers) in its main window's coordinates, which are the scene's when that window fills it
    /// from the scene's top-left corner, as a scene's main window does.
    private func playIsolated(
        _ body: String, duration: Double, in scene: WindowScene, _ isolated: IsolatedScene, isolation: SceneIsolation,
        completion: @escaping @MainActor (Result<Void, WebDriverError>) -> Void
    ) {
        guard let window = scene.windows.first(where: \.takesScriptedInput), let index = isolated.index(of: window),
            window.convertToScreen(Point(x: 0, y: 0)) == scene.screenFrame.origin
        else {
            return completion(.failure(WebDriverError(
                .unsupportedOperation,
                "scene '\(scene.name)' runs in a process of its own and has no window at its top-left corner to play the actions in")))
        }
        Task { @MainActor [injector] in
            do throws(SceneCallError) {
                let outcome = try await isolation.play(body, window: index, limits: injector.limits, duration: duration, on: isolated)
                if let error = outcome.actionsError {
                    return completion(.failure(WebDriverError(error.code == .unknownElement ? .noSuchElement : .invalidArgument, error.description)))
                }
                if let error = outcome.inputError { return completion(.failure(Self.webDriverError(error))) }
                completion(.success(()))
            } catch {
                completion(.failure(Self.webDriverError(error)))
            }
        }
    }
}
