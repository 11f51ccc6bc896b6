import Glibc

/// A listening TCP socket, non-blocking, bound to one address of ``WebDriverAddress``; its accepted
/// connections are non-blocking too, with Nagle's algorithm off (an answer's head and body leave in
/// one write anyway; a client's delayed acknowledgement must never hold an answer back).
struct TCPListener {
    let socket: SocketDescriptor
    /// `127.0.0.1:4723`, `[::1]:4723`: the port the system chose when asked for port 0.
    let boundAddress: String

    /// Binds and listens.
    ///
    /// - Throws: ``WebDriverAddress/AddressError`` naming the address and the system's reason (an
    ///   address in use, one not on this machine).
    init(address: WebDriverAddress) throws(WebDriverAddress.AddressError) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let number = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard number >= 0 else { throw Self.error(address, "socket", errno) }
        let socket = SocketDescriptor(number)
        var on: Int32 = 1
        setsockopt(number, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(number, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        let length: socklen_t
        if address.isIPv6 {
            var ip6 = sockaddr_in6()
            ip6.sin6_family = sa_family_t(AF_INET6)
            ip6.sin6_port = address.port.bigEndian
            guard inet_pton(AF_INET6, address.host, &ip6.sin6_addr) == 1 else {
                throw WebDriverAddress.AddressError("cannot listen on \(address): '\(address.host)' is not an IPv6 address")
            }
            length = Self.store(ip6, in: &storage)
        } else {
            var ip4 = sockaddr_in()
            ip4.sin_family = sa_family_t(AF_INET)
            ip4.sin_port = address.port.bigEndian
            guard inet_pton(AF_INET, address.host, &ip4.sin_addr) == 1 else {
                throw WebDriverAddress.AddressError("cannot listen on \(address): '\(address.host)' is not an IPv4 address")
            }
            length = Self.store(ip4, in: &storage)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(number, $0, length) }
        }
        guard bound == 0 else { throw Self.error(address, "bind", errno) }
        guard listen(number, 128) == 0 else { throw Self.error(address, "listen", errno) }
        self.socket = socket
        self.boundAddress = Self.localAddress(of: number, fallback: address)
    }

    /// The next waiting connection, or nil when none waits (or the accept failed: `failure` says why,
    /// for the log; a full descriptor table is one such reason, and the listener goes on).
    func accept() -> (connection: SocketDescriptor?, failure: Int32?) {
        while true {
            // Glibc's module has no accept4; scene processes are spawned with only the descriptors
            // they are given, so the moment before FD_CLOEXEC leaks nothing.
            let number = Glibc.accept(socket.number, nil, nil)
            if number >= 0 {
                _ = fcntl(number, F_SETFD, FD_CLOEXEC)
                _ = fcntl(number, F_SETFL, fcntl(number, F_GETFL) | O_NONBLOCK)
                var on: Int32 = 1
                setsockopt(number, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                return (SocketDescriptor(number), nil)
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return (nil, nil)
            case let other: return (nil, other)
            }
        }
    }

    /// Copies a `sockaddr_in` or `sockaddr_in6` into `storage`; its length.
    private static func store<Address>(_ address: Address, in storage: inout sockaddr_storage) -> socklen_t {
        withUnsafeBytes(of: address) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
        return socklen_t(MemoryLayout<Address>.size)
    }

    private static func localAddress(of socket: Int32, fallback: WebDriverAddress) -> String {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0 else { return fallback.description }
        let port: UInt16 =
            if Int32(storage.ss_family) == AF_INET6 {
                withUnsafeBytes(of: storage) { UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port) }
            } else {
                withUnsafeBytes(of: storage) { UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port) }
            }
        return WebDriverAddress(host: fallback.host, port: port).description
    }

    private static func error(_ address: WebDriverAddress, _ call: String, _ code: Int32) -> WebDriverAddress.AddressError {
        WebDriverAddress.AddressError("cannot listen on \(address): \(call): \(String(cString: strerror(code))) (errno \(code))")
    }
}
