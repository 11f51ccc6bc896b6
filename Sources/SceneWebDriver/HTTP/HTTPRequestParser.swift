/// Reads HTTP/1.1 requests (RFC 9112) out of one connection's bytes, one request at a time.
///
/// Bytes are appended as they arrive, in pieces of any size; ``next()`` hands out the next request
/// once all of it is there, so a connection that answers requests in order calls it only when it is
/// ready for the next one (pipelined requests wait here, unread). Bodies come with `Content-Length` or
/// `Transfer-Encoding: chunked`. A value that knows nothing of sockets: the tests feed it bytes. After
/// a failure it hands out nothing more (the connection answers the failure and closes).
struct HTTPRequestParser {
    struct Limits: Sendable, Equatable {
        /// The request line and the headers together (and a chunked body's trailers): over it, 431.
        var headBytes = 64 * 1024
        /// A body (a W3C action list of 10,000 keys is about 1 MB): over it, 413.
        var bodyBytes = 64 * 1024 * 1024
    }

    enum Output: Sendable, Equatable {
        /// The request's head asked for `Expect: 100-continue` and its body has not all arrived: the
        /// connection answers `100 Continue` now (curl waits a second for it before sending the body).
        case continueExpected
        case request(HTTPRequest)
        case failure(HTTPRequestError)
    }

    private struct Head {
        var method: String
        var path: String
        var minorVersion: Int
        var connection: HTTPConnectionDisposition
        var expectsContinue: Bool
        var framing: Framing
    }

    private enum Framing {
        case length(Int)
        case chunked
    }

    private enum State {
        /// Waiting for a request line and headers (the first `scanned` bytes searched for their end).
        case head(scanned: Int)
        case body(Head, remaining: Int)
        case chunkSize(Head)
        case chunkData(Head, remaining: Int)
        /// The line break after a chunk's data.
        case chunkEnd(Head)
        case trailers(Head)
        case failed
    }

    let limits: Limits
    private var state = State.head(scanned: 0)
    private var bytes: [UInt8] = []
    /// The first byte of `bytes` not yet read.
    private var start = 0
    private var body: [UInt8] = []

    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Bytes appended and not yet handed out as part of a request.
    var bufferedCount: Int { bytes.count - start }

    mutating func append(_ newBytes: UnsafeRawBufferPointer) {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= 4096, start * 2 >= bytes.count {
            // `scanned` counts from `start`: it stays right.
            bytes.removeSubrange(0..<start)
            start = 0
        }
        bytes.append(contentsOf: newBytes)
    }

    mutating func append(_ newBytes: [UInt8]) {
        newBytes.withUnsafeBytes { append($0) }
    }

