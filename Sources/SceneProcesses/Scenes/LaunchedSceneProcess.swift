import Glibc

/// A scene process the board started: its id, and a pidfd that becomes readable when it ends.
///
/// Not `Sendable`: the board's main loop owns it. The pidfd is closed when this is released; a
/// process not reaped by then is killed and reaped, so none is left a zombie.
public final class LaunchedSceneProcess {
    public let processID: Int32
    /// Readable when the process has ended (poll or a read source on it; never read from it).
    public let pidDescriptor: Int32
    private var reaped = false

    init(processID: Int32, pidDescriptor: Int32) {
        self.processID = processID
        self.pidDescriptor = pidDescriptor
    }

    deinit {
        if !reaped {
            Glibc.kill(processID, SIGKILL)
            var status: Int32 = 0
            waitpid(processID, &status, 0)
        }
        close(pidDescriptor)
    }

    /// How the process ended, if it has (never waits): its exit status or its signal.
    public func reap() -> SceneExit? {
        guard !reaped else { return nil }
        var status: Int32 = 0
        let result = waitpid(processID, &status, WNOHANG)
        guard result == processID else { return nil }
        reaped = true
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// Sends SIGKILL (the process's end is then seen as usual, through the pidfd).
    public func kill() {
        guard !reaped else { return }
        _ = Glibc.kill(processID, SIGKILL)
    }
}
