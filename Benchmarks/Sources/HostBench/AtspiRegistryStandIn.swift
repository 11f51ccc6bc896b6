import DBusKit
import Foundation

/// Plays `at-spi2-registryd` on a private accessibility bus for the benchmark: owns
/// `org.a11y.atspi.Registry` and answers `Socket.Embed`, remembering each application's unique name.
///
/// The benchmark's calls block the main thread, so the stand-in only answers while
/// ``waitForApplications(_:timeout:)`` turns the main run loop.
@MainActor
final class AtspiRegistryStandIn {
    let connection: BusConnection
    /// The unique names of the applications embedded so far, in order.
    private(set) var applications: [BusName] = []

    static let desktopPath: ObjectPath = "/org/a11y/atspi/accessible/root"

    init(address: String) throws {
        let connection = try BusConnection.connectBlocking(to: .address(address))
        self.connection = connection
        let desktop = BusValue.structure([.string(connection.uniqueName?.rawValue ?? ""), .objectPath(Self.desktopPath)])
        try connection.export(
            [
                InterfaceDescription(
                    "org.a11y.atspi.Socket",
                    methods: [
                        .method("Embed", inputs: [.init("plug", "(so)")], outputs: [.init("socket", "(so)")]) { [weak self] call in
                            if let name = call.arguments.first?.structFields?.first?.stringValue {
                                self?.applications.append(BusName(unchecked: name))
                            }
                            return [desktop]
                        }
                    ])
            ], at: Self.desktopPath)
        _ = try connection.callBlocking(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "RequestName",
            arguments: [.string("org.a11y.atspi.Registry"), .uint32(0x4)])
    }

    /// Turns the main run loop until `count` applications have embedded; throws after `timeout` s.
    func waitForApplications(_ count: Int, timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while applications.count < count {
            guard Date() < deadline else { throw BenchError("no application embedded in the stand-in registry within \(timeout) s") }
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
    }
}
