import Foundation
import Glibc
import SceneProcesses
import SceneSync

/// How a child process ended.
struct ChildOutcome: Sendable {
    enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
        /// Killed for a limit (see ``ChildDeadline``).
        case timedOut(ChildDeadline.Stage)
    }

    let termination: Termination
    let stdout: String
    let stderr: String
}

/// Runs a short-lived child with a timeout, collecting stdout and stderr as they arrive so it can never
/// block on a full pipe, with the Swift backtracer off (only the "Fatal error" line is kept).
///
/// Output is not read "to end of file": when other children are started at the same time, one may
/// inherit this child's pipe and keep it open long after this child exited. Instead, once the child
/// has exited, the collectors read on until the pipes are empty.
package enum ChildProcess {
    /// Accumulates one pipe's bytes on a thread of its own, polling the non-blocking descriptor.
    ///
    /// ``finish()`` asks the thread to stop and waits for it: the thread stops only after a poll
    /// finds the pipe empty, so everything the (exited) child wrote has been collected. (A
    /// readability handler could have taken bytes out of the pipe and not yet stored them when the
    /// parent looked: a probe's report was lost that way, about once in 25 parallel test runs.)
    private final class Collector: Sendable {
        private struct State {
            /// An array, not `Data`: `Data` keeps its heap storage behind an enum whose case is packed
            /// into the pointer's spare bits, which LeakSanitizer cannot read as a pointer. A host
            /// that exits while a hung probe's collector still holds bytes (PluginLoadingTests)
            /// was reported as leaking them; an array's buffer is a plain pointer it follows.
            var data: [UInt8] = []
            var stopRequested = false
            var markerSeen = false
        }

        private let state = CheckedMutex(State())
        private let stopped = DispatchSemaphore(value: 0)
        private let descriptor: Int32
        private let markers: [[UInt8]]
        private let onMarker: @Sendable () -> Void

        /// Takes ownership of `descriptor` (closed by ``finish()``). `onMarker` runs once, on the
        /// collector's thread, when the bytes collected first contain one of `markers`.
        init(descriptor: Int32, markers: [String] = [], onMarker: @escaping @Sendable () -> Void = {}) {
            self.descriptor = descriptor
            self.markers = markers.map { Array($0.utf8) }
            self.onMarker = onMarker
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            let thread = Thread { [self] in collect() }
            thread.stackSize = 256 << 10
            thread.start()
        }

        private func collect() {
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let stopRequested = state.withLock { $0.stopRequested }
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, stopRequested ? 0 : 50)
                if ready < 0 && errno == EINTR { continue }
                if ready <= 0 {
                    if stopRequested { break }
                    continue
                }
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    let found = state.withLock { state -> Bool in
                        state.data.append(contentsOf: chunk[0..<count])
                        guard !state.markerSeen, markers.contains(where: { state.data.firstRange(of: $0) != nil }) else { return false }
                        state.markerSeen = true
                        return true
                    }
                    if found { onMarker() }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    break  // end of file, or the pipe failed
                }
            }
            stopped.signal()
        }

        /// Waits until everything in the pipe now has been collected, and returns it all.
        ///
        /// The bytes are moved out, so the collector owns no buffer once this returns. Its thread
        /// may still be ending (it signals before it returns), and a process that exits meanwhile,
        /// as `scene-host validate-plugin` does right after its last probe, must not leave a buffer
        /// that only that thread could reach: LeakSanitizer reported one as a leak in a CI run, and
        /// its exit status 1 (with stdout not flushed) failed the run.
        func finish() -> String {
            state.withLock { $0.stopRequested = true }
            stopped.wait()
            close(descriptor)
            let collected = state.withLock { state in
                let taken = state.data
                state.data = []
                return taken
            }
            return String(decoding: collected, as: UTF8.self)
        }
    }

    /// The line a child prints (``announceRunning()``) once it runs its own code: the process has
    /// started and its libraries are loaded. Its run limit counts from then (``ChildDeadline``).
    static let runningMarker = "scenehost-child: running"

    /// What the Swift runtime writes to standard error when the child crashes: a fatal error's line
    /// at once, and the backtracer's headline before it symbolicates. From then the child's crash
    /// limit applies instead of its run limit (``ChildDeadline``).
    static let crashMarkers = ["Fatal error:", "Program crashed:"]

    /// Tells the parent that this child now runs its own code (see ``runningMarker``).
    package static func announceRunning() {
        print(runningMarker)
        fflush(nil)
    }

    /// Blocks until `pid` exits, killing it with SIGKILL when its ``ChildDeadline`` passes first;
    /// returns its wait status and the limit it was killed for, if it was. `watch` is told when the
    /// child announces that it runs (``deadlineStarted(_:)``), from the stdout collector's thread.
    ///
    /// No polling: the thread sleeps in `waitid`, and a timer on a global queue kills the child. The
    /// child is reaped only after the deadline has been told it exited (`waitid` with `WNOWAIT` leaves
    /// it a zombie), so the timer can never signal a recycled process ID.
    private static func wait(for pid: pid_t, watch: DeadlineWatch) -> (status: Int32, killedFor: ChildDeadline.Stage?) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        let killedFor = watch.exited()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status, killedFor)
    }

    /// A child's ``ChildDeadline`` with the timer that enforces it.
    private final class DeadlineWatch: Sendable {
        /// The deadline and its timer, used only under the lock (a dispatch source is not `Sendable`).
        private struct Guarded {
            var deadline: ChildDeadline
            let timer: any DispatchSourceTimer
        }

        private let guarded: CheckedMutex<Guarded>
        private let spawned = DispatchTime.now()
        private let pid: pid_t

        init(pid: pid_t, limits: ChildDeadline) {
            self.pid = pid
            guarded = CheckedMutex(Guarded(deadline: limits, timer: DispatchSource.makeTimerSource(queue: DispatchQueue(label: "org.scenehost.child-deadline"))))
            guarded.withLock { state in
                state.timer.setEventHandler { [self] in fire() }
                arm(state.timer, limits.deadline)
                state.timer.resume()
            }
        }

        private var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - spawned.uptimeNanoseconds) / 1e9 }

        private func arm(_ timer: any DispatchSourceTimer, _ due: Double?) {
            guard let due else { return }
            timer.schedule(deadline: spawned + due)
        }

        private func fire() {
            let now = elapsed
            guarded.withLock { state in
                // A deadline moved later since this firing was scheduled: the timer fires again then.
                guard let due = state.deadline.deadline, now >= due - 0.001 else { return }
                if state.deadline.expired() { kill(pid, SIGKILL) }
            }
        }

        /// The child announced that it runs: the run limit starts now.
        func started() {
            let now = elapsed
            guarded.withLock { state in arm(state.timer, state.deadline.started(at: now)) }
        }

        /// The child reported a crash: the crash limit starts now.
        func crashed() {
            let now = elapsed
            guarded.withLock { state in arm(state.timer, state.deadline.crashed(at: now)) }
        }

        /// The child exited (not yet reaped): returns the limit it was killed for, if it was.
        func exited() -> ChildDeadline.Stage? {
            guarded.withLock { state in
                state.timer.cancel()
                return state.deadline.exited()
            }
        }
    }

    /// Why a child could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `executable` with `posix_spawn` (standard input from /dev/null, both outputs to
    /// close-on-exec pipes, no other descriptor of this process, every signal unblocked and at its default), then waits for this child
    /// until it exits or its deadline passes (it is then killed): `timeout` seconds from the moment it
    /// announces that it runs (``runningMarker``), ``ChildDeadline/startLimit(for:)`` before that, and
    /// as long again from the moment it reports a crash (``crashMarkers``), for its backtrace.
    ///
    /// Blocks the calling thread, so never call it on the main thread (the host probes on a
    /// background queue). The exit is learned from `waitid`/`waitpid` themselves, not from
    /// Foundation's `Process` monitoring, which under heavy parallel use once missed a probe's exit
    /// until the timeout. `environment` replaces or adds variables of this process's environment.
    static func run(
        executable: String, arguments: [String], timeout: Double, startLimit: Double? = nil, crashLimit: Double? = nil,
        environment extra: [String: String] = [:]
    ) throws -> ChildOutcome {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec at once (pipe2 is not visible to Swift): another child spawned meanwhile by
        // another thread could only hold a pipe open, which the collectors do not wait for.
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        SpawnDescriptors.closeAll(from: 3, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(SpawnSignals.apply(to: &attributes)))

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment[ParentWatch.environmentKey] = String(getpid())
        environment.merge(extra) { _, new in new }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0]); close(errPipe[0])
            throw SpawnError(description: String(cString: strerror(spawned)))
        }
        let watch = DeadlineWatch(pid: pid, limits: ChildDeadline(runLimit: timeout, startLimit: startLimit, crashLimit: crashLimit))
        let stdoutCollector = Collector(descriptor: outPipe[0], markers: [runningMarker]) { watch.started() }
        let stderrCollector = Collector(descriptor: errPipe[0], markers: crashMarkers) { watch.crashed() }

        let (status, killedFor) = wait(for: pid, watch: watch)
        let stdout = stdoutCollector.finish()
        let stderr = stderrCollector.finish()
        if let killedFor { return ChildOutcome(termination: .timedOut(killedFor), stdout: stdout, stderr: stderr) }
        let signal = status & 0x7f
        if signal == 0 { return ChildOutcome(termination: .exited((status >> 8) & 0xff), stdout: stdout, stderr: stderr) }
        return ChildOutcome(termination: .signaled(signal), stdout: stdout, stderr: stderr)
    }
}
