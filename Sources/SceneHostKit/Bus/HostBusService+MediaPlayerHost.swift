public import DBusKit
public import SceneBusServing
public import SceneCore
public import SceneMedia

/// The MPRIS player's view of the host: the host API's connection, call budget and remote-control
/// path, and the model with its input policy.
extension HostBusService: MediaPlayerHost {
    public var application: Application { host.application }

    public var inputPolicy: InputPolicy { host.configuration.input }

    public var apiConnection: BusConnection { connection }

    public var apiAddress: String { address }

    public func admitCall(from caller: String, budgetKey: String) throws {
        guard clients.admit(budgetKey) else { throw HostBusErrors.rateLimited(caller, limit: clients.callsPerSecond) }
    }

    public func clientLeft(budgetKey: String) {
        clients.clientLeft(budgetKey)
    }

    public func windowNumber(of window: Window) -> Int {
        publisher.path(of: window).elements.last.flatMap { Int($0) } ?? 0
    }
}
