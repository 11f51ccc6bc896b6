import Dispatch

/// Services started in order and stopped gracefully in the reverse order: the running host is one.
///
///     start():   s1.start ► s2.start ► … ► sN.start      each once the one before returned
///     goLive():  s1.goLive ► … ► sN.goLive              once all have started
///     stop():    sN.stop ► … ► s1.stop ─► every done (or its timeout) ─► completion
///                all begun in one turn; they finish side by side
///
/// - A start that throws stops the services already started (reverse order, not cleanly) and
///   ``start()`` rethrows its error; so does a failing ``goLive()``, which stops them all.
/// - ``stop(cleanly:then:)`` may come at any time, once or more: it stops what has started (a
///   service that was not started is never stopped). A service whose start is under way is stopped
///   as soon as its start returns, without being waited for, and ``start()`` (or ``goLive()``) then
///   throws `CancellationError`.
/// - A service that has not called its `done` within ``stopTimeout`` is given up on and named in the
///   ``StopReport``; the group finishes without it.
///
/// Main actor only. The group owns its services; a service never holds the group (a service that
/// wants the host stopped is given a closure by the group's owner).
@MainActor
public final class ServiceGroup {
    /// How a stop went.
    public struct StopReport: Sendable, Equatable {
        /// The services that had not finished stopping within the stop timeout, in the order they
        /// were given up on.
        public var timedOut: [String] = []

        public init(timedOut: [String] = []) {
            self.timedOut = timedOut
        }
    }

    /// Runs `action` on the main actor once `delay` has passed: how the group waits for a stop
    /// timeout. ``afterOnMainQueue(_:_:)`` in the host; a manual one in tests.
    public typealias Timer = @MainActor (_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> Void

    private enum Phase {
        case idle
        case starting
        case started
        case goingLive
        case live
        /// Stops begun; waiting for the services at these indices.
        case stopping(outstanding: Set<Int>, report: StopReport)
        case stopped(StopReport)
    }

    /// The services, in start order.
    public let services: [any HostService]
    /// How long a service may take to call its stop's `done` before the group finishes without it.
    public let stopTimeout: Duration
    private let timer: Timer
    private var phase = Phase.idle
    /// `services[..<startedCount]` have started.
    private var startedCount = 0
    private var completions: [@MainActor (StopReport) -> Void] = []

    /// - Parameters:
    ///   - services: in start order: each may rely on the ones before it.
    ///   - stopTimeout: how long each service's stop may take before the group gives up on it.
    ///   - timer: how the group waits for `stopTimeout`.
    public init(_ services: [any HostService], stopTimeout: Duration, timer: @escaping Timer = ServiceGroup.afterOnMainQueue) {
        self.services = services
        self.stopTimeout = stopTimeout
        self.timer = timer
    }

    /// Whether the group has been asked to stop (or a start failed and stopped it).
    public var isStopping: Bool {
        switch phase {
        case .stopping, .stopped: true
        case .idle, .starting, .started, .goingLive, .live: false
        }
    }

    /// Starts every service in order, each once the one before has returned.
    ///
    /// - Throws: the error of the first service that failed (the ones started before it are stopped
    ///   by then), or `CancellationError` when the group was stopped meanwhile.
    public func start() async throws {
        guard case .idle = phase else {
            if isStopping { throw CancellationError() }
            preconditionFailure("ServiceGroup.start() called twice")
        }
        phase = .starting
        try await inOrder(while: { if case .starting = $0 { true } else { false } }, { try await $0.start() }) { service, interrupted in
            if interrupted {
                // Stopped while this one started: it stops too, but nobody waits for it.
                service.stop(cleanly: false) {}
            } else {
                startedCount += 1
            }
        }
        phase = .started
    }

    /// Makes every service public, in order, once all have started.
    ///
    /// - Throws: the error of the first service that failed (the group is stopped by then), or
    ///   `CancellationError` when the group was stopped meanwhile.
    public func goLive() async throws {
        guard case .started = phase else {
            if isStopping { throw CancellationError() }
            preconditionFailure("ServiceGroup.goLive() called before start() finished, or twice")
        }
        phase = .goingLive
        try await inOrder(while: { if case .goingLive = $0 { true } else { false } }, { try await $0.goLive() }) { _, _ in }
        phase = .live
    }

    /// Runs `step` on each service in order while the group stays in the phase `current` accepts. A
    /// step that throws stops the group (unless it was stopped meanwhile) and the error is rethrown;
    /// a group stopped during a step ends the run with `CancellationError`. `after` is told, after each
    /// step that returned, which service it was and whether the group was stopped meanwhile.
    private func inOrder(
        while current: (Phase) -> Bool, _ step: @MainActor (any HostService) async throws -> Void,
        after: (any HostService, _ interrupted: Bool) -> Void
    ) async throws {
        for service in services {
            do {
                try await step(service)
            } catch {
                if current(phase) { beginStop(cleanly: false) }
                throw error
            }
            let interrupted = !current(phase)
            after(service, interrupted)
            if interrupted { throw CancellationError() }
        }
    }

    /// Stops the started services in reverse order, all begun before this returns; `completion` runs
    /// on the main actor once each has called its `done` or timed out (at once when nothing had
    /// started). Later calls only add their completion (or run it, once stopped).
    ///
    /// - Parameter cleanly: whether the run ended as intended; passed to each service.
    public func stop(cleanly: Bool, then completion: @escaping @MainActor (StopReport) -> Void = { _ in }) {
        switch phase {
        case .stopped(let report):
            completion(report)
        case .stopping:
            completions.append(completion)
        case .idle, .starting, .started, .goingLive, .live:
            completions.append(completion)
            beginStop(cleanly: cleanly)
        }
    }

    private func beginStop(cleanly: Bool) {
        let indices = Array((0..<startedCount).reversed())
        // Every index is outstanding before the first stop begins, so a `done` called at once cannot
        // finish the group before the later stops have begun.
        phase = .stopping(outstanding: Set(indices), report: StopReport())
        for index in indices {
            services[index].stop(cleanly: cleanly) { [weak self] in self?.finished(index, timedOut: false) }
            guard case .stopping(let outstanding, _) = phase, outstanding.contains(index) else { continue }
            timer(stopTimeout) { [weak self] in self?.finished(index, timedOut: true) }
        }
        finishIfDone()
    }

    private func finished(_ index: Int, timedOut: Bool) {
        guard case .stopping(var outstanding, var report) = phase, outstanding.remove(index) != nil else { return }
        if timedOut { report.timedOut.append(services[index].name) }
        phase = .stopping(outstanding: outstanding, report: report)
        finishIfDone()
    }

    private func finishIfDone() {
        guard case .stopping(let outstanding, let report) = phase, outstanding.isEmpty else { return }
        phase = .stopped(report)
        let waiting = completions
        completions = []
        for completion in waiting { completion(report) }
    }

    /// The host's ``Timer``: `action` runs from the main dispatch queue (which the host's main loop
    /// drains) once `delay` has passed.
    public static func afterOnMainQueue(_ delay: Duration, _ action: @escaping @MainActor () -> Void) {
        let (seconds, attoseconds) = delay.components
        let interval = Double(seconds) + Double(attoseconds) / 1e18
        DispatchQueue.main.asyncAfter(deadline: .now() + interval) {
            MainActor.assumeIsolated(action)
        }
    }
}
