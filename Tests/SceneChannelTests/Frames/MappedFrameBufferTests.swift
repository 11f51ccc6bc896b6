import Glibc
import SceneChannel
import SceneErrors
import TestSupport
import Testing

/// Frame buffers in shared memory: both mappings see the same pages, and a received descriptor is
/// checked before it is mapped.
@Suite("Shared frame buffers")
struct MappedFrameBufferTests {
    @Test("Two mappings of one buffer see each other's pixels")
    func mappingsShare() throws {
        let format = FrameFormat(width: 3, height: 3, stride: 12)
        let scene = try MappedFrameBuffer(creating: format, name: "share")
        let board = try MappedFrameBuffer(mapping: SharedDescriptor(adopting: dup(scene.descriptor.rawValue)), format: format, access: .readOnly)
        scene.withUnsafeMutableBytes { $0.storeBytes(of: 0x1234_5678 as UInt32, toByteOffset: 16, as: UInt32.self) }
        #expect(board.withUnsafeBytes { $0.load(fromByteOffset: 16, as: UInt32.self) } == 0x1234_5678)
        #expect(board.withUnsafeBytes { $0.load(fromByteOffset: 0, as: UInt32.self) } == 0, "a new buffer is transparent black")
    }

    @Test("A buffer of another size than announced is refused before it is mapped")
    func wrongSizeRefused() throws {
        let small = try SharedMemory.create(name: "small", size: 100)
        #expect {
            try MappedFrameBuffer(mapping: small, format: FrameFormat(width: 10, height: 10, stride: 40), access: .readOnly)
        } throws: { error in
            let error = error as! ChannelError
            return error.code == .untrustedBuffer && error.message.contains("holds 100 bytes, not the 400 announced")
        }
    }

    @Test("A file that could be shrunk under the board's reading is refused")
    func unsealedRefused() throws {
        let path = "/tmp/scene-channel-plain-\(getpid())"
        let raw = open(path, O_CREAT | O_RDWR | O_EXCL, 0o600)
        try #require(raw >= 0)
        unlink(path)
        let plain = SharedDescriptor(adopting: raw)
        #expect(ftruncate(raw, 400) == 0)
        #expect {
            try MappedFrameBuffer(mapping: plain, format: FrameFormat(width: 10, height: 10, stride: 40), access: .readOnly)
        } throws: { error in
            let error = error as! ChannelError
            return error.code == .untrustedBuffer && error.message.contains("not a sealable memory file")
        }
    }

    @Test("A shared file cannot be resized once made")
    func sealsHold() throws {
        let shared = try SharedMemory.create(name: "sealed", size: 4096)
        #expect(ftruncate(shared.rawValue, 10) != 0)
        #expect(ftruncate(shared.rawValue, 8192) != 0)
    }

    @Test("A format whose rows do not fit their stride is refused with its numbers")
    func inconsistentFormat() {
        #expect {
            try MappedFrameBuffer(creating: FrameFormat(width: 10, height: 2, stride: 39), name: "bad")
        } throws: { error in
            (error as! ChannelError).message.contains("10×2, stride 39")
        }
    }

    @Test("The board's copy of a picture leaves out each row's padding and undoes premultiplied alpha, as a plain division does", arguments: [41 as UInt64, 42])
    func straightPixels(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let format = FrameFormat(width: 5, height: 4, stride: 24)
        let buffer = try MappedFrameBuffer(creating: format, name: "pixels")
        var premultiplied: [UInt32] = []
        buffer.withUnsafeMutableBytes { bytes in
            for row in 0..<4 {
                for column in 0..<5 {
                    let alpha = UInt32([0, 255, random.below(256)][random.below(3)])
                    let channels = (0..<3).map { _ in alpha == 0 ? 0 : UInt32(random.below(Int(alpha) + 1)) }
                    let word = alpha << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
                    premultiplied.append(word)
                    bytes.storeBytes(of: word, toByteOffset: row * 24 + column * 4, as: UInt32.self)
                }
                bytes.storeBytes(of: 0xDEAD_BEEF as UInt32, toByteOffset: row * 24 + 20, as: UInt32.self)  // padding
            }
        }
        let expected = premultiplied.map { word -> UInt32 in
            let alpha = Double(word >> 24)
            guard alpha > 0 else { return 0 }
            let channels = [16, 8, 0].map { shift in UInt32((Double((word >> UInt32(shift)) & 0xFF) * 255 / alpha).rounded()) << UInt32(shift) }
            return word & 0xFF00_0000 | channels[0] | channels[1] | channels[2]
        }
        #expect(buffer.straightPixels() == expected, "seed \(seed)")
    }
}
