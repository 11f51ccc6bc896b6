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
/// A write the socket takes only part of leaves the rest of its first item here (``writtenOfFirst``):
/// the stream then holds part of a message, and the next byte written must be the one after it.
/// Value type, no I/O: the writer is passed in, so the ordering is tested with a fake socket.
struct OutgoingQueue<HandOff> {
    enum Item {
        case bytes([UInt8])
        case handOff(HandOff)
    }

    /// What one attempt to write did.
    enum WriteOutcome: Equatable {
        /// The socket took this many bytes (at least 1).
        case wrote(Int)
        /// The socket takes nothing right now (`EAGAIN`).
        case wouldBlock
        /// The socket failed (`errno`); nothing more can be written.
        case failed(Int32)
    }

    /// What ``writeLeadingBytes(maximum:_:)`` achieved.
    enum Progress: Equatable {
        /// Every leading bytes item was written; the queue is empty or starts with a hand-off.
        case done
        /// The socket is full; bytes remain (possibly with part of a message written).
        case blocked
        /// The socket failed with this `errno`.
        case failed(Int32)
    }

    private var items = Queue<Item>()
    /// Bytes of the first item already written (0 unless it is a bytes item cut by a partial write).
    private(set) var writtenOfFirst = 0
    /// Bytes waiting (not counting the part of the first item already written).
    private(set) var byteCount = 0

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }
    /// Whether the socket holds part of a message whose rest is waiting here.
    var hasPartialMessage: Bool { writtenOfFirst > 0 }

    var first: Item? { items.first }

    mutating func append(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        items.append(.bytes(bytes))
        byteCount += bytes.count
    }

    mutating func append(handOff: HandOff) {
        items.append(.handOff(handOff))
    }

    /// Removes and returns the first item when it is a hand-off.
    mutating func popHandOff() -> HandOff? {
        guard case .handOff(let handOff) = items.first else { return nil }
        _ = items.popFirst()
        return handOff
    }

    /// Removes everything (the connection is gone) and returns the hand-offs that never left, in order.
    mutating func removeAll() -> [HandOff] {
        let left = items.waiting.compactMap { item -> HandOff? in
            if case .handOff(let handOff) = item { return handOff }
            return nil
        }
        items.removeAll()
        writtenOfFirst = 0
        byteCount = 0
        return left
    }

    /// Writes the leading bytes items, in order, with as few calls to `write` as possible: each call
    /// gets the unwritten bytes of up to `maximum` leading items (gathered, as `writev` takes them)
    /// and returns what the socket took.
    mutating func writeLeadingBytes(
        maximum: Int = 64, _ write: ([UnsafeRawBufferPointer]) -> WriteOutcome
    ) -> Progress {
        while case .bytes = items.first {
            let outcome = withGathered(items.prefix(maximum), skippingFirst: writtenOfFirst, write)
            switch outcome {
            case .wouldBlock:
                return .blocked
            case .failed(let code):
                return .failed(code)
            case .wrote(let count):
                consume(count)
            }
        }
        return .done
    }

    /// Marks `count` leading bytes as written.
    private mutating func consume(_ count: Int) {
        var left = count
        byteCount -= count
        while left > 0, case .bytes(let bytes) = items.first {
            let rest = bytes.count - writtenOfFirst
            if left >= rest {
                left -= rest
                writtenOfFirst = 0
                _ = items.popFirst()
            } else {
                writtenOfFirst += left
                left = 0
            }
        }
    }

    /// Calls `body` with buffers over the bytes of the leading bytes items of `slice` (the first one
    /// without its first `skip` bytes). Arrays keep their storage still while their buffers are
    /// borrowed, one inside the other.
    private func withGathered(
        _ slice: ArraySlice<Item?>, skippingFirst skip: Int, _ body: ([UnsafeRawBufferPointer]) -> WriteOutcome
    ) -> WriteOutcome {
        var buffers: [UnsafeRawBufferPointer] = []
        buffers.reserveCapacity(slice.count)
        func gather(_ index: Int) -> WriteOutcome {
            guard index < slice.endIndex else { return body(buffers) }
            guard case .bytes(let bytes) = slice[index] else { return body(buffers) }
            return bytes.withUnsafeBytes { raw in
                buffers.append(index == slice.startIndex ? UnsafeRawBufferPointer(rebasing: raw[skip...]) : raw)
                return gather(index + 1)
            }
        }
        return gather(slice.startIndex)
    }
}
