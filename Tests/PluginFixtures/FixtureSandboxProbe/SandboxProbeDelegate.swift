import Dispatch
import Glibc
import SceneCore

/// A scene that tries, when it is built and again whenever its button is tapped, what a sandboxed
/// scene process must not do — read a secret file and `~/.ssh`, open an internet and a Unix
/// socket, read another process's memory through `/proc` and `process_vm_readv` — and one thing it
/// may do (write into its data folder), and shows what each attempt got in its label
/// (`secret=EACCES inet=EACCES … data=ok`; `ok` where the attempt succeeded). With `workers=yes`
/// the first attempt also keeps a global dispatch queue busy for about 2.5 s (`workers=ok` once it is done): work
/// waits on it across libdispatch's once-a-second worker monitor, which reads its workers' /proc
/// files.
///
/// Options: `secret` (a file's path), `peer` (another process's id), `data` (its data folder),
/// `workers` (`yes`: the first attempt keeps a global queue busy).
final class SandboxProbeDelegate: SceneDelegate {
    private var window: Window?
    private var options: [String: String] = [:]
    private let label = Label(frame: Rect(x: 10, y: 100, width: 370, height: 60))
    private var attempts = 0

    func scene(_ scene: WindowScene, willConnectWith options: [String: String]) {
        self.options = options
        let window = Window(windowScene: scene)
        window.title = "Sandbox"
        label.accessibilityIdentifier = "attempts"
        label.numberOfLines = 0
        window.addSubview(label)
        let button = Button(frame: Rect(x: 20, y: 40, width: 160, height: 44), title: "Try again")
        button.accessibilityIdentifier = "again"
        button.addAction(named: "again", for: .touchUpInside) { [weak self] _, _ in self?.attempt() }
        window.addSubview(button)
        window.makeKeyAndVisible()
        self.window = window
        attempt()
    }

    private func attempt() {
        attempts += 1
        let peer = options["peer"] ?? "1"
        var results = ["round=\(attempts)"]
        results.append("secret=" + Self.open(options["secret"] ?? "/nonexistent", O_RDONLY))
        let home = getenv("HOME").map { String(cString: $0) } ?? "/root"
        results.append("ssh=" + Self.open(home + "/.ssh", O_RDONLY | O_DIRECTORY))
        results.append("inet=" + Self.socket(AF_INET))
        results.append("unix=" + Self.socket(AF_UNIX))
        results.append("status=" + Self.open("/proc/\(peer)/status", O_RDONLY))
        results.append("mem=" + Self.open("/proc/\(peer)/mem", O_RDONLY))
        results.append("vm=" + Self.readMemory(of: pid_t(peer) ?? 1))
        results.append("data=" + Self.write(into: options["data"] ?? "/nonexistent"))
        if attempts == 1, options["workers"] == "yes" { results.append("workers=" + Self.occupyWorkers()) }
        label.text = results.joined(separator: " ")
    }

    private static func name(_ number: Int32) -> String {
        switch number {
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EFAULT: "EFAULT"
        default: "errno\(number)"
        }
    }

    private static func open(_ path: String, _ flags: Int32) -> String {
        let descriptor = Glibc.open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { return name(errno) }
        close(descriptor)
        return "ok"
    }

    private static func socket(_ family: Int32) -> String {
        let descriptor = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return name(errno) }
        close(descriptor)
        return "ok"
    }

    /// process_vm_readv(2) (declared only under _GNU_SOURCE, which Swift's Glibc module lacks),
    /// looked up in the process's libc.
    private typealias ReadMemory = @convention(c) (pid_t, UnsafePointer<iovec>?, UInt, UnsafePointer<iovec>?, UInt, UInt) -> Int

    /// Reads 8 bytes of the peer's memory (at an address of its stack's page: any answer but
    /// EPERM means the call itself was allowed) with process_vm_readv.
    private static func readMemory(of peer: pid_t) -> String {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "process_vm_readv") else { return "missing" }  // RTLD_DEFAULT
        let call = unsafeBitCast(symbol, to: ReadMemory.self)
        var byte: UInt64 = 0
        return withUnsafeMutableBytes(of: &byte) { buffer in
            var local = iovec(iov_base: buffer.baseAddress, iov_len: 8)
            var remote = iovec(iov_base: UnsafeMutableRawPointer(bitPattern: 0x1000), iov_len: 8)
            return call(peer, &local, 1, &remote, 1, 0) >= 0 ? "ok" : name(errno)
        }
    }

    /// Twenty 250 ms sleeps on the global queue, waited for here (a fixture's main thread may wait):
    /// more than its workers take at once, so work waits on the queue at the monitor's ticks.
    private static func occupyWorkers() -> String {
        let group = DispatchGroup()
        for _ in 0..<20 {
            DispatchQueue.global().async(group: group) { usleep(250_000) }
        }
        return group.wait(timeout: .now() + 30) == .success ? "ok" : "timeout"
    }

    private static func write(into folder: String) -> String {
        let descriptor = Glibc.open(folder + "/probe.txt", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return name(errno) }
        close(descriptor)
        return "ok"
    }
}
