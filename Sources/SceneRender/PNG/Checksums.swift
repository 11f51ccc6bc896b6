/// CRC-32 (ISO 3309, as PNG chunks use it) and Adler-32 (RFC 1950, the zlib stream's check).
enum Checksums {
    /// Slicing-by-8 tables: `crcTables[k][b]` is the CRC of byte `b` followed by `k` zero bytes.
    private static let crcTables: [[UInt32]] = {
        var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            tables[0][byte] = crc
        }
        for byte in 0..<256 {
            for k in 1..<8 {
                let previous = tables[k - 1][byte]
                tables[k][byte] = (previous >> 8) ^ tables[0][Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC-32 of `count` bytes at `bytes`.
    static func crc32(_ bytes: UnsafeRawPointer, count: Int) -> UInt32 {
        crcTables.withUnsafeBufferPointer { tables in
            let t0 = tables[0], t1 = tables[1], t2 = tables[2], t3 = tables[3]
            let t4 = tables[4], t5 = tables[5], t6 = tables[6], t7 = tables[7]
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            while index + 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word >> 32)
                crc = t7[Int(low & 0xFF)] ^ t6[Int((low >> 8) & 0xFF)] ^ t5[Int((low >> 16) & 0xFF)] ^ t4[Int(low >> 24)]
                    ^ t3[Int(high & 0xFF)] ^ t2[Int((high >> 8) & 0xFF)] ^ t1[Int((high >> 16) & 0xFF)] ^ t0[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = t0[Int((crc ^ UInt32(bytes.load(fromByteOffset: index, as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    /// A running Adler-32.
    struct Adler32 {
        private static let modulus: UInt64 = 65521
        private var a: UInt64 = 1
        private var b: UInt64 = 0

        var value: UInt32 { UInt32(b << 16 | a) }

        /// Adds `count` bytes.
        mutating func update(_ bytes: UnsafeRawPointer, count: Int) {
            var index = 0
            while index < count {
                // 5552 bytes keep the sums below 2^32 before the reduction (zlib's NMAX).
                let end = Swift.min(count, index + 5552)
                var a32 = UInt32(a), b32 = UInt32(b)
                while index < end {
                    a32 &+= UInt32(bytes.load(fromByteOffset: index, as: UInt8.self))
                    b32 &+= a32
                    index += 1
                }
                a = UInt64(a32) % Adler32.modulus
                b = UInt64(b32) % Adler32.modulus
            }
        }

        /// Adds one byte.
        mutating func update(byte: UInt8) {
            a = (a + UInt64(byte)) % Adler32.modulus
            b = (b + a) % Adler32.modulus
        }

        /// Adds `count` zero bytes in constant time: `a` stays, `b` grows by `count · a`.
        mutating func updateZeros(count: Int) {
            b = (b + UInt64(count) % Adler32.modulus * a) % Adler32.modulus
        }
    }
}
