import Foundation
import Glibc
import SceneLoop

/// One client's connection to the WebDriver server, served on the main actor by the main loop's
/// watches: it reads requests as the socket becomes readable and hands them to `respond` one at a
/// time, so a client that sends its next request before the answer (pipelining) gets its answers in
/// order; each answer leaves in one write of its head and body, and when the socket is full the rest
/// waits for it to become writable (the main thread never waits on a socket).
///
/// It closes after an answer to a request that says `Connection: close` (or an HTTP/1.0 one that
/// does not ask to keep it), after answering a request it cannot read (`HTTPRequestError`), when the
/// client hangs up with nothing left to answer, when a write fails, and when its server stops. An
/// answer that comes after that is dropped.
@MainActor
final class HTTPConnection {
    /// Hands a request to the endpoint; `reply` is called once, now or later, on the main actor.
    typealias Respond = @MainActor (HTTPRequest, _ reply: @escaping @MainActor (WebDriverResponse) -> Void) -> Void

    private enum Phase {
        /// Reading requests; none is with the endpoint.
        case ready
        /// The endpoint has a request: later ones wait, unread, in the parser.
        case answering(HTTPRequest)
        /// Writing what is left, then closing.
        case closing
        case closed
    }

    private let socket: SocketDescriptor
    private let watches: any DescriptorWatching
    private let respond: Respond
    private let onClose: @MainActor (HTTPConnection) -> Void
    private var parser: HTTPRequestParser
    private var phase = Phase.ready
    private var watch: (any DescriptorWatch)?
    private var watched: DescriptorReadiness?
    /// The client ended its side (a read returned 0): nothing more to read.
    private var clientEnded = false
    /// Whether ``serve()`` is running: a reply given at once, inside `respond`, leaves the next
    /// request to the loop already running instead of starting another.
    private var serving = false
    /// What is still to be written, in order; the first chunk from `written` on. No chunk is empty.
    private var output: [Data] = []
    private var written = 0
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// When the client last sent bytes or was last answered (monotonic nanoseconds).
    private var lastActivity = DispatchTime.now().uptimeNanoseconds

    init(
        socket: SocketDescriptor, watches: any DescriptorWatching, limits: HTTPRequestParser.Limits, respond: @escaping Respond,
        onClose: @escaping @MainActor (HTTPConnection) -> Void
    ) {
        self.socket = socket
        self.watches = watches
        self.parser = HTTPRequestParser(limits: limits)
        self.respond = respond
        self.onClose = onClose
    }

    /// A connection let go without ``close()`` must not leave its watch running (a readable
    /// descriptor whose handler no longer reads would wake the loop at every turn).
    isolated deinit {
        watch?.cancel()
    }

    func start() throws(EventLoopError) {
        try watch(for: .readable)
    }

    /// Closes at once, dropping what was not written (the server is stopping, or the client is gone).
    func close() {
        guard !isClosed else { return }
        phase = .closed
        watch?.cancel()
        watch = nil
        watched = nil
        output = []
        socket.shutDown()
        onClose(self)
    }

    var isClosed: Bool {
        if case .closed = phase { true } else { false }
    }

    /// Since when (monotonic nanoseconds) the connection has nothing under way: no request with the
    /// endpoint and nothing left to write (a part of a request may wait for its rest); nil while it
    /// has. What ``ConnectionAdmission`` closes first when the server is full.
    var quietSince: UInt64? {
        guard case .ready = phase, output.isEmpty else { return nil }
        return lastActivity
    }

    private func watch(for readiness: DescriptorReadiness) throws(EventLoopError) {
        guard watched != readiness else { return }
        watch?.cancel()
        watch = nil
        watched = nil
        watch = try watches.watch(socket.number, for: readiness, owner: socket) { [weak self] in
            switch readiness {
            case .readable: self?.readable()
            case .writable: self?.flush()
            }
        }
        watched = readiness
    }

