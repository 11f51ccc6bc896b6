import Dispatch
import Foundation
import Glibc
public import Logging
public import SceneLoop

/// The endpoint on HTTP/1.1 (keep-alive, pipelining, `Content-Length` and chunked bodies), served
/// on the main thread by the main loop's watches: the listening socket and every connection are
/// non-blocking descriptors the loop polls with the host's other ones, each request goes to
/// ``WebDriverEndpoint`` where it is read (no hop between threads), and each answer is written when
/// the endpoint gives it (at once or later). The main thread never waits on a socket.
///
/// At most ``maximumConnections`` connections are open at once. One more closes the open connection
/// whose client has been quiet longest, if one has nothing under way (``ConnectionAdmission``: a
/// runner that leaks keep-alive connections does not lock the next clients out), and is refused
/// otherwise; both are logged. When the process runs out of descriptors, accepting pauses for a
/// tenth of a second (logged), instead of waking the loop again at once for the same waiting
/// connection.
@MainActor
public final class WebDriverServer {
    public let endpoint: WebDriverEndpoint
    public let address: WebDriverAddress
    private let watches: any DescriptorWatching
    private let logger: Logger
    private let limits: HTTPRequestParser.Limits
    private var listener: TCPListener?
    private var listening: (any DescriptorWatch)?
    private var connections: [ObjectIdentifier: HTTPConnection] = [:]

    /// Connections open at once: far more than a test runner's parallel sessions.
    public static let maximumConnections = 256

    /// A server for `endpoint` at `address`, whose descriptors `watches` serve (the main loop's).
    public convenience init(endpoint: WebDriverEndpoint, address: WebDriverAddress, watches: any DescriptorWatching, logger: Logger) {
        self.init(endpoint: endpoint, address: address, watches: watches, logger: logger, limits: HTTPRequestParser.Limits())
    }

    init(endpoint: WebDriverEndpoint, address: WebDriverAddress, watches: any DescriptorWatching, logger: Logger, limits: HTTPRequestParser.Limits) {
        self.endpoint = endpoint
        self.address = address
        self.watches = watches
        self.logger = logger
        self.limits = limits
    }

    /// Listens, and returns the address bound: `127.0.0.1:4723`, or with the port the system chose
    /// for port 0.
    ///
    /// - Throws: ``WebDriverAddress/AddressError`` naming the address and the reason when the socket
    ///   cannot be made or bound (an address in use, one not on this machine).
    public func start() throws(WebDriverAddress.AddressError) -> String {
        let listener = try TCPListener(address: address)
        do {
            listening = try watches.watchReadable(listener.socket.number, owner: listener.socket) { [weak self] in self?.acceptConnections() }
        } catch {
            throw WebDriverAddress.AddressError("cannot listen on \(address): \(error)")
        }
        self.listener = listener
        return listener.boundAddress
    }

    /// Closes the listening socket and every connection; answers still to come are dropped.
    public func stop() {
        listening?.cancel()
        listening = nil
        listener = nil
        let open = connections.values
        connections = [:]
        for connection in open { connection.close() }
    }

    private func acceptConnections() {
        guard let listener else { return }
        // A bounded batch per turn, so that a flood of connections does not hold the loop.
        for _ in 0..<64 {
            let (socket, failure) = listener.accept()
            if let failure {
                logger.warning("webdriver: cannot accept a connection: \(String(cString: strerror(failure))) (errno \(failure)); accepting again in 0.1 s")
                pauseAccepting()
                return
            }
            guard let socket else { return }
            switch ConnectionAdmission.decide(open: connections.map { ($0.key, $0.value.quietSince) }, maximum: Self.maximumConnections) {
            case .admit:
                break
            case .admitClosing(let key):
                let quiet = connections[key]?.quietSince.map { DispatchTime.now().uptimeNanoseconds &- $0 } ?? 0
                logger.notice(
                    "webdriver: \(Self.maximumConnections) connections are open; closing the one quiet longest (\(quiet / 1_000_000) ms) for a new client")
                connections[key]?.close()
            case .refuse:
                logger.warning("webdriver: \(Self.maximumConnections) connections are open, each with a request under way; closing a new one")
                socket.shutDown()
                continue
            }
            let endpoint = self.endpoint
            let connection = HTTPConnection(
                socket: socket, watches: watches, limits: limits,
                respond: { request, reply in
                    endpoint.handle(WebDriverRequest(method: request.method, path: request.path, body: .init(request.body)), reply: reply)
                },
                onClose: { [weak self] connection in self?.connections[ObjectIdentifier(connection)] = nil })
            do throws(EventLoopError) {
                try connection.start()
                connections[ObjectIdentifier(connection)] = connection
            } catch {
                logger.warning("webdriver: cannot serve a connection: \(error)")
                socket.shutDown()
            }
        }
    }

    private func pauseAccepting() {
        listening?.cancel()
        listening = nil
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, let listener = self.listener, self.listening == nil else { return }
                self.listening = try? self.watches.watchReadable(listener.socket.number, owner: listener.socket) { [weak self] in
                    self?.acceptConnections()
                }
            }
        }
    }
}
