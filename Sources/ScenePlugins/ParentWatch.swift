import Foundation
import Glibc
import SceneProcesses

/// Ties a child process that runs plugin code (a probe, a validation, a scene process) to the host
/// that started it:
/// when the host dies — killed, crashed, or exiting while a probe still runs — the kernel kills the
/// child, so a plugin that hangs in a busy loop never outlives its host as an orphan spinning on a
/// core.
///
/// The parent writes its pid into ``environmentKey`` (``ChildProcess/run(executable:arguments:timeout:environment:)``
/// does); the child calls ``dieWithParent()`` first thing. `PR_SET_PDEATHSIG` follows the thread
/// that spawned the child, which in ``ChildProcess`` is the thread that then waits for it, so it
/// cannot end first. Scene processes, spawned by whatever thread runs the board's main actor, watch
/// the board through a pidfd instead (``ParentExitWatch``) and use this only where the kernel
/// refuses them one.
package enum ParentWatch {
    /// The environment variable holding the starting process's pid.
    package static let environmentKey = ParentExitWatch.environmentKey

    /// `PR_SET_PDEATHSIG` from <linux/prctl.h>.
    private static let setParentDeathSignal: Int32 = 1

    /// Asks the kernel for SIGKILL when the parent dies, then exits at once when the parent named in
    /// the environment already died before the request (the child was reparented meanwhile). A child
    /// started without the variable (by hand, for debugging) only gets the death signal.
    package static func dieWithParent() {
        // prctl(2) is variadic, which Swift does not import; it is called through its address with
        // the five integer arguments glibc's prctl reads (the x86-64 and AArch64 calling conventions
        // pass them in the same registers either way).
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        if let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {  // RTLD_DEFAULT
            let prctl = unsafeBitCast(address, to: Prctl.self)
            _ = prctl(setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
        }
        guard let text = ProcessInfo.processInfo.environment[environmentKey], let expected = pid_t(text) else { return }
        if getppid() != expected { _exit(1) }
    }
}
