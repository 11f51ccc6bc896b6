import Foundation
import TestProcesses
import Testing

/// What a run under scripts/test-sanitizers changes for the tests: the script sets
/// `SCENEHOST_SANITIZER` (`address` or `thread`) and `SCENEHOST_TEST_TIME_SCALE`.
enum SanitizedRun {
    /// The sanitizer the tests and every process they start from the build run under; nil in a
    /// plain run.
    static let sanitizer: String? = ProcessInfo.processInfo.environment["SCENEHOST_SANITIZER"].flatMap { $0.isEmpty ? nil : $0 }

    /// The factor for timeouts that only guard against a hang (waiting for a signal, a log line, a
    /// process): sanitized code runs several times slower. 1 in a plain run. Timeouts that are what
    /// a test checks (a deadline the host must keep) are not scaled.
    static var timeScale: Double { TestTimeScale.factor }

    /// `seconds` scaled by ``timeScale``.
    static func seconds(_ seconds: Double) -> Double { seconds * timeScale }

    /// `duration` scaled by ``timeScale``.
    static func scaled(_ duration: Duration) -> Duration { duration * timeScale }

    /// The `isolation` section's timeouts (two YAML lines) for a test that checks neither: generous
    /// on a loaded machine, and scaled under the sanitizers (an AddressSanitizer scene process takes
    /// seconds to start there).
    static let isolationTimeouts = "  response-timeout: \(Int(seconds(30)))\n  start-timeout: \(Int(seconds(60)))"

    /// The display's input wait (`display.input-wait`, seconds) for a test that checks the order
    /// it keeps, not its limit: the default's second, scaled (at most the configuration's 10).
    static let inputWait = min(10, seconds(1))

    /// An `isolation` section (three YAML lines) with the default's mode and ``isolationTimeouts``,
    /// for a configuration whose scenes run in the default's mode.
    static let isolationSection = "isolation:\n" + isolationTimeouts
}

extension SanitizedRun {
    /// `environment` for a process whose deliberate crash Swift's backtracer must explain.
    ///
    /// The backtracer's memory server copies the crashed thread's stack with `memcpy`, AddressSanitizer's
    /// redzones included, which ASan reports as a stack-buffer-underflow in `memserver_read` (and the
    /// backtrace is lost). `replace_intrin=0` turns off ASan's range checks of `memcpy`, `memmove` and
    /// `memset` in that process and its children only; their loads and stores stay checked. Nothing
    /// changes in a plain run.
    static func forSwiftBacktrace(_ environment: [String: String]) -> [String: String] {
        environment.merging(swiftBacktraceOverrides) { _, override in override }
    }

    /// Only the variables ``forSwiftBacktrace(_:)`` changes (for `HostProcess`, which adds them to
    /// its own hermetic environment); empty in a plain run.
    static var swiftBacktraceOverrides: [String: String] {
        guard sanitizer == "address" else { return [:] }
        let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["ASAN_OPTIONS": options + "replace_intrin=0"]
    }
}

extension SanitizedRun {
    /// Whether Swift's backtracer cannot run in this run's processes: under ThreadSanitizer its crash
    /// handler starts `swift-backtrace` with `clone` from the signal handler, and the runtime's
    /// `clone` interceptor fails its own check there ("CHECK failed: tsan_rtl.cpp:261"), so a
    /// deliberate crash ends without a backtrace. Only the tests of the backtrace itself are left out;
    /// the crashing plugins are still refused under ThreadSanitizer (HostLifecycleTests).
    static var cannotBacktrace: Bool { sanitizer == "thread" }

    /// Whether a scene process's crash report names no plugin frame: under ThreadSanitizer its
    /// crash handler is not installed (`PluginCrashHandler.underThreadSanitizer` says why).
    static var crashesNameNoFrame: Bool { sanitizer == "thread" }

    static let cannotBacktraceReason: Comment = "ThreadSanitizer's clone interceptor cannot run Swift's backtracer from a signal handler"

    /// The variables for a host whose SDL_Init fails (a DISPLAY nobody serves): SDL leaves an
    /// allocation of its libdbus connection behind, which lsan.supp leaves out as SDL's only when the
    /// report's stack reaches SDL's frames. The fast unwinder stops at libdbus (built without frame
    /// pointers), so this host records full stacks (`fast_unwind_on_malloc=0`; slower, so only here).
    /// Empty in a plain run.
    static var sdlFailureOverrides: [String: String] {
        guard sanitizer == "address" else { return [:] }
        let options = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
        return ["ASAN_OPTIONS": options + "fast_unwind_on_malloc=0"]
    }
}

/// LeakSanitizer's hook, read at this test process's exit: 1 turns the exit-time leak check off in
/// this process only (not in a plain run's, which has no LeakSanitizer; the processes the tests start
/// keep theirs, as does AddressSanitizer's checking of every access here).
///
/// Why: what the test process holds at its end (Swift Testing's records of every expectation, test
/// statics, Foundation's `Process` bookkeeping) is mostly Strings and enums with payloads, and Swift
/// keeps their pointers with tag bits in the top of the word (`_StringObject`, multi-payload enum
/// spare bits), which LeakSanitizer cannot read as pointers: it reports them as leaked. Measured on a
/// full run: every report of the test process was such an allocation, none a leak.
@c(__lsan_is_turned_off)
public func leakSanitizerIsTurnedOff() -> Int32 { 1 }
