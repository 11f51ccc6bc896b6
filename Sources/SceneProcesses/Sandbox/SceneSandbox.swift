import CLinux
import CSceneSignals
import Glibc
import Synchronization

/// Confines the calling process: Landlock for the file system (``SceneSandboxPolicy``), TCP bind
/// and connect and, where the kernel scopes them, abstract Unix sockets and signals to processes
/// outside; a seccomp filter refusing new sockets, `ptrace` and `process_vm_readv`/`writev`, each
/// refusal said on standard error (`sandbox refused socket(2) of family 2: EACCES`), and so is each
/// file Landlock refuses that the loaded libraries open (`sandbox refused open(2) of /root/.ssh:
/// EACCES`; ``sayRefusalsOfLoadedLibraries()`` after a library is loaded).
///
/// Call it once, early, on the main thread, before anything of the plugin runs: Landlock confines
/// the calling thread and the threads it creates afterwards, so threads that already exist stay
/// free (``SceneSandboxReport/threadsBefore`` counts them; a scene process has one). The seccomp
/// filter is applied to every thread. Irreversible.
public enum SceneSandbox {
    /// Whether ``apply(_:)`` has confined this process (irreversibly). Read on any thread.
    public static var isApplied: Bool { applied.load(ordering: .acquiring) }

    /// Process-wide because the confinement is: set once by ``apply(_:)``, never cleared.
    private static let applied = Atomic<Bool>(false)

    /// The Landlock ABI this kernel offers, 0 when it offers none.
    public static var landlockABI: Int { Int(clinux_landlock_abi()) }

    /// Every file-system right of `abi`: ABI 1 has 13, 2 adds REFER, 3 TRUNCATE, 5 IOCTL_DEV.
    static func fileSystemRights(abi: Int) -> UInt64 {
        var rights: UInt64 = (1 << 13) - 1
        if abi >= 2 { rights |= 1 << 13 }
        if abi >= 3 { rights |= 1 << 14 }
        if abi >= 5 { rights |= 1 << 15 }
        return rights
    }

    /// The rights that apply to a file rather than a folder: execute, write, read, truncate, ioctl.
    static let fileRights: UInt64 = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 14) | (1 << 15)
    /// Reading: execute, read file, read folder.
    static let readRights: UInt64 = (1 << 0) | (1 << 2) | (1 << 3)

    /// Applies `policy`. Throws ``SceneSandboxError`` when the kernel offers no Landlock (then nothing
    /// is applied) or a step fails (then the process must not go on to load its plugin).
    public static func apply(_ policy: SceneSandboxPolicy) throws(SceneSandboxError) -> SceneSandboxReport {
        let abi = landlockABI
        guard abi >= 1 else { throw .unavailable }
        let threads = countThreads()
        let fileSystem = fileSystemRights(abi: abi)
        let network: UInt64 = abi >= 4 ? 0b11 : 0  // TCP bind and connect: no rule allows them
        let scopes: UInt64 = abi >= 6 ? 0b11 : 0  // abstract Unix sockets and signals outside the sandbox
        // libdispatch's worker monitor reads /proc/<tid>/stat of its workers, which Landlock will
        // refuse (only /proc/<pid> is allowed), and ends the process when it cannot: its `open` is
        // pointed at /proc/self/task/<tid>/stat, the same file (CSceneSignals, scene_signals.h).
        let monitorProblem: String? =
            scene_redirect_thread_stat_opens() == 0
            ? nil : "libdispatch's worker monitor still reads /proc/<tid>/stat (\(String(cString: strerror(errno))))"
        // The loaded libraries' file opens say Landlock's refusals (it tells only the kernel's audit
        // log); silent until the sandbox is in place.
        let fileRefusalProblem = installFileRefusals(policy)
        let ruleset = clinux_landlock_create(fileSystem, network, scopes, Int32(abi))
        guard ruleset >= 0 else { throw .failed(step: "landlock_create_ruleset (ABI \(abi))", errno: errno) }
        defer { close(ruleset) }
        var missing: [String] = []
        for (paths, rights) in [(policy.readable, readRights), (policy.writable, fileSystem)] {
            for path in paths {
                let descriptor = open(path, Int32(CLINUX_O_PATH) | O_CLOEXEC)
                guard descriptor >= 0 else {
                    missing.append(path)
                    continue
                }
                defer { close(descriptor) }
                var status = stat()
                fstat(descriptor, &status)
                let isFolder = status.st_mode & S_IFMT == S_IFDIR
                let allowed = (isFolder ? rights : rights & fileRights) & fileSystem
                guard clinux_landlock_allow(ruleset, descriptor, allowed) == 0 else {
                    throw .failed(step: "allowing \(path)", errno: errno)
                }
            }
        }
        guard clinux_landlock_enforce(ruleset) == 0 else { throw .failed(step: "landlock_restrict_self", errno: errno) }
        // Its refusals are trapped and said on standard error (the board logs them under the
        // scene's name) when the SIGSYS handler is in place; otherwise they fail silently.
        let trapped = scene_refusals_install() == 0
        guard clinux_seccomp_refuse_sockets(trapped ? 1 : 0) == 0 else { throw .failed(step: "installing the seccomp filter", errno: errno) }
        applied.store(true, ordering: .releasing)
        scene_file_refusals_activate()
        return SceneSandboxReport(
            landlockABI: abi, missingPaths: missing, threadsBefore: threads, monitorProblem: monitorProblem,
            fileRefusalProblem: fileRefusalProblem)
    }

    /// Has the libraries loaded since ``apply(_:)`` (the plugin) say the files the sandbox refuses
    /// them too. Main thread, right after the load, before the library's code runs on other threads.
    /// Nothing when the sandbox is not applied.
    public static func sayRefusalsOfLoadedLibraries() {
        guard isApplied else { return }
        _ = scene_say_refused_files()
    }

    /// Points the loaded libraries' file opens at the functions that say refusals; why not, or nil.
    private static func installFileRefusals(_ policy: SceneSandboxPolicy) -> String? {
        // The process's own /proc entry under its other names, which the policy allows as /proc/<pid>.
        let readable = policy.readable + ["/proc/self", "/proc/thread-self"]
        let result = withCStrings(readable) { readable in
            withCStrings(policy.writable) { writable in
                scene_file_refusals_install(readable.baseAddress, readable.count, writable.baseAddress, writable.count)
            }
        }
        return result < 0 ? "refused files are not said (\(String(cString: strerror(errno))))" : nil
    }

    /// `body` with `strings` as C strings, valid for the call.
    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }

    private static func countThreads() -> Int {
        guard let folder = opendir("/proc/self/task") else { return 0 }
        defer { closedir(folder) }
        var count = 0
        while let entry = readdir(folder) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count
    }
}