    /// The next request, `100 Continue` owed, or the failure; nil until more bytes arrive (or after
    /// a failure).
    mutating func next() -> Output? {
        while true {
            switch state {
            case .failed:
                return nil
            case .head(let scanned):
                guard let end = headEnd(scanned: skipEmptyLines() ? 0 : scanned) else {
                    if bufferedCount > limits.headBytes {
                        return fail(HTTPRequestError(431, "the request line and headers are over \(limits.headBytes) bytes"))
                    }
                    return nil
                }
                if end - start > limits.headBytes {
                    return fail(HTTPRequestError(431, "the request line and headers are \(end - start) bytes, over \(limits.headBytes)"))
                }
                let head: Head
                do throws(HTTPRequestError) {
                    head = try Self.parseHead(bytes[start..<end], limits: limits)
                } catch {
                    return fail(error)
                }
                start = end
                body = []
                switch head.framing {
                case .length(0):
                    state = .head(scanned: 0)
                    return .request(request(head))
                case .length(let length):
                    state = .body(head, remaining: length)
                    if head.expectsContinue, bufferedCount < length { return .continueExpected }
                case .chunked:
                    state = .chunkSize(head)
                    if head.expectsContinue { return .continueExpected }
                }
            case .body(let head, let remaining):
                let left = takeBody(remaining)
                guard left == 0 else {
                    state = .body(head, remaining: left)
                    return nil
                }
                state = .head(scanned: 0)
                return .request(request(head))
            case .chunkSize(let head):
                guard let lineEnd = firstLineEnd(from: start) else {
                    if bufferedCount > 1024 { return fail(HTTPRequestError(400, "a chunk-size line is over 1024 bytes")) }
                    return nil
                }
                let line = bytes[start..<lineEnd.contentEnd]
                guard let size = Self.chunkSize(line) else {
                    return fail(HTTPRequestError(400, "chunk size '\(Self.text(line))' is not a hexadecimal number of bytes"))
                }
                guard size <= limits.bodyBytes - body.count else {
                    return fail(HTTPRequestError(413, "the chunked body is over \(limits.bodyBytes) bytes"))
                }
                start = lineEnd.next
                state = size == 0 ? .trailers(head) : .chunkData(head, remaining: size)
            case .chunkData(let head, let remaining):
                let left = takeBody(remaining)
                guard left == 0 else {
                    state = .chunkData(head, remaining: left)
                    return nil
                }
                state = .chunkEnd(head)
            case .chunkEnd(let head):
                guard bufferedCount >= 1 else { return nil }
                if bytes[start] == Self.lf {
                    start += 1
                } else if bytes[start] == Self.cr {
                    guard bufferedCount >= 2 else { return nil }
                    guard bytes[start + 1] == Self.lf else { return fail(HTTPRequestError(400, "a chunk's data is longer than its size")) }
                    start += 2
                } else {
                    return fail(HTTPRequestError(400, "a chunk's data is longer than its size"))
                }
                state = .chunkSize(head)
            case .trailers(let head):
                guard let lineEnd = firstLineEnd(from: start) else {
                    if bufferedCount > limits.headBytes { return fail(HTTPRequestError(431, "a trailer line is over \(limits.headBytes) bytes")) }
                    return nil
                }
                let empty = lineEnd.contentEnd == start
                start = lineEnd.next
                if empty {
                    state = .head(scanned: 0)
                    return .request(request(head))
                }
            }
        }
    }

    /// Moves up to `remaining` of the buffered bytes into the body; how many are still to come.
    private mutating func takeBody(_ remaining: Int) -> Int {
        let taken = min(remaining, bufferedCount)
        body.append(contentsOf: bytes[start..<start + taken])
        start += taken
        return remaining - taken
    }

    private mutating func fail(_ error: HTTPRequestError) -> Output {
        state = .failed
        return .failure(error)
    }

    private mutating func request(_ head: Head) -> HTTPRequest {
        defer { body = [] }
        return HTTPRequest(method: head.method, path: head.path, minorVersion: head.minorVersion, connection: head.connection, body: body)
    }

    /// RFC 9112 §2.2: empty lines before a request line are ignored. Whether there were any.
    private mutating func skipEmptyLines() -> Bool {
        let before = start
        while start < bytes.count {
            if bytes[start] == Self.lf {
                start += 1
            } else if bytes[start] == Self.cr, start + 1 < bytes.count, bytes[start + 1] == Self.lf {
                start += 2
            } else {
                break
            }
        }
        return start != before
    }

    /// The index after the empty line that ends the head, or nil (remembering how far it looked).
    private mutating func headEnd(scanned: Int) -> Int? {
        var index = start + max(0, scanned)
        while index < bytes.count {
            if bytes[index] == Self.lf {
                if index + 1 < bytes.count, bytes[index + 1] == Self.lf { return index + 2 }
                if index + 2 < bytes.count, bytes[index + 1] == Self.cr, bytes[index + 2] == Self.lf { return index + 3 }
                if index + 2 >= bytes.count { break }
            }
            index += 1
        }
        state = .head(scanned: index - start)
        return nil
    }

