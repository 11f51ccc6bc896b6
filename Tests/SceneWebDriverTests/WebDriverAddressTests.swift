import SceneWebDriver
import Testing

@Suite("Where the endpoint listens: [ADDRESS:]PORT")
struct WebDriverAddressTests {
    @Test("A port alone is loopback; an address is taken as given; localhost is 127.0.0.1")
    func forms() throws {
        #expect(try WebDriverAddress(parsing: "4723") == WebDriverAddress(host: "127.0.0.1", port: 4723))
        #expect(try WebDriverAddress(parsing: "0.0.0.0:4444") == WebDriverAddress(host: "0.0.0.0", port: 4444))
        #expect(try WebDriverAddress(parsing: "localhost:0") == WebDriverAddress(host: "127.0.0.1", port: 0))
        #expect(try WebDriverAddress(parsing: "[::1]:4723") == WebDriverAddress(host: "::1", port: 4723))
        #expect(try WebDriverAddress(parsing: "4723").isLoopback)
        #expect(try WebDriverAddress(parsing: "[::1]:1").isLoopback)
        #expect(try !WebDriverAddress(parsing: "0.0.0.0:4723").isLoopback)
        #expect(try !WebDriverAddress(parsing: "192.168.1.4:4723").isLoopback)
        #expect(try WebDriverAddress(parsing: "[::1]:4723").description == "[::1]:4723")
    }

    @Test("Bad text names itself and the accepted forms", arguments: [
        ("port", "the port 'port' is not a number"), ("70000", "the port '70000'"), ("1.2.3:80", "'1.2.3' is not an IPv4 or IPv6 address"),
        ("example.com:80", "'example.com' is not"), ("[::1]", "needs :PORT"), ("", "the port ''"),
    ])
    func bad(text: String, message: String) {
        do {
            _ = try WebDriverAddress(parsing: text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.description.hasPrefix("'\(text)' is not a WebDriver address: "), "\(error)")
            #expect(error.description.contains(message), "\(error)")
            #expect(error.description.contains("use PORT (4723)"))
        }
    }
}
