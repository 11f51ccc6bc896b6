import CLinux
import Glibc

/// Ends this scene process when the board that started it ends, however the board ended (killed,
/// crashed, exited) and even while the plugin holds the main thread in a loop: a thread of its own
/// waits on a pidfd of the board and calls `_exit(1)` when it becomes readable.
///
/// Not `PR_SET_PDEATHSIG`: that signal follows the *thread* that spawned the child, and a board whose
/// main actor runs on libdispatch's worker threads (an `async` main, a test runner) would lose its
/// scene processes whenever such a worker thread retired. The probe and validation children keep
/// `ParentWatch` (their spawning thread waits for them, so it cannot end first).
///
/// Call ``start(parent:)`` once, on the main thread, after the sandbox is applied: the thread is then
/// confined as the main thread is (Landlock confines the calling thread and the threads it starts).
public enum ParentExitWatch {
    /// The environment variable that names the board's pid to its scene processes
    /// (``SceneProcessLauncher`` sets it when the caller did not).
    public static let environmentKey = "SCENEHOST_PROBE_PARENT"

    public enum Outcome: Equatable, Sendable {
        /// The watch runs.
        case watching
        /// The board had already ended (this process was given to another parent): exit now.
        case parentGone
        /// The kernel refused a pidfd or a thread (errno): the caller falls back to the death signal.
        case unavailable(errno: Int32)
    }

    /// Watches `parent`, which must be this process's parent.
    public static func start(parent: Int32) -> Outcome {
        let descriptor = clinux_pidfd_open(parent)
        guard descriptor >= 0 else { return errno == ESRCH ? .parentGone : .unavailable(errno: errno) }
        // The pidfd names the process it was opened for; if the parent had ended before, this process
        // was reparented already and the pid may even be another process's.
        guard getppid() == parent else {
            close(descriptor)
            return .parentGone
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            // The descriptor travels in the pointer's bits (plus one, so that 0 is not a null pointer).
            let descriptor = Int32(Int(bitPattern: argument) - 1)
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&watched, 1, -1) < 0 && errno == EINTR {}
            _exit(1)
        }, UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1))
        guard started == 0 else {
            close(descriptor)
            return .unavailable(errno: started)
        }
        pthread_detach(thread)
        return .watching
    }
}
