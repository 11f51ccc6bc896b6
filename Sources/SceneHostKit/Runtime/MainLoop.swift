import Dispatch
import Glibc
public import SceneErrors
public import SceneLoop
import Synchronization

/// The write end of the signal pipe. Signal handlers are process-wide by nature, so the pipe they write
/// to is too; an atomic makes reading it from the handler safe on any thread.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// What the host's main loop (SceneLoop's ``EventLoop``, one `epoll` on the process's main thread,
/// which also serves the main dispatch queue, so the model's main actor really is the main thread)
/// needs around it: its signals, and a way to end a turn.
@MainActor
public enum MainLoop {
    /// Installs SIGTERM and SIGINT handlers that call `onSignal` on the main actor from a turn of the
    /// main loop `watches`. Call it before starting anything, so that no signal can arrive unhandled.
    ///
    /// The handlers only write the signal number to a pipe (async-signal-safe); the loop watches its
    /// read end like any descriptor. This works whatever thread the kernel picks to run the handler,
    /// and leaves the signal mask of child processes untouched. Throws when the pipe cannot be made
    /// or watched (out of descriptors); nothing is installed then.
    public static func installSignalHandlers(
        on watches: any DescriptorWatching, onSignal: @escaping @MainActor (Int32) -> Void
    ) throws(EventLoopError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let number = errno
            throw EventLoopError(code: .system, message: "pipe for the signal handlers failed: \(String(cString: strerror(number))) (errno \(number))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        let readEnd = ends[0]
        do {
            // The watch stays for the life of the process: the loop keeps it (dropping the handle
            // does not cancel it).
            _ = try watches.watchReadable(readEnd, owner: nil) {
                var byte: UInt8 = 0
                while Glibc.read(readEnd, &byte, 1) == 1 { onSignal(Int32(byte)) }
            }
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        // A parent may have started us with these signals blocked (a child inherits the spawning
        // thread's mask, and dispatch worker threads block every signal): unblock them here.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for number in [SIGTERM, SIGINT] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = Glibc.write(signalPipeWriteEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
            }
        }
    }

    /// The main thread's loop (``EventLoop/servingMainQueue()``), or nil after saying on standard
    /// error, as `speaker` (`scene-host`, `scene process NAME`), why it cannot be made.
    public static func make(speaker: String) -> EventLoop? {
        do {
            return try EventLoop.servingMainQueue()
        } catch {
            var line = "\(speaker): cannot make its main loop: \(error)\n"
            line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return nil
        }
    }

    /// Ends the current turn of the main loop (`EventLoop.run(endOfTurn:until:)`) so that it checks
    /// its condition: a block on the main queue wakes it.
    public static func stop() {
        DispatchQueue.main.async {}
    }
}
