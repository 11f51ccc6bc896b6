/// The status line and headers of an answer (every answer is JSON, with its length given).
struct HTTPResponseHead: Equatable {
    var status: Int
    /// The request's minor version: HTTP/1.0 is answered as HTTP/1.0.
    var minorVersion: Int
    var contentLength: Int
    var connection: HTTPConnectionDisposition

    /// `100 Continue`, the interim answer to `Expect: 100-continue`.
    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    var bytes: [UInt8] {
        var text = "HTTP/1.\(minorVersion) \(status) \(Self.phrase(status))\r\n"
        text += "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-cache\r\n"
        text += "Content-Length: \(contentLength)\r\n"
        switch (connection, minorVersion) {
        case (.close, _): text += "Connection: close\r\n"
        case (.keepAlive, 0): text += "Connection: keep-alive\r\n"
        case (.keepAlive, _): break
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 417: "Expectation Failed"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 505: "HTTP Version Not Supported"
        default: status >= 500 ? "Internal Server Error" : status >= 400 ? "Bad Request" : "OK"
        }
    }
}
