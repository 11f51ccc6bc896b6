import Dispatch
import Glibc

/// Runs the jobs Swift's concurrency runtime gives its global executor on the main actor, so that
/// a process whose code all runs there never starts one of libdispatch's worker threads for them.
///
/// Why: the first worker thread of a global queue that is not *overcommit* (the pool behind Swift's
/// global executor, `DispatchQueue.global()`) starts libdispatch's pool monitor, a timer on its
/// manager thread that fires every second for the rest of the process's life
/// (`_dispatch_workq_monitor_pools`), however idle the process is. In `scene-host` every task is
/// the main actor's; the global executor only ever ran the step between a continuation's resumption
/// and the task's hop back to the main actor (every awaited D-Bus reply), and `Task.sleep`'s
/// wake-up. So the board woke once a second forever. With these hooks those steps run on the main
/// thread, in its main loop, and an idle board sleeps (issue 26: no wake-ups when idle).
///
/// What it changes: a task's work outside the main actor (a `nonisolated` async function, a
/// `Task.detached`) runs on the main thread too, one job at a time. That is only right in a process
/// whose work is the main actor's and whose blocking work has threads of its own (`BlockingThread`,
/// the probes' serial queues): the board. Not in a process that runs a plugin, which may expect
/// `Task.detached` to run beside its main thread; a scene process and the host with `isolation: none`
/// keep the runtime's own executor.
///
/// The hooks are the concurrency runtime's override points (`swift_task_enqueueGlobal_hook`,
/// `…WithDelay_hook`, `…WithDeadline_hook`): declared in its own header `swift/Runtime/Concurrency.h`
/// and exported by `libswift_Concurrency.so`, but not public API, so they are found with `dlsym`,
/// and a runtime without them leaves everything as it was.
public enum MainThreadTasks {
    /// `swift_task_enqueueGlobal_hook`'s type: the job, and the runtime's own enqueue (unused).
    private typealias EnqueueHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void
    /// `swift_task_enqueueGlobalWithDelay_hook`'s: nanoseconds from now, the job, the original.
    private typealias EnqueueWithDelayHook = @convention(thin) (UInt64, UnownedJob, @convention(thin) (UInt64, UnownedJob) -> Void) -> Void
    /// `swift_task_enqueueGlobalWithDeadline_hook`'s: the deadline (seconds, nanoseconds), its
    /// tolerance, the clock (1 continuous, 2 suspending), the job, the original.
    private typealias EnqueueWithDeadlineHook = @convention(thin) (
        Int64, Int64, Int64, Int64, Int32, UnownedJob, @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
    ) -> Void

    /// Installs the hooks. Call it once, before the process starts any task or thread: the hooks are
    /// plain variables of the runtime that every enqueue reads without a lock, so they are written
    /// while the main thread is the only one, and never again.
    ///
    /// - Returns: false when the runtime lacks a hook (nothing is changed then).
    @discardableResult
    public static func install() -> Bool {
        guard let process = dlopen(nil, RTLD_NOW),
            let global = dlsym(process, "swift_task_enqueueGlobal_hook"),
            let delayed = dlsym(process, "swift_task_enqueueGlobalWithDelay_hook"),
            let deadline = dlsym(process, "swift_task_enqueueGlobalWithDeadline_hook")
        else { return false }
        // Closures that capture nothing and call only free functions: a thin function is a bare code
        // pointer, as the runtime calls it (a static method would need its type's context).
        global.assumingMemoryBound(to: EnqueueHook?.self).pointee = { job, _ in enqueueOnMainActor(job) }
        delayed.assumingMemoryBound(to: EnqueueWithDelayHook?.self).pointee = { nanoseconds, job, _ in
            enqueueOnMainActor(job, after: nanoseconds)
        }
        deadline.assumingMemoryBound(to: EnqueueWithDeadlineHook?.self).pointee = { seconds, nanoseconds, _, _, clock, job, _ in
            enqueueOnMainActor(job, after: nanosecondsUntil(seconds: seconds, nanoseconds: nanoseconds, clock: clock))
        }
        return true
    }
}

/// The nanoseconds from now to a deadline on `clock` (1: continuous, counting suspension; else
/// suspending): 0 for a deadline already past, `UInt64.max` for one too far to count.
func nanosecondsUntil(seconds: Int64, nanoseconds: Int64, clock: Int32) -> UInt64 {
    var now = timespec()
    clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now)
    let secondsLeft = seconds.subtractingReportingOverflow(Int64(now.tv_sec))
    if secondsLeft.overflow { return seconds > 0 ? .max : 0 }
    if secondsLeft.partialValue < -1 { return 0 }
    if secondsLeft.partialValue >= Int64.max / 1_000_000_000 - 1 { return .max }
    let left = secondsLeft.partialValue * 1_000_000_000 + (min(max(nanoseconds, -2_000_000_000), 2_000_000_000) - Int64(now.tv_nsec))
    return left > 0 ? UInt64(left) : 0
}

private func enqueueOnMainActor(_ job: UnownedJob) {
    MainActor.shared.enqueue(job)
}

/// A sleeping task's wake-up: a timer of the main queue (libdispatch keeps its timers on the
/// manager thread, which needs no worker), then the job on the main actor.
private func enqueueOnMainActor(_ job: UnownedJob, after nanoseconds: UInt64) {
    let delay = DispatchTimeInterval.nanoseconds(Int(clamping: nanoseconds))
    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { MainActor.shared.enqueue(job) }
}