    /// The end of the line from `from` (before its CR LF or LF) and the index after its break.
    private func firstLineEnd(from: Int) -> (contentEnd: Int, next: Int)? {
        guard let lf = bytes[from...].firstIndex(of: Self.lf) else { return nil }
        let contentEnd = lf > from && bytes[lf - 1] == Self.cr ? lf - 1 : lf
        return (contentEnd, lf + 1)
    }

    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
}

extension HTTPRequestParser {
    /// The request line and headers, ending with the empty line.
    private static func parseHead(_ head: ArraySlice<UInt8>, limits: Limits) throws(HTTPRequestError) -> Head {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = head.startIndex
        for index in head.indices where head[index] == lf {
            let end = index > lineStart && head[index - 1] == cr ? index - 1 : index
            lines.append(head[lineStart..<end])
            lineStart = index + 1
        }
        // The last line is the empty one that ended the head.
        lines.removeLast()
        guard let requestLine = lines.first else { throw HTTPRequestError(400, "the request has no request line") }
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw HTTPRequestError(400, "request line '\(text(requestLine))' is not METHOD TARGET HTTP/1.1")
        }
        guard parts[0].allSatisfy(isTokenByte) else { throw HTTPRequestError(400, "method '\(text(parts[0]))' is not a token") }
        let method = String(decoding: parts[0], as: UTF8.self)
        let minorVersion = try version(parts[2])
        let path = try path(ofTarget: parts[1])

