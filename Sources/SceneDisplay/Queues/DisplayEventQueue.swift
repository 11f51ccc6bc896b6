import Dispatch
import SceneSync

/// The bounded queue of events from the display thread to its owner.
///
/// One producer (the display thread) ``post(_:)``s; one consumer (the owner, on the main thread)
/// ``take()``s everything queued at once. When the queue goes from empty to not empty the producer
/// calls `wake` once, so the consumer is scheduled once per batch, not per event. When
/// ``capacity`` events are waiting the producer blocks until the consumer takes them: nothing is
/// dropped and memory stays bounded, and the display thread — never the main thread — is the one
/// that waits. SDL keeps queueing the desktop's events meanwhile.
final class DisplayEventQueue: Sendable {
    private struct State {
        var events: [DisplayEvent] = []
        var peak = 0
        var posted: UInt64 = 0
        /// Times the producer found the queue full and waited for the consumer.
        var fullWaits: UInt64 = 0
        var producerWaiting = false
        var closed = false
    }

    let capacity: Int
    private let state = CheckedMutex(State())
    private let space = DispatchSemaphore(value: 0)
    private let wake: @Sendable () -> Void

    init(capacity: Int, wake: @escaping @Sendable () -> Void) {
        precondition(capacity > 0, "the display queue needs room for at least one event")
        self.capacity = capacity
        self.wake = wake
    }

    /// Appends `event`, waiting while the queue is full. Display thread only. Returns false once the
    /// queue is closed (the event is dropped: nobody will take it).
    @discardableResult
    func post(_ event: DisplayEvent) -> Bool {
        while true {
            let outcome: (posted: Bool, wake: Bool, closed: Bool) = state.withLock { state in
                if state.closed { return (false, false, true) }
                guard state.events.count < capacity else {
                    if !state.producerWaiting { state.fullWaits += 1 }
                    state.producerWaiting = true
                    return (false, false, false)
                }
                state.events.append(event)
                state.posted += 1
                state.peak = max(state.peak, state.events.count)
                return (true, state.events.count == 1, false)
            }
            if outcome.closed { return false }
            if outcome.posted {
                if outcome.wake { wake() }
                return true
            }
            space.wait()
        }
    }

    /// Every event waiting, oldest first; frees the producer if it waits for room.
    func take() -> [DisplayEvent] {
        let (events, release) = state.withLock { state -> ([DisplayEvent], Bool) in
            let taken = state.events
            state.events.removeAll(keepingCapacity: true)
            let release = state.producerWaiting
            state.producerWaiting = false
            return (taken, release)
        }
        if release { space.signal() }
        return events
    }

    /// Stops accepting events and frees a waiting producer.
    func close() {
        let release = state.withLock { state -> Bool in
            state.closed = true
            let release = state.producerWaiting
            state.producerWaiting = false
            return release
        }
        if release { space.signal() }
    }

    /// Events waiting now.
    var count: Int { state.withLock { $0.events.count } }
    /// The most events that ever waited at once.
    var peak: Int { state.withLock { $0.peak } }
    /// Events posted since the start.
    var posted: UInt64 { state.withLock { $0.posted } }
    /// Times the producer has found the queue full and waited (once per wait, however often it wakes
    /// to find it still full).
    var fullWaits: UInt64 { state.withLock { $0.fullWaits } }
}
