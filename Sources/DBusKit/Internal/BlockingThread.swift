import Glibc

/// Runs blocking work (a libdbus authentication and `Hello`, reaping a child process) on a thread of
/// its own, so that neither the main actor nor Swift's cooperative pool waits for it.
///
/// Each call starts one detached thread that ends with the work. Should the thread not start (the
/// process is out of threads), the work runs on the calling thread instead: slower, never lost.
///
/// Package-visible for SceneProcesses' `BusDaemon`, which reaps its daemon on such a thread; it is
/// not part of DBusKit's API for clients.
package enum BlockingThread {
    /// Runs `work` on a new thread and returns its result; the caller suspends meanwhile.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            detach { continuation.resume(returning: work()) }
        }
    }

    /// Starts `work` on a new thread and returns at once.
    package static func detach(_ work: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(work))
        var thread: pthread_t = 0
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().work()
                return nil
            }, job.toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            job.takeRetainedValue().work()
        }
    }

    private final class Job: Sendable {
        let work: @Sendable () -> Void

        init(_ work: @escaping @Sendable () -> Void) {
            self.work = work
        }
    }
}
