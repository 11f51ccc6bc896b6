import Glibc

/// Writes a ``PixelImage`` as an 8-bit RGBA PNG, fast, for snapshots of user interfaces.
///
/// Interfaces are mostly flat colour, so a dictionary coder buys little over run-length coding, and
/// the time goes into the general one (libpng at zlib level 1 spends most of a frame in deflate).
/// This encoder writes one fixed-Huffman DEFLATE block (RFC 1951) in which the only match is "repeat
/// the previous byte":
///
/// - a row identical to the one above (checked on the source pixels) is filtered with Up, which
///   makes it all zeros: one literal and a few 258-byte matches, and an Adler-32 update in constant
///   time;
/// - any other row is un-premultiplied and filtered with Sub, which turns runs of one colour into
///   runs of zeros, and coded as literals and runs.
///
/// The output is a standard PNG that any decoder reads; tests decode it with Cairo's libpng reader
/// and compare every pixel.
public enum PNGEncoder {
    /// The PNG file for `image`.
    public static func encode(_ image: PixelImage) -> [UInt8] {
        let rowBytes = image.width * 4
        // Worst case: every byte a 9-bit literal, plus headers.
        let capacity = (image.height * (rowBytes + 1)) * 9 / 8 + 1024
        var writer = BitWriter(capacity: capacity)
        writer.appendBytes(PNGEncoder.signature)
        writer.appendChunk("IHDR") { chunk in
            chunk.appendBigEndian(UInt32(image.width))
            chunk.appendBigEndian(UInt32(image.height))
            chunk.appendBytes([8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, adaptive filters, no interlace
        }
        writer.appendChunk("IDAT") { chunk in
            chunk.appendBytes([0x78, 0x01])  // zlib: deflate, 32 KiB window, no dictionary, fastest
            let adler = encodeRows(of: image, into: &chunk)
            chunk.appendBigEndian(adler)
        }
        writer.appendChunk("IEND") { _ in }
        return writer.finish()
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The DEFLATE block of the filtered rows; returns their Adler-32.
    private static func encodeRows(of image: PixelImage, into writer: inout BitWriter) -> UInt32 {
        let width = image.width
        let rowBytes = width * 4
        var adler = Checksums.Adler32()
        let straight = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 8)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 8)
        defer {
            straight.deallocate()
            filtered.deallocate()
        }
        writer.writeBits(0b011, count: 3)  // BFINAL = 1, BTYPE = 01 (fixed Huffman)
        let base = UnsafeRawPointer(image.storage.bytes)
        for row in 0..<image.height {
            let source = base + row * image.bytesPerRow
            if row > 0, memcmp(source, source - image.bytesPerRow, rowBytes) == 0 {
                // Up filter: every byte equals the one above.
                writer.writeLiteral(2)
                adler.update(byte: 2)
                writer.writeRun(of: 0, count: rowBytes, previousIsSame: false)
                adler.updateZeros(count: rowBytes)
                continue
            }
            unpremultiply(source.assumingMemoryBound(to: UInt32.self), count: width, into: straight)
            // Sub filter: each byte minus the byte of the pixel to its left.
            for index in 0..<Swift.min(4, rowBytes) { filtered[index] = straight[index] }
            if rowBytes > 4 {
                for index in 4..<rowBytes { filtered[index] = straight[index] &- straight[index - 4] }
            }
            writer.writeLiteral(1)
            adler.update(byte: 1)
            adler.update(filtered, count: rowBytes)
            writer.writeBytesWithRuns(filtered, count: rowBytes)
        }
        writer.writeWord(DeflateTables.endOfBlock)
        writer.alignToByte()
        return adler.value
    }

    /// Premultiplied native `0xAARRGGBB` to straight R, G, B, A bytes.
    private static func unpremultiply(_ pixels: UnsafePointer<UInt32>, count: Int, into output: UnsafeMutablePointer<UInt8>) {
        unpremultiplyTable.withUnsafeBufferPointer { table in
            for index in 0..<count {
                let value = pixels[index]
                let alpha = value >> 24
                let out = output + index * 4
                if alpha == 255 {
                    out[0] = UInt8(truncatingIfNeeded: value >> 16)
                    out[1] = UInt8(truncatingIfNeeded: value >> 8)
                    out[2] = UInt8(truncatingIfNeeded: value)
                    out[3] = 255
                } else if alpha == 0 {
                    out.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = 0 }
                } else {
                    let row = Int(alpha) << 8
                    out[0] = table[row | Int((value >> 16) & 0xFF)]
                    out[1] = table[row | Int((value >> 8) & 0xFF)]
                    out[2] = table[row | Int(value & 0xFF)]
                    out[3] = UInt8(alpha)
                }
            }
        }
    }

