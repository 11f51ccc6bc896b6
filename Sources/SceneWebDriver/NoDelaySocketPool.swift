import FlyingSocks
import Glibc

/// FlyingFox's socket pool with Nagle's algorithm turned off on the sockets it serves.
///
/// FlyingFox writes a response's header and its body in two writes. With Nagle's algorithm on, the
/// body waits for the client to acknowledge the header, and clients delay that acknowledgement (up to
/// 40 ms on Linux): every response took 40 ms more, the wait WebDriver clients complain about. Each
/// socket the pool is asked to wait for gets `TCP_NODELAY` — the listening socket first (on Linux
/// accepted sockets inherit it) and every connection that waits to read, so that nothing depends on
/// that inheritance. One `setsockopt` per wait; errors (a socket that is not TCP) are ignored.
struct NoDelaySocketPool<Pool: AsyncSocketPool>: AsyncSocketPool {
    let pool: Pool

    func prepare() async throws { try await pool.prepare() }

    func run() async throws { try await pool.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        if events.contains(.read) {
            try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        }
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }
}
