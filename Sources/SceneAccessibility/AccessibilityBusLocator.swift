import DBusKit
import SceneErrors

/// Finds the accessibility bus the way libatspi does, minus the X11 root
/// window property: `AT_SPI_BUS_ADDRESS` when set and not empty; otherwise
/// `org.a11y.Bus.GetAddress()` on the session bus, which D-Bus-activates at-spi2-core's launcher.
@MainActor
enum AccessibilityBusLocator {
    /// Where an accessibility bus address came from.
    enum Source: String, Sendable {
        /// The `AT_SPI_BUS_ADDRESS` environment variable.
        case environment = "AT_SPI_BUS_ADDRESS"
        /// `org.a11y.Bus.GetAddress` on the session bus.
        case launcher = "org.a11y.Bus.GetAddress"
    }

    /// The accessibility bus address and where it came from.
    ///
    /// The launcher is asked with `timeout`, so a launcher that exists but does not answer cannot
    /// hold the host (libatspi waits 25 s there). A session bus without `org.a11y.Bus` fails at once.
    ///
    /// - Parameter environment: the process environment (`AT_SPI_BUS_ADDRESS`, `DBUS_SESSION_BUS_ADDRESS`).
    /// - Throws: ``AccessibilityError`` with code ``AccessibilityError/Code-swift.struct/noSessionBus``
    ///   when there is neither variable, ``AccessibilityError/Code-swift.struct/noAnswer`` when the
    ///   launcher did not answer within `timeout`, ``AccessibilityError/Code-swift.struct/noAccessibilityBus``
    ///   when the session bus has no working launcher (naming the bus error).
    static func locate(environment: [String: String], timeout: Duration) async throws(AccessibilityError)
        -> (address: String, source: Source)
    {
        if let address = environment[AtspiNames.busAddressVariable], !address.isEmpty {
            return (address, .environment)
        }
        guard let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else {
            throw AccessibilityError(
                code: .noSessionBus,
                message: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set) and no \(AtspiNames.busAddressVariable)")
        }
        do {
            let connection = try await BusConnection.connect(to: .address(session))
            defer { connection.close() }
            let reply = try await connection.call(
                destination: AtspiNames.launcher, path: AtspiNames.launcherPath, interface: AtspiNames.launcherInterface,
                member: AtspiNames.getAddress, timeout: timeout)
            let address = try reply.read { reader in try reader.readString() }
            guard !address.isEmpty else {
                throw BusError.failed("\(AtspiNames.launcher) answered an empty address")
            }
            return (address, .launcher)
        } catch let error as BusError where error.code == .timedOut {
            throw AccessibilityError(
                code: .noAnswer,
                message: "\(AtspiNames.launcher) on the session bus at \(session) did not answer GetAddress within \(timeout)")
        } catch {
            throw AccessibilityError(
                code: .noAccessibilityBus,
                message: "the session bus at \(session) gives no accessibility bus (\(AtspiNames.launcher).GetAddress: \(error))")
        }
    }
}
