public import Foundation
import Glibc

/// Tells a service manager how start-up and shutdown are going: the `sd_notify` protocol (one datagram
/// of `KEY=value` lines to the unix socket named by `NOTIFY_SOCKET`), so `Type=notify` in a systemd
/// unit waits until every configured scene is connected and the API is on the bus.
///
/// Without `NOTIFY_SOCKET` (started by hand, by a test) every call does nothing. The variable is read
/// once, at `init`, and removed from the environment, so plugin probes (child processes) do not send
/// notifications in the host's name. Sending never blocks and never fails the host: a full or vanished
/// socket only loses the notification.
@MainActor
public final class ServiceNotifier {
    private let address: [UInt8]?
    private let socket: Int32

    /// Reads `NOTIFY_SOCKET` from `environment` (and unsets it in the process when `unsetEnvironment`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, unsetEnvironment: Bool = true) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty,
            path.hasPrefix("/") || path.hasPrefix("@")
        else {
            address = nil
            socket = -1
            return
        }
        if unsetEnvironment { unsetenv("NOTIFY_SOCKET") }
        var bytes = Array(path.utf8)
        // An abstract socket name starts with a NUL byte in the address; '@' stands for it.
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        address = bytes
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// True when a service manager listens.
    public var isActive: Bool { address != nil && socket >= 0 }

    /// Start-up finished: the name is on the bus and the configured scenes are connected.
    public func ready(status: String) {
        send("READY=1\nSTATUS=\(status)\nMAINPID=\(getpid())")
    }

    /// Shutdown began.
    public func stopping() {
        send("STOPPING=1")
    }

    /// A free-form status line (`systemctl status` shows it).
    public func status(_ text: String) {
        send("STATUS=\(text)")
    }

    private func send(_ text: String) {
        guard let address, socket >= 0 else { return }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard address.count < capacity else { return }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { path in
            path.copyBytes(from: address)
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + address.count)
        let payload = Array(text.utf8)
        _ = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                sendto(socket, payload, payload.count, Int32(MSG_NOSIGNAL), generic, length)
            }
        }
    }

    deinit {
        if socket >= 0 { close(socket) }
    }
}
