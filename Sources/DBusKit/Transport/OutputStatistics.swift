/// What a connection's output did: how much waits for its socket now, the most that ever waited, how
/// often the socket was full, and how many messages left in how many writes. Bytes, messages and
/// writes count DBusKit's own queue (Swift-built messages); messages libdbus holds are not in it.
public struct OutputStatistics: Sendable, Equatable {
    /// Bytes waiting for the socket now.
    public var queuedBytes = 0
    /// The most bytes that ever waited at once.
    public var peakQueuedBytes = 0
    /// How many times the socket refused bytes and output started waiting for it.
    public var socketFullCount = 0
    /// How many messages were queued.
    public var messageCount = 0
    /// How many writes (`send` calls the socket took bytes from) carried them: messages sent in one
    /// turn leave together, so fewer than ``messageCount`` when turns send several.
    public var writeCount = 0

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
