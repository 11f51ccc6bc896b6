@testable import SceneWebDriver
import TestSupport
import Testing

/// The request reader: whole requests out of bytes that arrive in any pieces, in order; bad requests
/// answered with the status and a message naming what was wrong.
@Suite("HTTP requests are read whole and in order from bytes in any pieces; bad ones name what is wrong")
struct HTTPRequestParserTests {
    /// Everything `parser` hands out for `text`, fed at once.
    private static func outputs(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> [HTTPRequestParser.Output] {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(Array(text.utf8))
        var outputs: [HTTPRequestParser.Output] = []
        while let output = parser.next() { outputs.append(output) }
        return outputs
    }

    private static func request(_ output: HTTPRequestParser.Output?) -> HTTPRequest? {
        if case .request(let request) = output { request } else { nil }
    }

    @Test("A GET without a body, then a POST with one, sent together, come out in order with their paths and bodies")
    func pipelinedRequests() {
        let outputs = Self.outputs(
            "GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nPOST /session/1/element?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello")
        #expect(
            outputs == [
                .request(HTTPRequest(method: "GET", path: "/status", minorVersion: 1, connection: .keepAlive, body: [])),
                .request(HTTPRequest(method: "POST", path: "/session/1/element", minorVersion: 1, connection: .keepAlive, body: Array("hello".utf8))),
            ])
    }

    @Test("A chunked body is joined, its extensions and trailers skipped")
    func chunkedBody() {
        let outputs = Self.outputs(
            "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;name=x\r\nabc\r\n0A\r\n0123456789\r\n0\r\nTrailer: 1\r\n\r\n")
        #expect(Self.request(outputs.first)?.body == Array("abc0123456789".utf8))
        #expect(outputs.count == 1)
    }

    @Test("HTTP/1.0 closes unless it asks to keep the connection; HTTP/1.1 keeps it unless it asks to close")
    func connectionDisposition() {
        #expect(Self.request(Self.outputs("GET / HTTP/1.0\r\n\r\n").first)?.connection == .close)
        #expect(Self.request(Self.outputs("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").first)?.connection == .keepAlive)
        #expect(Self.request(Self.outputs("GET / HTTP/1.1\r\nConnection: upgrade, close\r\n\r\n").first)?.connection == .close)
        #expect(Self.request(Self.outputs("GET / HTTP/1.1\r\n\r\n").first)?.connection == .keepAlive)
    }

    @Test("Targets: the query and fragment are cut, escapes kept for the endpoint to decode per segment, an absolute URL gives its path, bare line feeds and leading empty lines are read")
    func targets() {
        #expect(Self.request(Self.outputs("GET /wd/hub/session/a%20b/url?q=1#f HTTP/1.1\r\n\r\n").first)?.path == "/wd/hub/session/a%20b/url")
        #expect(Self.request(Self.outputs("GET /session/a%2Fb%25/url HTTP/1.1\r\n\r\n").first)?.path == "/session/a%2Fb%25/url")
        #expect(Self.request(Self.outputs("GET http://127.0.0.1:4723/status HTTP/1.1\r\n\r\n").first)?.path == "/status")
        #expect(Self.request(Self.outputs("GET http://127.0.0.1:4723 HTTP/1.1\r\n\r\n").first)?.path == "/")
        #expect(Self.request(Self.outputs("\r\n\nGET /status HTTP/1.1\nHost: x\n\n").first)?.path == "/status")
        #expect(Self.request(Self.outputs("OPTIONS * HTTP/1.1\r\n\r\n").first)?.path == "*")
    }

    @Test("Expect: 100-continue is owed before a body that has not arrived, and not when it has")
    func expectContinue() {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        #expect(parser.next() == .continueExpected)
        #expect(parser.next() == nil)
        parser.append(Array("xyz".utf8))
        #expect(Self.request(parser.next())?.body == Array("xyz".utf8))
        #expect(Self.outputs("POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nxyz").count == 1)
    }

