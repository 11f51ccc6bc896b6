public import DBusKit
public import SceneLoop
import Logging
import SceneChannel
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
    public var descriptorWatches: any DescriptorWatching { host.watches }

    public func admitCall(from caller: String, budgetKey: String) throws {
        guard clients.admit(budgetKey) else { throw HostBusErrors.rateLimited(caller, limit: clients.callsPerSecond) }
    }

    public func clientLeft(budgetKey: String) {
        clients.clientLeft(budgetKey)
    }

    public var remoteControlTarget: RemoteControlTarget? {
        let application = host.application
        guard let window = application.keyWindow else { return nil }
        if let isolated = host.isolation?.scene(of: window) {
            return isolated.remoteControlResponder(of: window).map { RemoteControlTarget(windowNumber: windowNumber(of: window), reference: $0) }
        }
        guard application.isReceivingRemoteControlEvents, let responder = window.firstResponder else { return nil }
        return RemoteControlTarget(windowNumber: windowNumber(of: window), reference: ViewReference.describe(responder))
    }

    public func sendRemoteControl(_ subtype: Event.EventSubtype, completion: @escaping @MainActor (Bool) -> Void) {
        guard let isolated = host.isolation?.keyScene else { return completion(sendRemoteControl(subtype) != nil) }
        Task { @MainActor [logger] in
            do throws(SceneCallError) {
                let outcome = try await isolated.process.command(.remoteControl(subtype: subtype.wireName))
                completion(!outcome.text.isEmpty)
            } catch {
                logger.info("MPRIS: remote control \(subtype.wireName) did not reach scene '\(isolated.name)': \(error)", metadata: ["topic": "mpris"])
                completion(false)
            }
        }
    }

    private func windowNumber(of window: Window) -> Int {
        publisher.path(of: window).elements.last.flatMap { Int($0) } ?? 0
    }
}
