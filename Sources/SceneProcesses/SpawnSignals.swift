package import Glibc

/// The signal state a child started with `posix_spawn` begins with: nothing blocked, and the signals
/// a parent may catch or ignore back at their defaults.
///
/// A child inherits the spawning thread's mask (Dispatch's worker threads block every signal) and
/// the parent's ignored signals; without this a scene process or probe could not be ended by SIGTERM
/// or would ignore SIGPIPE. For the package's own spawners: it takes a C type.
package enum SpawnSignals {
    /// The signals set back to their default action.
    static let reset = [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2]

    /// Sets `attributes`' signal mask and defaults; returns the flags to add with `posix_spawnattr_setflags`.
    package static func apply(to attributes: inout posix_spawnattr_t) -> Int32 {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in reset { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        return POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    }
}
