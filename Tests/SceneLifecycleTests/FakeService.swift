import SceneLifecycle

/// What the fake services did, in order: `start a`, `live a`, `stop a` (`stop a (not clean)` when not
/// cleanly), `done a`.
@MainActor
final class ServiceJournal {
    private(set) var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }
}

/// A service that records its calls in a journal and behaves as told: its start may fail or wait to
/// be released, its go-live may fail, and its stop may finish at once, later or never.
@MainActor
final class FakeService: HostService {
    enum StartBehaviour {
        case succeeds
        case fails
        /// Suspends until ``releaseStart(failing:)``.
        case waits
    }

    enum StopBehaviour {
        /// `done` is called before `stop` returns.
        case finishesAtOnce
        /// `done` is called by ``finishStop()``.
        case finishesLater
        /// `done` is never called.
        case neverFinishes
    }

    struct Failure: Error, Equatable {
        let service: String
    }

    let name: String
    private let journal: ServiceJournal
    private let startBehaviour: StartBehaviour
    private let failsToGoLive: Bool
    private let stopBehaviour: StopBehaviour
    private var pendingStart: CheckedContinuation<Void, any Error>?
    private var pendingDone: (@MainActor () -> Void)?
    private var startWatchers: [CheckedContinuation<Void, Never>] = []

    init(
        _ name: String, journal: ServiceJournal, start: StartBehaviour = .succeeds, failsToGoLive: Bool = false,
        stop: StopBehaviour = .finishesAtOnce
    ) {
        self.name = name
        self.journal = journal
        self.startBehaviour = start
        self.failsToGoLive = failsToGoLive
        self.stopBehaviour = stop
    }

    func start() async throws {
        journal.record("start \(name)")
        switch startBehaviour {
        case .succeeds:
            return
        case .fails:
            throw Failure(service: name)
        case .waits:
            try await withCheckedThrowingContinuation { continuation in
                pendingStart = continuation
                let watchers = startWatchers
                startWatchers = []
                for watcher in watchers { watcher.resume() }
            }
        }
    }

    /// Returns once a waiting start has begun and is suspended.
    func waitUntilStarting() async {
        guard pendingStart == nil else { return }
        await withCheckedContinuation { startWatchers.append($0) }
    }

    /// Ends a waiting start, successfully or with ``Failure``.
    func releaseStart(failing: Bool = false) {
        let continuation = pendingStart
        pendingStart = nil
        if failing {
            continuation?.resume(throwing: Failure(service: name))
        } else {
            continuation?.resume()
        }
    }

    func goLive() async throws {
        journal.record("live \(name)")
        if failsToGoLive { throw Failure(service: name) }
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        journal.record(cleanly ? "stop \(name)" : "stop \(name) (not clean)")
        let finish: @MainActor () -> Void = { [journal, name] in
            journal.record("done \(name)")
            done()
        }
        switch stopBehaviour {
        case .finishesAtOnce: finish()
        case .finishesLater: pendingDone = finish
        case .neverFinishes: break
        }
    }

    /// Calls the `done` of a stop that finishes later.
    func finishStop() {
        let done = pendingDone
        pendingDone = nil
        done?()
    }
}

/// A ``ServiceGroup/Timer`` that fires only when told: stop timeouts without waiting.
@MainActor
final class ManualTimer {
    private(set) var armed: [(delay: Duration, action: @MainActor () -> Void)] = []

    var timer: ServiceGroup.Timer {
        { [self] delay, action in armed.append((delay, action)) }
    }

    /// Runs every armed action, in the order armed.
    func fireAll() {
        let due = armed
        armed = []
        for entry in due { entry.action() }
    }
}
