import Glibc

/// A socket's descriptor, closed when the last reference goes: a watch holds it as its owner, so the
/// descriptor stays open until the watch is gone (a libdispatch source is cancelled later, on its own
/// thread). Immutable, so it may cross to that thread.
final class SocketDescriptor: Sendable {
    let number: Int32

    init(_ number: Int32) {
        self.number = number
    }

    /// Ends both directions at once, so the peer sees the end even while a watch still holds the
    /// descriptor open.
    func shutDown() {
        shutdown(number, Int32(SHUT_RDWR))
    }

    deinit {
        close(number)
    }
}