    /// `table[a << 8 | c]` = round(c · 255 / a), capped at 255: premultiplied to straight.
    private static let unpremultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 65536)
        for alpha in 1..<256 {
            for channel in 0..<256 {
                table[alpha << 8 | channel] = UInt8(Swift.min(255, (channel * 255 + alpha / 2) / alpha))
            }
        }
        return table
    }()
}

/// Bytes and LSB-first bits into one preallocated buffer.
struct BitWriter: ~Copyable {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    private var accumulator: UInt64 = 0
    private var pending: UInt64 = 0

    init(capacity: Int) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
    }

    /// The bytes written.
    consuming func finish() -> [UInt8] {
        Array(UnsafeBufferPointer(start: buffer, count: count))
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = newCapacity
    }

    mutating func appendBytes(_ bytes: [UInt8]) {
        reserve(bytes.count)
        for byte in bytes {
            buffer[count] = byte
            count += 1
        }
    }

    mutating func appendBigEndian(_ value: UInt32) {
        appendBytes([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    /// A PNG chunk: length, type, what `body` writes, CRC over type and data.
    mutating func appendChunk(_ type: String, _ body: (inout BitWriter) -> Void) {
        let start = count
        appendBytes([0, 0, 0, 0])
        appendBytes(Array(type.utf8))
        body(&self)
        let length = UInt32(count - start - 8)
        buffer[start] = UInt8(length >> 24)
        buffer[start + 1] = UInt8((length >> 16) & 0xFF)
        buffer[start + 2] = UInt8((length >> 8) & 0xFF)
        buffer[start + 3] = UInt8(length & 0xFF)
        appendBigEndian(Checksums.crc32(buffer + start + 4, count: count - start - 4))
    }

    @inline(__always)
    mutating func writeBits(_ bits: UInt32, count bitCount: UInt32) {
        accumulator |= UInt64(bits) << pending
        pending += UInt64(bitCount)
        if pending >= 32 {
            reserve(4)
            (UnsafeMutableRawPointer(buffer) + count).storeBytes(of: UInt32(truncatingIfNeeded: accumulator).littleEndian, as: UInt32.self)
            count += 4
            accumulator >>= 32
            pending -= 32
        }
    }

    @inline(__always)
    mutating func writeWord(_ word: DeflateTables.Word) {
        writeBits(word.bits, count: word.count)
    }

    @inline(__always)
    mutating func writeLiteral(_ byte: UInt8) {
        writeWord(DeflateTables.literals[Int(byte)])
    }

    /// `count` copies of `byte`: a literal (unless the byte before is already `byte`), then
    /// repeat-previous matches of at most 258.
    mutating func writeRun(of byte: UInt8, count runLength: Int, previousIsSame: Bool) {
        var remaining = runLength
        if !previousIsSame {
            writeLiteral(byte)
            remaining -= 1
        }
        while remaining >= 3 {
            let length = Swift.min(258, remaining)
            // Leave at least 3 for a last match rather than 1 or 2 literals.
            let take = remaining - length > 0 && remaining - length < 3 ? length - 3 : length
            writeWord(DeflateTables.repeatPrevious[take])
            remaining -= take
        }
        while remaining > 0 {
            writeLiteral(byte)
            remaining -= 1
        }
    }

    /// Literals, with runs of four or more equal bytes coded as a literal and matches.
    mutating func writeBytesWithRuns(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        var index = 0
        while index < length {
            let byte = bytes[index]
            var end = index + 1
            if byte == 0 {
                // Zero runs are the common case after the Sub filter: skip eight bytes at a time.
                while end + 8 <= length, UnsafeRawPointer(bytes + end).loadUnaligned(as: UInt64.self) == 0 { end += 8 }
            }
            while end < length && bytes[end] == byte { end += 1 }
            let run = end - index
            if run >= 4 {
                writeRun(of: byte, count: run, previousIsSame: false)
            } else {
                for _ in 0..<run { writeLiteral(byte) }
            }
            index = end
        }
    }

    /// Flushes the bits to whole bytes (zero padding).
    mutating func alignToByte() {
        while pending > 0 {
            reserve(1)
            buffer[count] = UInt8(truncatingIfNeeded: accumulator)
            count += 1
            accumulator >>= 8
            pending = pending >= 8 ? pending - 8 : 0
        }
        accumulator = 0
    }
}
