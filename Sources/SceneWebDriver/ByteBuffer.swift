import Foundation

/// A growing run of bytes written through a pointer: an append is a store and a count, without the
/// uniqueness and capacity checks every append to an array makes (most of the cost of writing 2 MB
/// of page source a byte or a word at a time). One owner writes it; not shared across threads.
final class ByteBuffer {
    // Unchecked exclusivity: every access is a short read or write by the one owner, never
    // overlapping (no access is held across a call that could reach this buffer again).
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, copied out.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written, handed over as `Data` without a copy (the answer of `GET /source` is 2 MB);
    /// the buffer is empty afterwards, with a fresh allocation of its first capacity's size.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
        base = .allocate(capacity: 16)
        capacity = 16
        count = 0
        return data
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: byte)
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).initialize(from: start, count: bytes.count)
        count += bytes.count
    }

    /// Appends `text`'s UTF-8 bytes.
    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Makes room for `extra` more bytes: that many ``appendReserved(_:)-(UInt8)`` calls may follow
    /// without a capacity check each.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Appends `byte` into room made by ``reserve(_:)`` (checked in debug and sanitized builds).
    @inline(__always)
    func appendReserved(_ byte: UInt8) {
        assert(count < capacity, "ByteBuffer.appendReserved past the reserved room")
        (base + count).initialize(to: byte)
        count += 1
    }

    /// Appends `text`'s UTF-8 bytes into room made by ``reserve(_:)``.
    @inline(__always)
    func appendReserved(_ text: StaticString) {
        assert(count + text.utf8CodeUnitCount <= capacity, "ByteBuffer.appendReserved past the reserved room")
        (base + count).initialize(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// Appends `text`'s UTF-8 bytes (copied at once from a native string).
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.moveInitialize(from: base, count: count)
        base.deallocate()
        base = new
        capacity = newCapacity
    }
}
