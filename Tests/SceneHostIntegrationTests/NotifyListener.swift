import Foundation
import Glibc

/// The service-manager side of `sd_notify`: an abstract unix datagram socket whose name goes in
/// `NOTIFY_SOCKET`, collecting what the host sends.
final class NotifyListener {
    let name: String
    private let socket: Int32

    init() throws {
        name = "scenehost-test-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = [UInt8(0)] + Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard socket >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(socket) }

    /// The value for `NOTIFY_SOCKET`.
    var address: String { "@" + name }

    /// The next datagram's `KEY=value` lines, or nil when none arrives within `timeout` seconds.
    func next(timeout: Double = 60) -> [String: String]? {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}
