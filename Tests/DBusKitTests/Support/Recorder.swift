import DBusKit
import Testing

/// The error a test helper throws when an awaited event does not happen in time.
struct TimedOut: Error, CustomStringConvertible {
    let description: String
}

/// Collects values delivered on the main actor (signals, callbacks) and lets a test await a
/// number of them with a timeout, instead of sleeping.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []
    private var waiters: [Int: (count: Int, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var nextWaiter = 0

    func record(_ value: Value) {
        values.append(value)
        for (id, waiter) in waiters where values.count >= waiter.count {
            waiters[id] = nil
            waiter.continuation.resume()
        }
    }

    /// Waits until at least `count` values were recorded; throws ``TimedOut`` once `timeout` passed
    /// without a new value. A guard against a stall (a lost value never comes), not a measure of
    /// speed: in a whole `swift test` run the main actor is shared with every other suite, and 10,000
    /// signals can take minutes to be read while they keep coming.
    @discardableResult
    func wait(for count: Int, timeout: Duration = .seconds(60), _ what: String = "events") async throws -> [Value] {
        if values.count >= count {
            return values
        }
        let id = nextWaiter
        nextWaiter += 1
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            waiters[id] = (count, continuation)
            Task { @MainActor [weak self] in
                var seen = -1
                while let recorded = self?.values.count, recorded > seen, self?.waiters[id] != nil {
                    seen = recorded
                    try? await Task.sleep(for: timeout)
                }
                guard let self, let waiter = self.waiters.removeValue(forKey: id) else { return }
                waiter.continuation.resume(
                    throwing: TimedOut(description: "waited \(timeout) without a new one for \(count) \(what), got \(self.values.count)"))
            }
        }
        return values
    }
}

/// Runs `operation` and fails with ``TimedOut`` if it does not finish within `timeout`.
@MainActor
func withTimeout<T: Sendable>(
    _ timeout: Duration = .seconds(60),
    _ what: String,
    _ operation: @escaping @MainActor @Sendable () async throws -> T
) async throws -> T {
    let recorder = Recorder<Result<T, any Error>>()
    let task = Task { @MainActor in
        do {
            recorder.record(.success(try await operation()))
        } catch {
            recorder.record(.failure(error))
        }
    }
    do {
        return try await recorder.wait(for: 1, timeout: timeout, what)[0].get()
    } catch let error as TimedOut {
        task.cancel()
        throw error
    }
}
