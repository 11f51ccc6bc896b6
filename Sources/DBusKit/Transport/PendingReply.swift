import Dispatch
import SceneSync
internal import CDBus

/// One outstanding asynchronous call: the bridge between a libdbus `DBusPendingCall` and the
/// Swift continuation waiting for its reply.
///
/// The pending call is *attached* when the transport hands the call to libdbus: at once, or later
/// when messages sent before it were still waiting (``BusTransport``). The continuation is resumed
/// exactly once, by whichever comes first: the reply (libdbus's notify callback on the main actor),
/// task cancellation (any thread), or the connection closing. The state lives in a `CheckedMutex` because cancellation handlers run on arbitrary threads.
/// The reply message crosses as an owned libdbus reference encoded in a `UInt`; the caller
/// wraps it into a ``BusMessage`` on the main actor.
final class PendingReply: Sendable {
    private struct State {
        var continuation: CheckedContinuation<UInt, any Error>?
        /// The libdbus pending call, holding the reference `send_with_reply` gave us, until
        /// it completes or is cancelled (0 before it is attached, and after).
        var pendingBits: UInt = 0
        /// Whether the pending call was attached (and the notify callback may be registered).
        var attached = false
        var cancellation: BusError?
        var finished = false
    }

    private let state = CheckedMutex(State())

    init() {}

    deinit {
        let leftover = state.withLock { state -> (CheckedContinuation<UInt, any Error>?, UInt) in
            defer {
                state.continuation = nil
                state.pendingBits = 0
            }
            return (state.continuation, state.pendingBits)
        }
        leftover.0?.resume(throwing: LibDBus.disconnectedError("receive a reply"))
        if leftover.1 != 0 {
            dbus_pending_call_unref(OpaquePointer(bitPattern: leftover.1)!)
        }
    }

    /// Takes the pending call libdbus made for the call (`nil`: libdbus refused it, the connection
    /// is gone). Main actor only, before or after ``start(_:)``.
    @MainActor
    func attach(_ pending: OpaquePointer?, label: String) {
        guard let pending else {
            state.withLock { $0.attached = true }
            finish(throwing: LibDBus.disconnectedError("call \(label)"))
            return
        }
        let (cancelled, waiting) = state.withLock { state -> (Bool, Bool) in
            state.pendingBits = UInt(bitPattern: pending)
            state.attached = true
            return (state.cancellation != nil, state.continuation != nil)
        }
        if cancelled {
            cancelPendingCall()
        } else if waiting {
            registerNotify()
        }
    }

    /// Parks `continuation` until the reply arrives, registering the notify callback if the pending
    /// call is attached already. Runs on the main actor, synchronously inside
    /// `withCheckedThrowingContinuation`.
    @MainActor
    func start(_ continuation: CheckedContinuation<UInt, any Error>) {
        let (attached, cancelled) = state.withLock { state -> (Bool, BusError?) in
            if state.cancellation == nil {
                state.continuation = continuation
            }
            return (state.attached, state.cancellation)
        }
        if let cancelled {
            continuation.resume(throwing: cancelled)
            cancelPendingCall()
            return
        }
        if attached {
            registerNotify()
        }
    }

    @MainActor
    private func registerNotify() {
        let bits = state.withLock { $0.pendingBits }
        guard bits != 0 else { return }
        let pending = OpaquePointer(bitPattern: bits)!
        let data = Unmanaged.passRetained(self).toOpaque()
        if dbus_pending_call_set_notify(pending, pendingNotify, data, pendingRelease) == 0 {
            Unmanaged<PendingReply>.fromOpaque(data).release()
            finish(throwing: LibDBus.outOfMemory("waiting for a reply"))
            return
        }
        if dbus_pending_call_get_completed(pending) != 0 {
            complete()
        }
    }

    /// Takes the reply out of the completed pending call and resumes the continuation.
    @MainActor
    fileprivate func complete() {
        let taken = state.withLock { state -> (CheckedContinuation<UInt, any Error>?, UInt) in
            guard !state.finished else { return (nil, 0) }
            state.finished = true
            defer {
                state.continuation = nil
                state.pendingBits = 0
            }
            return (state.continuation, state.pendingBits)
        }
        guard taken.1 != 0 else {
            return
        }
        let pending = OpaquePointer(bitPattern: taken.1)!
        let reply = dbus_pending_call_steal_reply(pending)
        dbus_pending_call_unref(pending)
        guard let reply else {
            taken.0?.resume(throwing: LibDBus.disconnectedError("receive a reply"))
            return
        }
        if let continuation = taken.0 {
            continuation.resume(returning: UInt(bitPattern: reply))
        } else {
            dbus_message_unref(reply)
        }
    }

    /// Fails the call with `error` and cancels the libdbus pending call. Main actor only.
    @MainActor
    func finish(throwing error: BusError) {
        let continuation = state.withLock { state -> CheckedContinuation<UInt, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.cancellation = error
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: error)
        cancelPendingCall()
    }

    /// Called from a task-cancellation handler on any thread: resumes the waiter at once and
    /// cancels the libdbus pending call on the main queue.
    func cancelFromAnyThread(_ error: BusError) {
        let continuation = state.withLock { state -> CheckedContinuation<UInt, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.cancellation = error
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: error)
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { cancelPendingCall() }
        }
    }

    @MainActor
    private func cancelPendingCall() {
        let bits = state.withLock { state -> UInt in
            defer { state.pendingBits = 0 }
            return state.pendingBits
        }
        guard bits != 0 else {
            return
        }
        let pending = OpaquePointer(bitPattern: bits)!
        dbus_pending_call_cancel(pending)
        dbus_pending_call_unref(pending)
    }
}

private let pendingRelease: DBusFreeFunction = { data in
    guard let data else { return }
    Unmanaged<PendingReply>.fromOpaque(data).release()
}

private let pendingNotify: DBusPendingCallNotifyFunction = { _, data in
    guard let data else { return }
    let reply = Unmanaged<PendingReply>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { reply.complete() }
}
