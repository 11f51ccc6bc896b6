import Glibc
@testable import SceneWebDriver
import Testing

@Suite("The listener binds the address asked for, says the port chosen, and names the reason it cannot")
struct TCPListenerTests {
    @Test("Port 0 gives a port the system chose; a connection to it is accepted; a second listener on it is refused naming the address and the reason")
    func bindAcceptAndRefuse() throws {
        let listener = try TCPListener(address: WebDriverAddress(host: "127.0.0.1", port: 0))
        let port = try #require(UInt16(listener.boundAddress.split(separator: ":").last ?? ""))
        #expect(port != 0)
        #expect(listener.boundAddress == "127.0.0.1:\(port)")
        #expect(listener.accept().connection == nil, "nothing waits yet")

        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let accepted = try #require(listener.accept().connection)
        #expect(fcntl(accepted.number, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(accepted.number, F_GETFD) & FD_CLOEXEC != 0)

        #expect {
            _ = try TCPListener(address: WebDriverAddress(host: "127.0.0.1", port: port))
        } throws: { error in
            "\(error)".contains("cannot listen on 127.0.0.1:\(port): bind: Address already in use")
        }
    }

    @Test("An address that is not this machine's is refused naming it")
    func foreignAddress() {
        #expect {
            _ = try TCPListener(address: WebDriverAddress(host: "192.0.2.1", port: 0))
        } throws: { error in
            "\(error)".contains("cannot listen on 192.0.2.1:0: bind: Cannot assign requested address")
        }
    }
}
