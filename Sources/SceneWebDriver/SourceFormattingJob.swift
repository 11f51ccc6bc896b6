import Foundation
import Synchronization

/// One page source being written on a serial queue while the main actor still walks the views:
/// ``LivePageSource`` submits the records of its walk in document order, and ``body()`` waits for
/// the text without blocking anyone.
///
/// Ordering: the queue is serial, so records are written in the order they were submitted, and
/// ``body()``'s end is written after all of them. The formatter is only touched on the queue; the
/// mutex makes that checkable (it is never contended). Submitting after ``body()`` was called, or
/// calling it twice, is a programming error (the second answer would be empty).
final class SourceFormattingJob: Sendable {
    private let queue: DispatchQueue
    private let formatter: Mutex<SourceFormatter>

    /// A job writing `scene`'s source, JSON-escaped or not, into a buffer with room for `capacity`
    /// bytes, on `queue` (a serial queue).
    init(scene: PageSource.SceneValues, jsonEscaped: Bool, capacity: Int, queue: DispatchQueue) {
        self.queue = queue
        formatter = Mutex(SourceFormatter(scene: scene, jsonEscaped: jsonEscaped, capacity: capacity))
    }

    /// Queues `records`, which follow the ones submitted before in document order.
    func submit(_ records: [SourceFormatter.Record]) {
        queue.async { [self] in
            formatter.withLock { $0.write(records) }
        }
    }

    /// The finished text, once every record submitted before this call is written.
    func body() async -> Data {
        await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            queue.async { [self] in
                continuation.resume(returning: formatter.withLock { $0.finishedData() })
            }
        }
    }
}
