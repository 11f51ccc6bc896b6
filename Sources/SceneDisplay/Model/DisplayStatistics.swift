/// What the display has done since it started: for benchmarks, idle checks and the host's
/// `DisplayStatistics` method.
public struct DisplayStatistics: Sendable, Equatable {
    /// SDL's video driver ("" before it started).
    public var driver = ""
    /// Desktop windows open.
    public var windows = 0
    /// Input events posted to the owner (fingers, keys, text, focus).
    public var inputEvents: UInt64 = 0
    /// Pointer and touchscreen moves among them.
    public var moves: UInt64 = 0
    /// Events waiting for the owner now.
    public var queued = 0
    /// The most events that ever waited.
    public var queuePeak = 0
    /// The queue's capacity.
    public var queueCapacity = 0
    /// Times the display thread found the queue full and waited for the owner to take events (it
    /// reads nothing from the desktop meanwhile; nothing is dropped).
    public var queueFullWaits: UInt64 = 0
    /// Frames presented (window updates with new pixels).
    public var framesPresented: UInt64 = 0
    /// Frames that replaced one not yet presented (coalesced).
    public var framesCoalesced: UInt64 = 0
    /// Inputs after which the display thread waited for the owner to handle them before reading more
    /// (text input was off).
    public var inputWaits: UInt64 = 0
    /// Those waits that ran out of time (the owner was stalled for ``DisplayOptions/inputWaitLimit``).
    public var inputWaitTimeouts: UInt64 = 0
    /// The serial the display thread waits to see handled now; nil when it reads on.
    public var awaitedInput: UInt64?
    /// Whether a frame waits to be presented.
    public var framePending = false
    /// Seconds from a finger's down or up, or a wheel step, arriving in the display thread to the
    /// presentation of the first frame rendered after it was handled, newest last (at most the configured limit).
    public var inputToPhotonLatencies: [Double] = []

    public init() {}
}
