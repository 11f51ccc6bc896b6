import Glibc

/// A file descriptor this process owns: closed exactly once, when the last reference goes.
///
/// Immutable, so `Sendable`: the number never changes, and closing happens in `deinit`, after every
/// other use. Received descriptors are wrapped at once, so a packet rejected for any reason closes
/// what it carried.
public final class SharedDescriptor: Sendable, CustomStringConvertible {
    /// The descriptor's number, valid while this object lives.
    public let rawValue: Int32

    /// Takes ownership of `rawValue`.
    public init(adopting rawValue: Int32) {
        self.rawValue = rawValue
    }

    deinit {
        close(rawValue)
    }

    public var description: String { "descriptor \(rawValue)" }
}
