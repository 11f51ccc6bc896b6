import Foundation
import Logging
import SceneWebDriver

extension HostSession {
    /// Starts the W3C WebDriver endpoint when the configuration asks for one (`webdriver`,
    /// `--webdriver`), once the configured scenes are in. An address other than loopback is logged
    /// as a warning: anyone who can reach it drives the host, with no authentication. A socket that
    /// cannot be bound stops the host with status 1, naming the address and the reason.
    func startWebDriver() {
        guard let address = configuration.webDriver else { return }
        let endpoint = WebDriverEndpoint(host: HostWebDriverBridge(host: host), logger: logger)
        let server: WebDriverServer
        do {
            server = try WebDriverServer(endpoint: endpoint, address: address, logger: logger)
        } catch {
            FileHandle.standardError.write(Data("scene-host: --webdriver: \(error.description)\n".utf8))
            return stop(status: 1)
        }
        webDriver = server
        server.start { [logger] bound in
            if address.isLoopback {
                logger.info("webdriver: listening on http://\(bound) (W3C WebDriver for Appium and Selenium clients, base paths / and /wd/hub)")
            } else {
                logger.warning(
                    "webdriver: listening on http://\(bound), which is NOT a loopback address: every machine that can reach it can drive this host, with no authentication; give only a port (--webdriver \(address.port)) to listen on 127.0.0.1")
            }
        } failed: { [weak self] reason in
            FileHandle.standardError.write(Data("scene-host: --webdriver: \(reason)\n".utf8))
            self?.stop(status: 1)
        }
    }
}
