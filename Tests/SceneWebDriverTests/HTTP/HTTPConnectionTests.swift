import Dispatch
import Foundation
import Glibc
@testable import SceneWebDriver
import SceneLoop
import Testing

/// A connection on one end of a socket pair, served by libdispatch watches on the main queue; the
/// test is its client on the other end, reading and writing with blocking calls off the main actor.
@MainActor
@Suite("An HTTP connection answers in order, writes large answers whole, and closes when it should")
struct HTTPConnectionTests {
    /// What the endpoint was given, and the connection's end, in order.
    final class Record {
        var events: [String] = []
        var closed = false
        /// The connection, kept as its server keeps it (until it closes).
        var connection: HTTPConnection?
    }

    private let watches = DispatchDescriptorWatches()

    /// A connection whose endpoint is `respond`, and the client's descriptor.
    private func connect(record: Record, respond: @escaping HTTPConnection.Respond) throws -> (HTTPConnection, Int32) {
        var ends: [Int32] = [0, 0]
        // Close-on-exec: a process another test spawns meanwhile must not keep the client's end open.
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let connection = HTTPConnection(
            socket: SocketDescriptor(ends[0]), watches: watches, limits: .init(),
            respond: { request, reply in
                record.events.append("\(request.method) \(request.path)")
                respond(request, reply)
            },
            onClose: { _ in
                record.closed = true
                record.connection = nil
            })
        record.connection = connection
        try connection.start()
        return (connection, ends[1])
    }

    private static func answer(_ text: String) -> WebDriverResponse {
        WebDriverResponse(status: 200, body: Data("{\"value\":\"\(text)\"}".utf8))
    }

    /// Runs `body` (blocking socket calls) on a thread of its own and returns its result: the
    /// cooperative pool's few threads are never blocked, and the main actor serves the connection
    /// meanwhile.
    nonisolated private static func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    /// Writes `bytes` whole, then (if asked) ends the client's sending side; then reads until the
    /// connection closes.
    nonisolated private static func exchange(_ client: Int32, send bytes: [UInt8], endSending: Bool = false) async -> [UInt8] {
        await onOwnThread {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                guard written > 0 else { break }
                offset += written
            }
            if endSending { shutdown(client, Int32(SHUT_WR)) }
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                received += buffer[..<count]
            }
            close(client)
            return received
        }
    }

    @Test("Pipelined requests are handed out one at a time and answered in order, whether their replies come at once or later")
    func pipelinedInOrder() async throws {
        let record = Record()
        let (_, client) = try connect(record: record) { request, reply in
            if request.path == "/b" {
                record.events.append("reply /b at once")
                reply(Self.answer("b"))
            } else {
                DispatchQueue.main.async {
                    record.events.append("reply \(request.path) later")
                    reply(Self.answer(String(request.path.dropFirst())))
                }
            }
        }
        let requests = "GET /a HTTP/1.1\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}GET /c HTTP/1.1\r\nConnection: close\r\n\r\n"
        let received = String(decoding: await Self.exchange(client, send: Array(requests.utf8)), as: UTF8.self)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-cache\r\nContent-Length: 13\r\n"
        #expect(
            received == head + "\r\n{\"value\":\"a\"}" + head + "\r\n{\"value\":\"b\"}" + head + "Connection: close\r\n\r\n{\"value\":\"c\"}")
        #expect(record.events == ["GET /a", "reply /a later", "POST /b", "reply /b at once", "GET /c", "reply /c later"])
        #expect(record.closed)
    }

    @Test("An answer far larger than the socket's buffer is written whole, the rest when the socket can take it")
    func largeAnswer() async throws {
        let record = Record()
        let body = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        let (_, client) = try connect(record: record) { _, reply in reply(WebDriverResponse(status: 200, body: body)) }
        let received = await Self.exchange(client, send: Array("GET /source HTTP/1.1\r\nConnection: close\r\n\r\n".utf8))
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-cache\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        #expect(received.count == head.count + body.count)
        #expect(Array(received.prefix(head.count)) == head)
        #expect(Data(received.dropFirst(head.count)) == body)
    }

    @Test("A request that cannot be read is answered 400 with a W3C body naming it, and nothing after it is served")
    func badRequest() async throws {
        let record = Record()
        let (_, client) = try connect(record: record) { _, reply in reply(Self.answer("x")) }
        let received = String(decoding: await Self.exchange(client, send: Array("GET /status\r\n\r\nGET / HTTP/1.1\r\n\r\n".utf8)), as: UTF8.self)
        #expect(received.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(received.contains("Connection: close\r\n"))
        #expect(received.contains(#""error":"invalid argument""#))
        #expect(received.contains("request line 'GET /status' is not METHOD TARGET HTTP/1.1"))
        #expect(record.events.isEmpty)
        #expect(record.closed)
    }

    @Test("A client that ends its side while its request is with the endpoint still gets the answer, then the connection closes")
    func clientEndsFirst() async throws {
        let record = Record()
        let (_, client) = try connect(record: record) { _, reply in
            DispatchQueue.main.async { reply(Self.answer("late")) }
        }
        let received = String(decoding: await Self.exchange(client, send: Array("GET /wait HTTP/1.1\r\n\r\n".utf8), endSending: true), as: UTF8.self)
        #expect(received.hasSuffix("\r\n\r\n{\"value\":\"late\"}"))
        #expect(record.closed)
    }

    @Test("A client that is gone when the answer comes: the write fails, the connection closes, nothing else happens")
    func clientGone() async throws {
        let record = Record()
        var arrived: CheckedContinuation<@MainActor (WebDriverResponse) -> Void, Never>?
        let (connection, client) = try connect(record: record) { _, reply in arrived?.resume(returning: reply) }
        let reply = await withCheckedContinuation { continuation in
            arrived = continuation
            _ = Array("GET /wait HTTP/1.1\r\n\r\n".utf8).withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
        }
        close(client)
        reply(Self.answer("nobody"))
        #expect(record.closed)
        #expect(connection.isClosed)
    }

    @Test("Expect: 100-continue is answered 100 Continue before the body is sent; HEAD gets the length and no body; HTTP/1.0 is answered as 1.0")
    func continueHeadAndVersion() async throws {
        let record = Record()
        let (_, client) = try connect(record: record) { request, reply in reply(Self.answer(String(request.body.count))) }
        let received = await Self.onOwnThread { () -> String in
            let head = Array("POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n".utf8)
            _ = head.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            var interim = [UInt8](repeating: 0, count: 25)
            let count = interim.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
            return String(decoding: interim[..<max(0, count)], as: UTF8.self)
        }
        #expect(received == "HTTP/1.1 100 Continue\r\n\r\n")
        let rest = String(decoding: await Self.exchange(client, send: Array("abcdHEAD /b HTTP/1.1\r\n\r\nGET /c HTTP/1.0\r\n\r\n".utf8)), as: UTF8.self)
        let head = "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-cache\r\nContent-Length: 13\r\n"
        #expect(rest == "HTTP/1.1 200 OK\r\n" + head + "\r\n{\"value\":\"4\"}" + "HTTP/1.1 200 OK\r\n" + head + "\r\n" + "HTTP/1.0 200 OK\r\n" + head + "Connection: close\r\n\r\n{\"value\":\"0\"}")
        #expect(record.events == ["POST /a", "HEAD /b", "GET /c"])
    }
}
