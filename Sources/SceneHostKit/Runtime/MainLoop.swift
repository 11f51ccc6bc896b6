import Foundation
import Glibc
import Synchronization

/// The write end of the signal pipe. Signal handlers are process-wide by nature, so the pipe they write
/// to is too; an atomic makes reading it from the handler safe on any thread.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The host's main loop: `RunLoop.main` on the process's main thread, which also drains the main
/// dispatch queue (timers, D-Bus watches, signal delivery), so the model's main actor really is the
/// main thread (`dispatchMain()` would move it to another thread on Linux).
@MainActor
public enum MainLoop {
    /// Installs SIGTERM and SIGINT handlers that will call `onSignal` on the main actor once the loop
    /// runs. Call it before starting anything, so that no signal can arrive unhandled.
    ///
    /// The handlers only write the signal number to a pipe (async-signal-safe); a dispatch source on
    /// the main queue reads it. This works whatever thread the kernel picks to run the handler, and
    /// leaves the signal mask of child processes untouched.
    public static func installSignalHandlers(onSignal: @escaping @MainActor (Int32) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            fatalError("scene-host: cannot create the signal pipe: errno \(errno)")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
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
        let readEnd = ends[0]
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .main)
        source.setEventHandler {
            var byte: UInt8 = 0
            while Glibc.read(readEnd, &byte, 1) == 1 {
                let number = Int32(byte)
                MainActor.assumeIsolated { onSignal(number) }
            }
        }
        source.resume()
        signalSource = source
    }

    /// Keeps the signal source alive for the life of the process.
    private static var signalSource: (any DispatchSourceRead)?

    /// Runs the main run loop until `isDone` is true, checked after each turn (a turn ends after work
    /// from the main dispatch queue, where the main actor, bus watches, timers and signals run).
    /// ``stop()`` makes sure a turn ends after it. `endOfTurn` runs after each turn, before the
    /// condition and before the loop waits again: where UIKit commits layout, before the run loop
    /// sleeps [LY-5].
    public static func run(endOfTurn: @MainActor () -> Void = {}, until isDone: @MainActor () -> Bool) {
        // A run loop with no sources returns at once; this timer keeps it waiting for dispatch work.
        let keepAlive = Timer(timeInterval: 86_400, repeats: true) { _ in }
        RunLoop.main.add(keepAlive, forMode: .default)
        defer { keepAlive.invalidate() }
        while !isDone() {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
            endOfTurn()
        }
    }

    /// Ends the current turn of ``run(until:)`` so that it checks its condition, whether the caller
    /// runs from the main queue or from a run-loop timer.
    public static func stop() {
        DispatchQueue.main.async {}
    }
}
