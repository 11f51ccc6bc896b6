import Foundation
import Logging
import SceneLifecycle
import SceneWebDriver

/// The W3C WebDriver endpoint as a service, when the configuration asks for one (`webdriver`,
/// `--webdriver`): it starts listening when the host goes live (once the configured scenes are in)
/// and stops first when the host stops (listed last), before the scenes disconnect.
///
/// An address other than loopback is logged as a warning: anyone who can reach it drives the host,
/// with no authentication. Go-live returns once the socket listens (so "host ready" follows the
/// listening line); a socket that cannot be made or bound, or does not listen within 30 s, fails the
/// go-live (status 1, naming the address and the reason); a server that fails later stops the host
/// the same way.
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
    /// Called with the exit status when the host must stop: the socket could not be bound.
    var onFatalError: (@MainActor (Int32) -> Void)?

    /// - Parameter address: where to listen; nil for no endpoint.
    init(host: SceneHost, address: WebDriverAddress?, logger: Logger) {
        self.host = host
        self.address = address
        self.logger = logger
    }

    func goLive() async throws {
        guard let address else { return }
        let endpoint = WebDriverEndpoint(host: HostWebDriverBridge(host: host), logger: logger)
        let server: WebDriverServer
        do {
            server = try WebDriverServer(endpoint: endpoint, address: address, logger: logger)
        } catch {
            throw StartError(description: "--webdriver: \(error.description)")
        }
        self.server = server
        // Ready only once the socket listens: "host ready" (logged after every go-live) then means
        // a client can connect, and a socket that cannot be bound fails the start, naming why.
        let bound: String
        do throws(WebDriverAddress.AddressError) {
            bound = try await server.start { [weak self] reason in
                FileHandle.standardError.write(Data("scene-host: --webdriver: \(reason)\n".utf8))
                self?.onFatalError?(1)
            }
        } catch {
            self.server = nil
            throw StartError(description: "--webdriver: \(error.description)")
        }
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
