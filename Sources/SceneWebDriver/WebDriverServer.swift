import FlyingFox
import FlyingSocks
import Foundation
public import Logging

/// The endpoint on HTTP/1.1 (keep-alive), served by FlyingFox: its sockets are polled with epoll on a
/// queue of its own and its connections run on the cooperative pool; each request hops to the main
/// actor, where ``WebDriverEndpoint`` answers it (at once or later), and hops back to be written. The
/// main thread never waits on a socket.
@MainActor
public final class WebDriverServer {
    public let endpoint: WebDriverEndpoint
    public let address: WebDriverAddress
    private let server: HTTPServer
    private let logger: Logger
    private var task: Task<Void, Never>?

    /// The longest a request may take (a find's implicit wait at its maximum, and then some); the
    /// server cancels a handler after it.
    static let requestTimeout: TimeInterval = WebDriverEndpoint.maximumWaitSeconds + 60

    /// Prepares a server for `endpoint` at `address`.
    ///
    /// - Throws: ``WebDriverAddress/AddressError`` when the address cannot be a socket address.
    public init(endpoint: WebDriverEndpoint, address: WebDriverAddress, logger: Logger) throws(WebDriverAddress.AddressError) {
        self.endpoint = endpoint
        self.address = address
        self.logger = logger
        let handler = EndpointHandler(endpoint: endpoint)
        let pool = NoDelaySocketPool(pool: HTTPServer.defaultPool())
        do {
            if address.isIPv6 {
                server = HTTPServer(
                    address: try sockaddr_in6.inet6(ip6: address.host, port: address.port), timeout: Self.requestTimeout, pool: pool, logger: .disabled,
                    handler: handler)
            } else {
                server = HTTPServer(
                    address: try sockaddr_in.inet(ip4: address.host, port: address.port), timeout: Self.requestTimeout, pool: pool, logger: .disabled,
                    handler: handler)
            }
        } catch {
            throw WebDriverAddress.AddressError("'\(address)' cannot be listened on: \(error)")
        }
    }

    /// Starts listening, and returns once the socket listens, with the address actually bound (the
    /// port the system chose, for port 0). `failed` runs on the main actor, with the reason, if the
    /// server stops with an error after that.
    ///
    /// - Throws: ``WebDriverAddress/AddressError`` naming the address and the reason when the socket
    ///   cannot be bound (an address in use, one not on this machine), or when it is not listening
    ///   after `timeout` seconds.
    public func start(timeout: Double = 30, failed: @escaping @MainActor (String) -> Void) async throws(WebDriverAddress.AddressError) -> String {
        let server = self.server
        let address = self.address
        let gate = StartGate()
        task = Task {
            do {
                try await server.run()
            } catch is CancellationError {
            } catch {
                // Before listening this is the start's answer; after it, the host must hear of it.
                if await !gate.finish(.failed("\(error)")) {
                    await MainActor.run { failed("cannot listen on \(address): \(error)") }
                }
            }
        }
        Task {
            do {
                try await server.waitUntilListening(timeout: timeout)
                await gate.finish(.listening)
            } catch {
                await gate.finish(.failed("not listening after \(JSON.format(timeout)) s (\(error))"))
            }
        }
        switch await gate.outcome() {
        case .listening: break
        case .failed(let reason):
            stop()
            throw WebDriverAddress.AddressError("cannot listen on \(address): \(reason)")
        }
        return switch await server.listeningAddress {
        case .ip4(let host, let port)?: "\(host):\(port)"
        case .ip6(let host, let port)?: "[\(host)]:\(port)"
        default: "\(address)"
        }
    }

    /// Closes the listening socket and the connections (without waiting for them).
    public func stop() {
        let server = self.server
        task = nil
        Task { await server.stop(timeout: 0) }
    }
}

/// FlyingFox's handler: one hop to the main actor per request.
private struct EndpointHandler: HTTPHandler {
    let endpoint: WebDriverEndpoint

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body = try await request.bodyData
        let response = await endpoint.respond(to: WebDriverRequest(method: request.method.rawValue, path: request.path, body: body))
        // One chunk: FlyingFox's default cuts a body into 4 KiB pieces, each copied and written by
        // an awaited call of its own (560 for the 2.3 MB page source of 10,000 views).
        return HTTPResponse(
            statusCode: HTTPStatusCode(response.status, phrase: Self.phrase(response.status)),
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: HTTPBodySequence(data: response.body, suggestedBufferSize: max(response.body.count, 4096)))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        default: "Internal Server Error"
        }
    }
}

extension WebDriverEndpoint {
    /// Answers `request`, suspending until the reply comes (it may come later: a wait, a gesture).
    func respond(to request: WebDriverRequest) async -> WebDriverResponse {
        await withCheckedContinuation { continuation in
            handle(request) { continuation.resume(returning: $0) }
        }
    }
}
