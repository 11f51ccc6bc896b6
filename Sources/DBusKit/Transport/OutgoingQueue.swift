/// The messages a connection has sent but not yet handed to its socket, in the order they were sent.
///
/// Two kinds of item wait here: wire bytes of Swift-built messages, which DBusKit writes to the socket
/// itself, and *hand-offs* — libdbus messages (and method calls that need libdbus's reply tracking),
/// which go to libdbus, which writes them in turn. The queue only keeps order; ``BusTransport`` decides
/// when each item may leave:
///
/// - bytes are written only while libdbus has nothing queued of its own, so a message libdbus is
///   halfway through writing is never cut into;
/// - a hand-off is passed to libdbus only once every byte before it is written, so libdbus never
///   writes in front of (or into) bytes waiting here.
///
/// Bytes are copied into one contiguous buffer as they are sent, so consecutive messages leave in one
/// `write`. Positions are counted from the first byte ever queued: a hand-off remembers the position
/// it must wait for, a message the position where it ends. A write the socket takes only part of
/// leaves the stream holding part of a message (``hasPartialMessage``), and the next byte written must
/// be the one after it. Value type, no I/O: the writer is passed in, so the ordering is tested with a
/// fake socket.
struct OutgoingQueue<HandOff> {
    /// What one attempt to write did.
    enum WriteOutcome: Equatable {
        /// The socket took this many bytes (at least 1).
        case wrote(Int)
        /// The socket takes nothing right now (`EAGAIN`).
        case wouldBlock
        /// The socket failed (`errno`); nothing more can be written.
        case failed(Int32)
    }

    /// What ``writeLeadingBytes(_:)`` achieved.
    enum Progress: Equatable {
        /// Every leading byte was written; the queue is empty or starts with a hand-off.
        case done
        /// The socket is full; bytes remain (possibly with part of a message written).
        case blocked
        /// The socket failed with this `errno`.
        case failed(Int32)
    }

    /// Bytes not yet written start at `buffer[start]`; `buffer[0]` is stream position `base`.
    private var buffer: [UInt8] = []
    private var start = 0
    private var base = 0
    /// Hand-offs, each with the stream position every byte before which must be written first.
    private var handOffs = Queue<(position: Int, item: HandOff)>()
    /// Stream positions where queued messages end, for those not yet completely written.
    private var messageEnds = Queue<Int>()

    /// Stream position of the next byte to write.
    private var written: Int { base + start }
    /// Stream position after the last byte queued.
    private var end: Int { base + buffer.count }

    var isEmpty: Bool { start == buffer.count && handOffs.isEmpty }
    /// Bytes waiting (not counting the part of a message already written).
    var byteCount: Int { buffer.count - start }
    /// Whether the socket holds part of a message whose rest is waiting here.
    var hasPartialMessage: Bool { !messageEnds.isEmpty && written > previousEnd }

    /// Where the first message not completely written starts (the end of the one before it).
    private var previousEnd = 0

    mutating func append(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if start == buffer.count, start > 0 {
            base += start
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        }
        buffer.append(contentsOf: bytes)
        messageEnds.append(end)
    }

    mutating func append(handOff: HandOff) {
        handOffs.append((end, handOff))
    }

    /// Removes and returns the first hand-off when every byte queued before it is written.
    mutating func popHandOff() -> HandOff? {
        guard let next = handOffs.first, next.position <= written else { return nil }
        return handOffs.popFirst()?.item
    }

    /// Removes everything (the connection is gone) and returns the hand-offs that never left, in order.
    mutating func removeAll() -> [HandOff] {
        var left: [HandOff] = []
        while let next = handOffs.popFirst() { left.append(next.item) }
        base = end
        buffer.removeAll()
        start = 0
        messageEnds.removeAll()
        previousEnd = base
        return left
    }

    /// Writes the leading bytes (up to the next hand-off) with as few calls to `write` as possible:
    /// each call gets every unwritten byte before the next hand-off, in one buffer, and returns what
    /// the socket took.
    mutating func writeLeadingBytes(_ write: (UnsafeRawBufferPointer) -> WriteOutcome) -> Progress {
        while true {
            let limit = min(end, handOffs.first?.position ?? end)
            guard written < limit else { return .done }
            let outcome = buffer.withUnsafeBytes { raw in
                write(UnsafeRawBufferPointer(rebasing: raw[start..<(limit - base)]))
            }
            switch outcome {
            case .wouldBlock:
                return .blocked
            case .failed(let code):
                return .failed(code)
            case .wrote(let count):
                consume(count)
            }
        }
    }

    /// Marks `count` leading bytes as written.
    private mutating func consume(_ count: Int) {
        start += count
        while let next = messageEnds.first, next <= written {
            previousEnd = next
            _ = messageEnds.popFirst()
        }
        if start == buffer.count {
            base += start
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start >= 1 << 16, start * 2 >= buffer.count {
            base += start
            buffer.removeFirst(start)
            start = 0
        }
    }
}
