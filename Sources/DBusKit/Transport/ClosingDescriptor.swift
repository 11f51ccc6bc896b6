import Glibc

/// A descriptor closed when the last reference goes: the owner of a watched duplicate of a socket,
/// kept by its watch until the watch no longer uses it.
final class ClosingDescriptor: Sendable {
    let rawValue: Int32

    init(_ rawValue: Int32) { self.rawValue = rawValue }

    deinit { close(rawValue) }
}
