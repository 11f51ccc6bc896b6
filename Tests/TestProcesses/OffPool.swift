import Foundation

/// Runs a blocking wait (for another process, a pipe, a file) on a thread of its own and resumes
/// the caller when it returns.
///
/// The cooperative pool has one thread per core (two on CI machines); a wait parked there for up to
/// a minute starves every other test's tasks meanwhile, so blocking waits never run on it. (Nor on
/// the main actor, which serves the tests' D-Bus objects.)
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// ``offPool(_:)`` for a wait that cannot fail.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: body())
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
