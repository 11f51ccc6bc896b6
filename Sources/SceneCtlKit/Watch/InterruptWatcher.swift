import Dispatch
import Glibc

/// Turns SIGINT and SIGTERM into a call on the main actor (so `watch` can flush its buffered output
/// before exiting) while it is installed, and ignores SIGPIPE (a closed stdout then shows up as a
/// failed write). ``cancel()`` restores the default dispositions.
@MainActor
final class InterruptWatcher {
    private static let handled = [SIGINT, SIGTERM]
    private var sources: [any DispatchSourceSignal] = []

    init(_ handler: @escaping @MainActor (Int32) -> Void) {
        signal(SIGPIPE, SIG_IGN)
        for number in Self.handled {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                // The source delivers on the main queue, which is the main actor's executor.
                MainActor.assumeIsolated { handler(number) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops handling the signals.
    func cancel() {
        for source in sources {
            source.cancel()
        }
        sources.removeAll()
        for number in Self.handled {
            signal(number, SIG_DFL)
        }
        signal(SIGPIPE, SIG_DFL)
    }
}
