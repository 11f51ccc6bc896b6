import Dispatch
import Foundation
import Glibc
import SceneProcesses
import Synchronization
import Testing

/// A program the tests start (a host, a client, a bus daemon, an X server), whose exit is learned
/// from `waitpid` on its own process ID.
///
/// Why not Foundation's `Process`: it learns of an exit when a socket the child inherits reaches
/// end-of-file, and that socket is created without close-on-exec, so every program another test
/// starts meanwhile with `posix_spawn` (DBusKit's bus daemons, dbus-run-session, plugin probes)
/// inherits it and holds it open: the exit then goes unnoticed until that other program ends, up
/// to a minute later (seen as zombies next to 60 s timeouts in full runs). Here nothing depends on
/// descriptors: a thread of the child's own blocks in `waitpid(pid)` (never on the cooperative
/// pool), and the child starts with every descriptor above standard error closed, so it holds
/// nothing of the tests' other children either.
///
/// The child runs in a process group of its own (as `Process` did), with no signal blocked and every
/// signal at its default action, as a shell would start it.
public final class SpawnedProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file, created or truncated.
        case file(String)
        /// A descriptor of the caller's (e.g. a pipe's write end); the caller keeps and closes it.
        case descriptor(Int32)
        /// For standard error: wherever standard output goes.
        case standardOutput
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)

        /// The exit status, or the signal number (what Foundation's `terminationStatus` says).
        public var status: Int32 {
            switch self {
            case .exited(let status), .signaled(let status): status
            }
        }
    }

    public let processIdentifier: Int32
    /// The environment variable naming the test that started a process (see scripts/lib/subreaper).
    public static let testNameVariable = "SCENEHOST_TEST_NAME"
    private let state = ExitState()
    private var reaped: DispatchGroup { state.reaped }

    /// Starts `executable` with `arguments` (without argv[0]) and exactly `environment`.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        standardInput: Stream = .null, standardOutput: Stream = .null, standardError: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target, flags) in [
            (standardInput, STDIN_FILENO, O_RDONLY), (standardOutput, STDOUT_FILENO, O_WRONLY | O_CREAT | O_TRUNC),
            (standardError, STDERR_FILENO, O_WRONLY | O_CREAT | O_TRUNC),
        ] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o600)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .standardOutput: posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, target)
            }
        }
        SpawnDescriptors.closeAll(from: 3, in: &actions)  // after the stream actions, which only target 0–2
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        // Who started it, for scripts/lib/subreaper's report should it outlive its test; its own
        // children inherit the name.
        var environment = environment
        if environment[Self.testNameVariable] == nil, let test = Test.current {
            environment[Self.testNameVariable] = test.displayName ?? test.name
        }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw SpawnFailure(description: "cannot start \(executable): \(String(cString: strerror(status)))") }
        processIdentifier = pid
        state.reaped.enter()
        let thread = Thread { [state, pid] in
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result == -1 && errno == EINTR
            let ended: Termination = (raw & 0x7f) == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
            state.termination.withLock { $0 = result == pid ? ended : .signaled(SIGKILL) }
            state.reaped.leave()
        }
        thread.stackSize = 64 << 10
        thread.start()
    }

    /// Whether the child has not been reaped yet.
    public var isRunning: Bool { state.termination.withLock { $0 == nil } }

    /// How it ended; nil while it runs.
    public var ended: Termination? { state.termination.withLock { $0 } }

    /// The exit status or signal number (only once it ended; -1 before).
    public var terminationStatus: Int32 { ended?.status ?? -1 }

    /// Blocks the calling thread until the child ends or `timeout` seconds pass (then nil). For
    /// synchronous code and threads of their own only: never on the cooperative pool or the main actor.
    public func waitBlocking(timeout: Double) -> Termination? {
        _ = reaped.wait(timeout: .now() + timeout)
        return ended
    }

    /// Suspends (holding no thread) until the child ends or `timeout` seconds pass (then nil).
    public func wait(timeout: Double) async -> Termination? {
        let resumed = ResumedOnce()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Termination?, Never>) in
            let finish: @Sendable () -> Void = { [self] in
                guard resumed.claim() else { return }
                continuation.resume(returning: ended)
            }
            reaped.notify(queue: .global(), execute: finish)
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: finish)
        }
    }

    /// Sends `signal` to the child while it has not been reaped (so never to a reused process ID).
    public func signal(_ signal: Int32) {
        state.termination.withLock { if $0 == nil { _ = kill(processIdentifier, signal) } }
    }

    /// Sends `signal` to the child's process group: the child and whatever it started and did not
    /// move elsewhere, also after the child itself ended (Linux does not hand out a process ID while
    /// a process group of that number has members).
    public func signalGroup(_ signal: Int32) {
        _ = kill(-processIdentifier, signal)
    }

    /// SIGTERM, as Foundation's `terminate()`.
    public func terminate() { signal(SIGTERM) }

    deinit {
        // Nothing a test starts outlives it. The reaper thread still collects the status.
        if isRunning { kill(processIdentifier, SIGKILL) }
    }
}

/// How a child ended, set once by its reaper thread; `reaped` is entered at the start and left once
/// the child is reaped (blocking waiters wait on it, async ones are notified by it).
private final class ExitState: Sendable {
    let termination = Mutex<SpawnedProcess.Termination?>(nil)
    let reaped = DispatchGroup()
}

/// Lets the first of several callbacks through (a continuation resumes once).
private final class ResumedOnce: Sendable {
    private let done = Mutex(false)

    func claim() -> Bool { done.withLock { done in defer { done = true }; return !done } }
}

/// A program could not be started; names it and why.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let description: String
}

/// A pipe whose two ends are close-on-exec from the start (no other child spawned meanwhile
/// inherits them): the child gets the write end through ``SpawnedProcess/Stream/descriptor(_:)``.
public func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe2Function?(&ends, O_CLOEXEC) == 0 || pipeThenCloexec(&ends) else {
        throw SpawnFailure(description: "pipe: \(String(cString: strerror(errno)))")
    }
    return (ends[0], ends[1])
}

/// glibc's `pipe2` (not visible to Swift without _GNU_SOURCE).
private let pipe2Function: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pipe2") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
}()

private func pipeThenCloexec(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
}
