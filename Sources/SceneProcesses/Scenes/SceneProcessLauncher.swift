import CLinux
import Glibc

/// Starts scene processes: `scene-host` in its hidden scene-process mode, with one end of the scene
/// channel as descriptor 3, this process's pid in ``ParentExitWatch/environmentKey``, standard input from `/dev/null`, the board's standard output and (unless the caller gives another) standard error,
/// and no other descriptor (no bus connection, no display connection, no other scene's channel).
///
/// Each process is watched through a pidfd (readable when it ends; no SIGCHLD handler, no thread
/// waiting) and reaped with ``LaunchedSceneProcess/reap()``.
public enum SceneProcessLauncher {
    /// The descriptor a scene process finds its channel on.
    public static let channelDescriptor: Int32 = 3

    /// Spawns `executable` with `arguments` (without the program name), handing it `channel`.
    /// Throws ``SceneProcessError`` with the errno of the call that failed.
    /// `standardError`, when given, becomes the process's standard error (its crash report, for
    /// instance); otherwise it writes to the board's.
    public static func launch(
        executable: String, arguments: [String], channel: Int32, environment: [String], standardError: Int32? = nil
    ) throws(SceneProcessError) -> LaunchedSceneProcess {
        // A high duplicate first: dup2 onto descriptor 3 from 3 itself would leave close-on-exec set.
        let handed = fcntl(channel, F_DUPFD_CLOEXEC, 16)
        guard handed >= 0 else { throw SceneProcessError(call: "duplicating the channel", errno: errno) }
        defer { close(handed) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, handed, channelDescriptor)
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        SpawnDescriptors.closeAll(from: channelDescriptor + 1, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(SpawnSignals.apply(to: &attributes)))

        // The process watches this one through its pid (``ParentExitWatch``).
        let parent = ParentExitWatch.environmentKey + "="
        let environment = environment.contains { $0.hasPrefix(parent) } ? environment : environment + [parent + String(getpid())]
        var pid: pid_t = 0
        let result = withCStrings([executable] + arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        guard result == 0 else { throw SceneProcessError(call: "starting \(executable)", errno: result) }
        let pidfd = clinux_pidfd_open(pid)
        guard pidfd >= 0 else {
            let number = errno
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw SceneProcessError(call: "pidfd_open(\(pid))", errno: number)
        }
        return LaunchedSceneProcess(processID: pid, pidDescriptor: pidfd)
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        var pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.append(nil)
        return body(pointers)
    }
}
