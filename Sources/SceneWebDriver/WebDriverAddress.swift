/// Where the endpoint listens: `scene-host --webdriver [ADDRESS:]PORT` and the configuration key
/// `webdriver`. Without an address it is the loopback address 127.0.0.1, so only this machine's
/// processes can drive the host; any other address is said loudly in the log.
public struct WebDriverAddress: Sendable, Equatable, CustomStringConvertible {
    /// The default port, Appium's and WinAppDriver's.
    public static let defaultPort: UInt16 = 4723

    /// An IPv4 address (`127.0.0.1`, `0.0.0.0`) or an IPv6 one without brackets (`::1`).
    public let host: String
    /// 0 lets the system choose (the log says which).
    public let port: UInt16

    public init(host: String = "127.0.0.1", port: UInt16 = WebDriverAddress.defaultPort) {
        self.host = host
        self.port = port
    }

    /// Parses `PORT`, `ADDRESS:PORT`, `[IPV6]:PORT` or `localhost:PORT`.
    ///
    /// - Throws: a message naming the bad text and the accepted forms.
    public init(parsing text: String) throws(AddressError) {
        let usage = "use PORT (4723), ADDRESS:PORT (127.0.0.1:4723, 0.0.0.0:4723) or [IPV6]:PORT ([::1]:4723)"
        var host = "127.0.0.1"
        var portText = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw AddressError("'\(text)' is not a WebDriver address: an IPv6 address in brackets needs :PORT after it; \(usage)")
            }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host == "localhost" { host = "127.0.0.1" }
        }
        guard let port = UInt16(portText) else {
            throw AddressError("'\(text)' is not a WebDriver address: the port '\(portText)' is not a number in 0…65535; \(usage)")
        }
        guard Self.isIPv4(host) || (host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }) else {
            throw AddressError("'\(text)' is not a WebDriver address: '\(host)' is not an IPv4 or IPv6 address; \(usage)")
        }
        self.host = host
        self.port = port
    }

    /// Whether only this machine can connect (127.0.0.0/8 or ::1).
    public var isLoopback: Bool {
        host == "::1" || (Self.isIPv4(host) && host.hasPrefix("127."))
    }

    /// Whether the address is IPv6.
    var isIPv6: Bool { host.contains(":") }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && UInt8(part) != nil }
    }

    /// A `webdriver` value that does not parse.
    public struct AddressError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