    private func stopWatching() {
        watch?.cancel()
        watch = nil
        watched = nil
    }

    private func readable() {
        let count = readBuffer.withUnsafeMutableBytes { buffer in
            let count = read(socket.number, buffer.baseAddress, buffer.count)
            if count > 0 { parser.append(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
            return count
        }
        if count > 0 { lastActivity = DispatchTime.now().uptimeNanoseconds }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            close()
            return
        }
        if count == 0 {
            clientEnded = true
            stopWatching()
        } else if parser.bufferedCount > parser.limits.headBytes + parser.limits.bodyBytes {
            // A client that sends more than a whole request while an answer is pending, and goes on.
            close()
            return
        }
        serve()
    }

    /// Hands out requests while none is with the endpoint, then writes what there is.
    private func serve() {
        guard !serving else { return }
        serving = true
        defer { serving = false }
        while case .ready = phase, let next = parser.next() {
            switch next {
            case .continueExpected:
                enqueue(HTTPResponseHead.continueBytes)
            case .request(let request):
                phase = .answering(request)
                respond(request) { [weak self] response in self?.answered(response, to: request) }
            case .failure(let error):
                let response = error.response
                enqueue(HTTPResponseHead(status: response.status, minorVersion: 1, contentLength: response.body.count, connection: .close).bytes)
                enqueue(response.body)
                phase = .closing
            }
        }
        if case .ready = phase, clientEnded {
            // Nothing more will come; what was not a whole request is dropped.
            phase = .closing
        }
        flush()
    }

    private func answered(_ response: WebDriverResponse, to request: HTTPRequest) {
        guard case .answering = phase else { return }
        let body = request.method == "HEAD" ? Data() : response.body
        enqueue(HTTPResponseHead(status: response.status, minorVersion: request.minorVersion, contentLength: response.body.count, connection: request.connection).bytes)
        enqueue(body)
        phase = request.connection == .close ? .closing : .ready
        lastActivity = DispatchTime.now().uptimeNanoseconds
        serve()
    }

    private func enqueue(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        output.append(Data(bytes))
    }

    private func enqueue(_ data: Data) {
        guard !data.isEmpty else { return }
        output.append(data)
    }

    /// Writes until everything is written (then closes, if closing, or reads on) or the socket is full
    /// (then waits for it to be writable).
    private func flush() {
        guard !isClosed else { return }
        while !output.isEmpty {
            let sent = sendSome()
            if sent < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    do throws(EventLoopError) {
                        try watch(for: .writable)
                    } catch {
                        close()
                    }
                    return
                }
                close()
                return
            }
            var remaining = sent
            while remaining > 0 {
                let left = output[0].count - written
                if remaining >= left {
                    remaining -= left
                    output.removeFirst()
                    written = 0
                } else {
                    written += remaining
                    remaining = 0
                }
            }
        }
        switch phase {
        case .closing:
            close()
        case .closed:
            break
        case .ready, .answering:
            if clientEnded {
                stopWatching()
            } else {
                do throws(EventLoopError) {
                    try watch(for: .readable)
                } catch {
                    close()
                }
            }
        }
    }

    /// One `sendmsg` of the first two chunks (an answer's head and body), without `SIGPIPE`.
    private func sendSome() -> Int {
        let offset = written
        return output[0].withUnsafeBytes { first in
            let head = iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress! + offset), iov_len: first.count - offset)
            guard output.count > 1 else { return Self.send(socket.number, [head]) }
            return output[1].withUnsafeBytes { second in
                Self.send(socket.number, [head, iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress!), iov_len: second.count)])
            }
        }
    }

    private static func send(_ socket: Int32, _ vectors: [iovec]) -> Int {
        var vectors = vectors
        return vectors.withUnsafeMutableBufferPointer { buffer in
            var message = msghdr()
            message.msg_iov = buffer.baseAddress
            message.msg_iovlen = buffer.count
            return sendmsg(socket, &message, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
    }
}
