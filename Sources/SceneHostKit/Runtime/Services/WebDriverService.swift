import Logging
import SceneLifecycle
import SceneWebDriver

/// The W3C WebDriver endpoint as a service, when the configuration asks for one (`webdriver`,
/// `--webdriver`): it starts listening when the host goes live (once the configured scenes are in)
/// and stops first when the host stops (listed last), before the scenes disconnect.
///
/// An address other than loopback is logged as a warning: anyone who can reach it drives the host,
/// with no authentication. Go-live returns once the socket listens (so "host ready" follows the
/// listening line); a socket that cannot be made or bound fails the go-live (status 1, naming the
/// address and the reason). Its sockets are served by the host's main loop.
@MainActor
final class WebDriverService: HostService {
    /// Why the endpoint could not start: printed as `scene-host: --webdriver: …`, exit status 1.
    struct StartError: RunEndingError {
        let description: String
        var exitStatus: Int32 { 1 }
    }

    let name = "webdriver"
    private let host: SceneHost
    private let address: WebDriverAddress?
    private let logger: Logger
    private var server: WebDriverServer?

    /// - Parameter address: where to listen; nil for no endpoint.
    init(host: SceneHost, address: WebDriverAddress?, logger: Logger) {
        self.host = host
        self.address = address
        self.logger = logger
    }

    func goLive() async throws {
        guard let address else { return }
        let endpoint = WebDriverEndpoint(host: HostWebDriverBridge(host: host), logger: logger)
        let server = WebDriverServer(endpoint: endpoint, address: address, watches: host.watches, logger: logger)
        // Ready only once the socket listens: "host ready" (logged after every go-live) then means
        // a client can connect, and a socket that cannot be bound fails the start, naming why.
        let bound: String
        do throws(WebDriverAddress.AddressError) {
            bound = try server.start()
        } catch {
            throw StartError(description: "--webdriver: \(error.description)")
        }
        self.server = server
        if address.isLoopback {
            logger.info("webdriver: listening on http://\(bound) (W3C WebDriver for Appium and Selenium clients, base paths / and /wd/hub)")
        } else {
            logger.warning(
                "webdriver: listening on http://\(bound), which is NOT a loopback address: every machine that can reach it can drive this host, with no authentication; give only a port (--webdriver \(address.port)) to listen on 127.0.0.1")
        }
    }

    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void) {
        server?.stop()
        done()
    }
}
