import SceneProcesses

/// LeakSanitizer's hook (`sanitizer/lsan_interface.h`), read once, at exit, by an AddressSanitizer
/// build only: non-zero skips the exit-time leak check in this process.
///
/// It is skipped in a sandboxed scene process, and only there: LeakSanitizer stops the process's
/// threads with `ptrace` to scan their stacks, which the sandbox's seccomp filter refuses, and then
/// it ends the process with status 1 and "LeakSanitizer has encountered a fatal error" — a scene
/// process that ended cleanly (its board closed the channel) would look failed, and the run would
/// hold a report that is no report. The host, its probes and unconfined scene processes keep the
/// check; AddressSanitizer's checking of every access stays on everywhere.
@c(__lsan_is_turned_off)
public func leakSanitizerIsTurnedOff() -> Int32 { SceneSandbox.isApplied ? 1 : 0 }
