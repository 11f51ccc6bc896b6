public import SceneErrors
import CLinux
import Glibc

/// An anonymous shared-memory file (`memfd`), sealed so that neither side can shrink or grow it:
/// the one thing a frame buffer or a large body is, on both sides of the channel.
///
/// A receiver never maps a descriptor it has not checked (``adopt(_:expecting:)``): a peer that could
/// shrink a mapped file would make the board's next read of it a `SIGBUS`, which is exactly the crash
/// of one scene reaching the board that the channel exists to stop.
public enum SharedMemory {
    /// The seals every shared file carries: no shrinking, no growing, no more seals.
    static let sizeSeals = Int32(CLINUX_F_SEAL_SHRINK | CLINUX_F_SEAL_GROW | CLINUX_F_SEAL_SEAL)

    /// A new file of `size` bytes (zeros), named `name` in `/proc/PID/fd`, sealed against resizing.
    public static func create(name: String, size: Int) throws(ChannelError) -> SharedDescriptor {
        guard size > 0, size <= ChannelLimits.body else {
            throw ChannelError(code: .oversized, message: "shared memory of \(size) bytes asked for \(name); it must be 1…\(ChannelLimits.body)")
        }
        let raw = clinux_memfd_create(name, UInt32(CLINUX_MFD_CLOEXEC | CLINUX_MFD_ALLOW_SEALING))
        guard raw >= 0 else { throw .system("memfd_create(\(name))", errno: errno) }
        let descriptor = SharedDescriptor(adopting: raw)
        guard ftruncate(raw, off_t(size)) == 0 else { throw .system("ftruncate(\(name), \(size))", errno: errno) }
        guard fcntl(raw, Int32(CLINUX_F_ADD_SEALS), sizeSeals) == 0 else { throw .system("sealing \(name)", errno: errno) }
        return descriptor
    }

    /// Checks a received descriptor before anything maps or reads it: it must be a shared-memory
    /// file sealed against shrinking and growing, of exactly `size` bytes.
    public static func adopt(_ descriptor: SharedDescriptor, expecting size: Int) throws(ChannelError) {
        let seals = fcntl(descriptor.rawValue, Int32(CLINUX_F_GET_SEALS))
        guard seals >= 0 else {
            throw ChannelError(code: .untrustedBuffer, message: "the buffer received as \(descriptor) is not a sealable memory file (\(SystemErrorText.describe(errno)))")
        }
        let needed = Int32(CLINUX_F_SEAL_SHRINK | CLINUX_F_SEAL_GROW)
        guard seals & needed == needed else {
            throw ChannelError(code: .untrustedBuffer, message: "the buffer received as \(descriptor) is not sealed against resizing (seals \(seals)); the peer must seal it")
        }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { throw .system("fstat(\(descriptor))", errno: errno) }
        guard Int(status.st_size) == size else {
            throw ChannelError(code: .untrustedBuffer, message: "the buffer received as \(descriptor) holds \(status.st_size) bytes, not the \(size) announced")
        }
    }

    /// Writes `bytes` at the start of the file.
    static func write(_ bytes: [UInt8], to descriptor: SharedDescriptor) throws(ChannelError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { pwrite(descriptor.rawValue, $0.baseAddress! + written, $0.count - written, off_t(written)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system("writing \(bytes.count) bytes to \(descriptor)", errno: errno)
            }
            written += count
        }
    }

    /// The file's first `count` bytes.
    static func read(_ count: Int, from descriptor: SharedDescriptor) throws(ChannelError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor.rawValue, $0.baseAddress! + done, count - done, off_t(done)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system("reading \(count) bytes of \(descriptor)", errno: errno)
            }
            guard got > 0 else {
                throw ChannelError(code: .untrustedBuffer, message: "\(descriptor) ended after \(done) of the \(count) bytes announced")
            }
            done += got
        }
        return bytes
    }
}
