public import Synchronization

/// `Synchronization.Mutex` with a hand-over between threads that ThreadSanitizer can see.
///
/// The mutual exclusion is `Mutex`'s. What this adds is for the sanitizer only, at the cost of one
/// plain load and one plain store per critical section on x86-64 and arm64.
///
/// **Why it is needed.** On Linux, `Mutex` locks and unlocks with an atomic compare-and-swap that is
/// inlined into our code, so ThreadSanitizer sees it. A *contended* lock is different: it goes
/// through `FUTEX_LOCK_PI`, and the kernel hands it straight to the waiting thread. The unlocking
/// thread's release and the waiter's acquire then both happen in the slow path of
/// `libswiftSynchronization.so`, which is not built with the sanitizer. It sees no order between the
/// two critical sections and reports their accesses as a race. CI reported exactly that once, on
/// 2026-11-28: `DisplayEventQueue.post` against `take`, both inside the lock.
///
/// **What it does.** Every critical section here starts with an acquiring load and ends with a
/// releasing store of an atomic of its own. Those are compiled into our code, so the sanitizer
/// orders each section after the one before it, whichever way the lock was handed over.
public struct CheckedMutex<Value>: ~Copyable {
    @usableFromInline let mutex: Mutex<Value>
    /// Carries the order from one critical section to the next for ThreadSanitizer; its value is
    /// never read.
    @usableFromInline let handOver = Atomic<UInt8>(0)

    public init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with the value while holding the lock. Blocks while another thread holds it.
    @inlinable
    public borrowing func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.store(0, ordering: .releasing) }
            return try body(&value)
        }
    }
}

extension CheckedMutex: Sendable {}
