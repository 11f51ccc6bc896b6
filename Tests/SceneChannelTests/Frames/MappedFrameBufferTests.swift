import Glibc
import SceneChannel
import SceneErrors
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
}