        var contentLength: Int?
        var codings: [String] = []
        var connectionTokens: [String] = []
        var expectation: String?
        for line in lines.dropFirst() {
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                throw HTTPRequestError(400, "header line '\(text(line))' continues the one before it (obsolete line folding); send each header on one line")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex, line[..<colon].allSatisfy(isTokenByte) else {
                throw HTTPRequestError(400, "header line '\(text(line))' is not NAME: VALUE")
            }
            let valueBytes = line[(colon + 1)...]
            guard !valueBytes.contains(where: { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }) else {
                throw HTTPRequestError(400, "header '\(text(line[..<colon]))' holds a control character")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: valueBytes, as: UTF8.self).trimmingWhitespace
            switch name {
            case "content-length":
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let item = String(item).trimmingWhitespace
                    guard !item.isEmpty, item.utf8.count <= 18, item.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let length = Int(item) else {
                        throw HTTPRequestError(400, "Content-Length '\(value)' is not a number of bytes")
                    }
                    if let contentLength, contentLength != length {
                        throw HTTPRequestError(400, "Content-Length is given twice, as \(contentLength) and \(length)")
                    }
                    contentLength = length
                }
            case "transfer-encoding":
                codings += value.split(separator: ",").map { String($0).trimmingWhitespace.lowercased() }.filter { !$0.isEmpty }
            case "connection":
                connectionTokens += value.split(separator: ",").map { String($0).trimmingWhitespace.lowercased() }
            case "expect":
                expectation = value.lowercased()
            default:
                break
            }
        }

        let framing: Framing
        if !codings.isEmpty {
            guard contentLength == nil else {
                throw HTTPRequestError(400, "the request has both Content-Length and Transfer-Encoding; send one")
            }
            guard minorVersion >= 1 else { throw HTTPRequestError(400, "Transfer-Encoding is not HTTP/1.0; send Content-Length") }
            guard codings == ["chunked"] else {
                throw HTTPRequestError(501, "Transfer-Encoding '\(codings.joined(separator: ", "))' is not served; send the body with Content-Length or chunked alone")
            }
            framing = .chunked
        } else {
            let length = contentLength ?? 0
            guard length <= limits.bodyBytes else {
                throw HTTPRequestError(413, "Content-Length \(length) is over the body limit of \(limits.bodyBytes) bytes")
            }
            framing = .length(length)
        }
        var expectsContinue = false
        if let expectation {
            guard expectation == "100-continue" else {
                throw HTTPRequestError(417, "Expect '\(expectation)' is not served; only 100-continue is")
            }
            expectsContinue = minorVersion >= 1
        }
        let connection: HTTPConnectionDisposition =
            if connectionTokens.contains("close") {
                .close
            } else if minorVersion == 0 {
                connectionTokens.contains("keep-alive") ? .keepAlive : .close
            } else {
                .keepAlive
            }
        return Head(method: method, path: path, minorVersion: minorVersion, connection: connection, expectsContinue: expectsContinue, framing: framing)
    }

    /// The minor version of `HTTP/1.x`.
    private static func version(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestError) -> Int {
        let text = text(bytes)
        let digits = Array(bytes.dropFirst(5))
        guard text.hasPrefix("HTTP/"), digits.count == 3, digits[1] == UInt8(ascii: "."),
            digits[0] >= 0x30, digits[0] <= 0x39, digits[2] >= 0x30, digits[2] <= 0x39
        else {
            throw HTTPRequestError(400, "'\(text)' is not an HTTP version; send HTTP/1.1")
        }
        guard digits[0] == UInt8(ascii: "1") else {
            throw HTTPRequestError(505, "\(text) is not served; send HTTP/1.1")
        }
        return min(Int(digits[2] - 0x30), 1)
    }

    /// The path of a request target, without its query, its escapes checked (each `%` followed by two
    /// hexadecimal digits, decoding to UTF-8) but kept.
    private static func path(ofTarget target: ArraySlice<UInt8>) throws(HTTPRequestError) -> String {
        var raw = target
        if raw.elementsEqual("*".utf8) { return "*" }
        let lowered = String(decoding: raw.prefix(8), as: UTF8.self).lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            // Absolute form: the path follows the authority.
            let afterScheme = raw.index(raw.startIndex, offsetBy: lowered.hasPrefix("http://") ? 7 : 8)
            let rest = raw[afterScheme...]
            guard let slash = rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) else { return "/" }
            raw = rest[slash...]
            if raw.first != UInt8(ascii: "/") { return "/" }
        }
        guard raw.first == UInt8(ascii: "/") else {
            throw HTTPRequestError(400, "request target '\(text(target))' is not a path (/status) or an absolute URL")
        }
        guard raw.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
            throw HTTPRequestError(400, "request target '\(text(target))' holds a control character")
        }
        let end = raw.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? raw.endIndex
        var decoded: [UInt8] = []
        decoded.reserveCapacity(end - raw.startIndex)
        var index = raw.startIndex
        while index < end {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < end, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) else {
                    throw HTTPRequestError(400, "request target '\(text(target))' has a '%' not followed by two hexadecimal digits")
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        guard String(validating: decoded, as: UTF8.self) != nil else {
            throw HTTPRequestError(400, "request target '\(text(target))' decodes to bytes that are not UTF-8")
        }
        // Kept escaped: the endpoint splits the path into segments first and then decodes each
        // parameter, so that an escaped `/` (`%2F`) or `%` (`%25`) in an id stays part of it.
        return String(decoding: raw[raw.startIndex..<end], as: UTF8.self)
    }

    /// A chunk-size line's size (its extensions ignored), or nil.
    private static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        let digits = line.prefix { hexValue($0) != nil }
        let rest = line[digits.endIndex...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard !digits.isEmpty, digits.count <= 15, rest.isEmpty || rest.first == UInt8(ascii: ";") else { return nil }
        return digits.reduce(0) { $0 << 4 | Int(hexValue($1)!) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 9110 §5.6.2's `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Bytes for a message: at most 100 of them, undecodable ones replaced.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = String(decoding: bytes.prefix(100), as: UTF8.self)
        return bytes.count > 100 ? shown + "…" : shown
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate var trimmingWhitespace: String {
        let bytes = utf8.drop { $0 == 0x20 || $0 == 0x09 }
        let trimmed = bytes.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: trimmed.reversed(), as: UTF8.self)
    }
}
