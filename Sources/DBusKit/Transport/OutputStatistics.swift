/// What a connection's output did: how much waits for its socket now, the most that ever waited, and
/// how often the socket was full. Bytes count DBusKit's own queue (Swift-built messages); messages
/// libdbus holds are not in it.
public struct OutputStatistics: Sendable, Equatable {
    /// Bytes waiting for the socket now.
    public var queuedBytes = 0
    /// The most bytes that ever waited at once.
    public var peakQueuedBytes = 0
    /// How many times the socket refused bytes and output started waiting for it.
    public var socketFullCount = 0

    public init() {}
}

/// A change in whether a connection's peer takes what is sent (``BusConnection/outputBackpressureHandler``).
public enum OutputBackpressure: Sendable, Equatable {
    /// The socket is full (the peer does not read, or not fast enough); `queuedBytes` wait, in order,
    /// and nothing blocks.
    case socketFull(queuedBytes: Int)
    /// Everything that waited has been written; at most `peakBytes` waited in this spell.
    case drained(peakBytes: Int)
}