    @Test(
        "Bad requests are answered with their status and a message naming the bad value",
        arguments: [
            ("GET /status\r\n\r\n", 400, "request line 'GET /status' is not METHOD TARGET HTTP/1.1"),
            ("GET  /status HTTP/1.1\r\n\r\n", 400, "is not METHOD TARGET HTTP/1.1"),
            ("G(T / HTTP/1.1\r\n\r\n", 400, "method 'G(T' is not a token"),
            ("GET / HTTP/2.0\r\n\r\n", 505, "HTTP/2.0 is not served; send HTTP/1.1"),
            ("GET / HTTPS/1.1\r\n\r\n", 400, "'HTTPS/1.1' is not an HTTP version"),
            ("GET status HTTP/1.1\r\n\r\n", 400, "request target 'status' is not a path"),
            ("GET /a%zz HTTP/1.1\r\n\r\n", 400, "has a '%' not followed by two hexadecimal digits"),
            ("GET /a%ff HTTP/1.1\r\n\r\n", 400, "decodes to bytes that are not UTF-8"),
            ("GET / HTTP/1.1\r\nHost x\r\n\r\n", 400, "header line 'Host x' is not NAME: VALUE"),
            ("GET / HTTP/1.1\r\nHost: a\r\n b\r\n\r\n", 400, "obsolete line folding"),
            ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400, "header 'Host' holds a control character"),
            ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "Content-Length '-1' is not a number of bytes"),
            ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400, "Content-Length is given twice, as 1 and 2"),
            ("POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "both Content-Length and Transfer-Encoding"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "Transfer-Encoding 'gzip, chunked' is not served"),
            ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "Transfer-Encoding is not HTTP/1.0"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400, "chunk size 'zz' is not a hexadecimal number of bytes"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 400, "a chunk's data is longer than its size"),
            ("POST / HTTP/1.1\r\nExpect: 200-ok\r\n\r\n", 417, "Expect '200-ok' is not served"),
        ])
    func badRequests(text: String, status: Int, message: String) {
        let outputs = Self.outputs(text)
        guard case .failure(let error)? = outputs.last else {
            Issue.record("\(text.debugDescription) gave \(outputs)")
            return
        }
        #expect(outputs.count == 1)
        #expect(error.status == status)
        #expect(error.message.contains(message), "\(error.message)")
        // The answer is a W3C error body with the same status.
        #expect(error.response.status == status)
        #expect(String(decoding: error.response.body, as: UTF8.self).contains(status < 500 ? "invalid argument" : "unknown error"))
    }

    @Test("Heads and bodies over the limits are refused, a head even before its end arrives")
    func limits() {
        let limits = HTTPRequestParser.Limits(headBytes: 100, bodyBytes: 10)
        #expect(Self.outputs("GET /" + String(repeating: "a", count: 200), limits: limits).map(\.status) == [431])
        #expect(Self.outputs("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 200) + "\r\n\r\n", limits: limits).map(\.status) == [431])
        #expect(Self.outputs("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", limits: limits).map(\.status) == [413])
        #expect(Self.outputs("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n6\r\n", limits: limits).map(\.status) == [413])
        #expect(Self.outputs("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits).map(\.status) == [200])
    }

    @Test("After a failure nothing more is handed out, whatever follows")
    func nothingAfterFailure() {
        var parser = HTTPRequestParser()
        parser.append(Array("BAD\r\n\r\nGET / HTTP/1.1\r\n\r\n".utf8))
        #expect(parser.next()?.status == 400)
        #expect(parser.next() == nil)
        parser.append(Array("GET / HTTP/1.1\r\n\r\n".utf8))
        #expect(parser.next() == nil)
    }

    /// Random requests (methods, escaped paths, bodies by length or in random chunks, line breaks of
    /// both kinds, connection tokens), their bytes fed in random pieces with `next()` called after each,
    /// give the requests they were made from, in order, as the bytes fed at once do.
    @Test("Random requests in random pieces come out as they were made, as when fed at once", arguments: [1, 2, 3, 4])
    func randomPieces(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<150 {
            var stream: [UInt8] = []
            var expected: [HTTPRequest] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let (bytes, request) = Self.randomRequest(using: &random)
                stream += bytes
                expected.append(request)
            }
            var whole = HTTPRequestParser()
            whole.append(stream)
            var wholeOutputs: [HTTPRequest] = []
            while let output = whole.next() {
                if case .request(let request) = output { wholeOutputs.append(request) } else { Issue.record("\(output)") }
            }
            var pieces = HTTPRequestParser()
            var pieceOutputs: [HTTPRequest] = []
            var index = 0
            while index < stream.count {
                let length = Int.random(in: 1...max(1, min(stream.count - index, Bool.random(using: &random) ? 3 : 300)), using: &random)
                pieces.append(Array(stream[index..<index + length]))
                index += length
                while let output = pieces.next() {
                    if case .request(let request) = output { pieceOutputs.append(request) }
                }
            }
            #expect(wholeOutputs == expected, "fed at once: \(Self.firstDifference(wholeOutputs, expected))")
            #expect(pieceOutputs == expected, "in pieces: \(Self.firstDifference(pieceOutputs, expected))")
            #expect(pieces.bufferedCount == 0)
        }
    }

    /// The first request that differs, briefly (bodies by their length).
    private static func firstDifference(_ got: [HTTPRequest], _ expected: [HTTPRequest]) -> String {
        let brief = { (request: HTTPRequest?) in
            request.map { "\($0.method) \($0.path) 1.\($0.minorVersion) \($0.connection) body \($0.body.count) bytes" } ?? "nothing"
        }
        let index = Array(zip(got, expected)).firstIndex { $0 != $1 } ?? min(got.count, expected.count)
        return "request \(index): \(brief(index < got.count ? got[index] : nil)), expected \(brief(index < expected.count ? expected[index] : nil))"
    }

    private static func randomRequest(using random: inout SplitMix64) -> ([UInt8], HTTPRequest) {
        let method = ["GET", "POST", "DELETE", "PUT"].randomElement(using: &random)!
        let segments = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            String((0..<Int.random(in: 1...8, using: &random)).map { _ in "abcXYZ019-_. é".randomElement(using: &random)! })
        }
        let path = "/" + segments.joined(separator: "/")
        var target = ""
        for byte in path.utf8 {
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2F || byte == 0x2D
            target += byte == 0x2F || (plain && Bool.random(using: &random)) ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: Bool.random(using: &random)).leftPadded
        }
        let targetPath = target
        if Bool.random(using: &random) { target += "?q=" + String(Int.random(in: 0...99, using: &random)) }
        let breakText = Bool.random(using: &random) ? "\r\n" : "\n"
        let minor = Int.random(in: 0...1, using: &random)
        let body = (0..<(Bool.random(using: &random) ? 0 : Int.random(in: 0...3000, using: &random))).map { _ in UInt8.random(in: 0...255, using: &random) }
        var head = "\(method) \(target) HTTP/1.\(minor)\(breakText)Host: 127.0.0.1:4723\(breakText)"
        let connectionToken = ["", "close", "keep-alive"].randomElement(using: &random)!
        if !connectionToken.isEmpty { head += "Connection: \(connectionToken)\(breakText)" }
        var bodyBytes: [UInt8] = []
        if minor == 1, Bool.random(using: &random) {
            head += "transfer-encoding:  chunked \(breakText)\(breakText)"
            var index = 0
            while index < body.count {
                let length = Int.random(in: 1...max(1, body.count - index), using: &random)
                bodyBytes += Array("\(String(length, radix: 16))\(breakText)".utf8) + body[index..<index + length] + Array(breakText.utf8)
                index += length
            }
            bodyBytes += Array("0\(breakText)\(breakText)".utf8)
        } else {
            if !body.isEmpty || Bool.random(using: &random) { head += "Content-Length:\(body.count)\(breakText)" }
            head += breakText
            bodyBytes = body
        }
        let connection: HTTPConnectionDisposition =
            connectionToken == "close" || (minor == 0 && connectionToken != "keep-alive") ? .close : .keepAlive
        return (Array(head.utf8) + bodyBytes, HTTPRequest(method: method, path: targetPath, minorVersion: minor, connection: connection, body: body))
    }
}

extension HTTPRequestParser.Output {
    /// 200 for a request, the error's status for a failure, 100 for `100 Continue`.
    fileprivate var status: Int {
        switch self {
        case .continueExpected: 100
        case .request: 200
        case .failure(let error): error.status
        }
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
