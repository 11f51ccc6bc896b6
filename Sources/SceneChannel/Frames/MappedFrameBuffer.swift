public import SceneErrors
import Glibc

/// A window's frame buffer mapped into this process: the scene draws into it, the board reads it to
/// upload or composite, and no byte of it crosses the socket.
///
/// Who may touch the pixels when is the slot protocol's business (``FrameSlots``): the scene writes
/// a slot only while it holds it, the board reads it only between the `frame` that hands it over and
/// the `releaseBuffer` that hands it back. Not `Sendable`: one thread at a time uses a mapping.
public final class MappedFrameBuffer {
    /// How the mapping may be used.
    public enum Access: Sendable {
        /// The scene's side: it draws.
        case readWrite
        /// The board's side: a scene that scribbles while the board reads can spoil its own picture,
        /// never the board's memory.
        case readOnly
    }

    public let format: FrameFormat
    public let descriptor: SharedDescriptor
    public let access: Access
    private let base: UnsafeMutableRawPointer

    /// A new buffer of `format` (zeros: transparent black), for the scene's side.
    public convenience init(creating format: FrameFormat, name: String) throws(ChannelError) {
        guard format.isConsistent else {
            throw ChannelError(code: .malformed, message: "frame format \(format.width)×\(format.height), stride \(format.stride): a row needs 4 bytes a pixel and the size may not be zero")
        }
        let descriptor = try SharedMemory.create(name: name, size: format.byteCount)
        try self.init(mapping: descriptor, format: format, access: .readWrite)
    }

    /// Maps `descriptor`, received from the peer, after checking it is sealed and exactly as large as
    /// `format` says.
    public init(mapping descriptor: SharedDescriptor, format: FrameFormat, access: Access) throws(ChannelError) {
        guard format.isConsistent else {
            throw ChannelError(code: .malformed, message: "frame format \(format.width)×\(format.height), stride \(format.stride): a row needs 4 bytes a pixel and the size may not be zero")
        }
        try SharedMemory.adopt(descriptor, expecting: format.byteCount)
        let protection = access == .readWrite ? PROT_READ | PROT_WRITE : PROT_READ
        let mapped = mmap(nil, format.byteCount, protection, MAP_SHARED, descriptor.rawValue, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw .system("mmap of \(format.byteCount) bytes of \(descriptor)", errno: errno)
        }
        self.format = format
        self.descriptor = descriptor
        self.access = access
        self.base = mapped
    }

    deinit {
        munmap(base, format.byteCount)
    }

    /// The pixels, `format.stride` bytes a row.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: format.byteCount))
    }

    /// The pixels, to draw into. Only on a `readWrite` mapping (a read-only one would fault: asking
    /// for it is a programming error and stops here instead).
    public func withUnsafeMutableBytes<Result>(_ body: (UnsafeMutableRawBufferPointer) throws -> Result) rethrows -> Result {
        precondition(access == .readWrite, "a read-only frame buffer mapping was asked for writing")
        return try body(UnsafeMutableRawBufferPointer(start: base, count: format.byteCount))
    }
}
