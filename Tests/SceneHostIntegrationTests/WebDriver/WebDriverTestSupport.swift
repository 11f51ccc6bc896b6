import Foundation
import Glibc
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing

/// A scene-host serving WebDriver on a port the system chose (`--webdriver 127.0.0.1:0`), with the
/// toolkit scene and (unless `toolkitOnly`) the three demo scenes, and an HTTP client for it.
struct WebDriverProcess {
    let host: HostProcess
    let port: Int

    /// Starts the host; `clock`, `isolated` (true: every scene in a process of its own; false: every
    /// plugin inside the host; nil: the default's mode) and `extra` (more arguments) as a test needs.
    static func start(clock: String = "virtual", toolkitOnly: Bool = false, logLevel: String = "info", isolated: Bool? = nil, extra: [String] = []) async throws -> WebDriverProcess {
        let configuration = try ToolkitHost.configuration(clock: clock, toolkitOnly: toolkitOnly, gallery: true, logLevel: logLevel, isolated: isolated)
        let host = try HostProcess(arguments: ["--config", configuration, "--webdriver", "127.0.0.1:0"] + extra)
        #expect(await host.line(containing: "webdriver: listening on http://127.0.0.1:"), "the host never said where WebDriver listens: \(host.log.suffix(5))")
        let line = host.log.first { $0.contains("webdriver: listening on http://127.0.0.1:") } ?? ""
        let port = line.split(separator: "http://127.0.0.1:").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(port > 0, "no port in '\(line)'")
        return WebDriverProcess(host: host, port: port)
    }

    /// One answer: the HTTP status and the `value` of the JSON body.
    struct Answer: CustomStringConvertible {
        let status: Int
        let value: Any?

        /// The W3C error code of an error answer.
        var error: String? { (value as? [String: Any])?["error"] as? String }
        var message: String { (value as? [String: Any])?["message"] as? String ?? "" }
        var object: [String: Any] { value as? [String: Any] ?? [:] }
        var string: String { value as? String ?? "" }
        /// The id of an element answer.
        var elementID: String { object["element-6066-11e4-a52e-4f735466cecf"] as? String ?? "" }
        var description: String { "\(status) \(value.map { "\($0)" } ?? "nil")" }
    }

    /// Sends one request; `body` is JSON text (or nil for none).
    func send(_ method: String, _ path: String, _ body: String? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = SanitizedRun.seconds(60)
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = json?["value"]
        return Answer(status: status, value: value is NSNull ? nil : value)
    }

    /// A new session driving `scene`; its id.
    func session(scene: String, implicitMilliseconds: Int? = nil) async throws -> String {
        let timeouts = implicitMilliseconds.map { ", \"timeouts\": {\"implicit\": \($0)}" } ?? ""
        let answer = try await send(
            "POST", "/session",
            "{\"capabilities\": {\"alwaysMatch\": {\"platformName\": \"SceneHost\", \"appium:automationName\": \"SceneHost\", \"appium:scene\": \"\(scene)\"\(timeouts)}, \"firstMatch\": [{}]}}")
        let id = answer.object["sessionId"] as? String
        #expect(id != nil, "\(answer)")
        return id ?? ""
    }

    /// Finds one element; its id ("" when the answer is an error).
    func find(_ session: String, _ using: String, _ value: String) async throws -> String {
        try await send("POST", "/session/\(session)/element", Self.locator(using, value)).elementID
    }

    static func locator(_ using: String, _ value: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: ["using": using, "value": value])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// The width and height in a PNG's IHDR chunk, or nil when the bytes are not a PNG.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}

/// HTTP/1.1 over a blocking socket of the test's own, for what URLSession hides (how many
/// connections are open, which of them the server closed). Blocking: call it off the pool.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A socket connected to 127.0.0.1:`port`, close-on-exec, with a 60 s (scaled) guard on reads.
    static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var guardTime = timeval(tv_sec: Int(SanitizedRun.seconds(60)), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &guardTime, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let failure = errno
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port): errno \(failure)")
        }
        return socket
    }

    /// Sends `request` and returns the whole answer (head and `Content-Length` body) as text.
    static func exchange(_ socket: Int32, _ request: String) throws -> String {
        let bytes = Array(request.utf8)
        guard send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw Failure(description: "send: errno \(errno)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count >= text.utf8.distance(from: text.utf8.startIndex, to: end.upperBound) + length { return text }
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw Failure(description: "the answer ended after \(received.count) bytes (recv \(count), errno \(errno))") }
            received += buffer[..<count]
        }
    }

    /// Whether the server closed `socket`: a read finds the end of the stream (or a reset).
    static func readsEndOfStream(_ socket: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }
}
