public import DBusKit
public import SceneLoop
public import SceneBusServing
public import SceneCore

/// What the MPRIS player takes from the host, and nothing more: the model it controls, the input
/// policy its commands pass, the host API's connection (the player is served there when that is on
/// the session bus, or when there is no session bus), and the host API's call budget and
/// remote-control path, so that an MPRIS command and `Host1.SendRemoteControl` are counted and
/// delivered alike. The host's D-Bus service provides it. Main actor only.
@MainActor
public protocol MediaPlayerHost: AnyObject {
    /// The model: observed for what can change the player's target, and its clock for playback
    /// positions.
    var application: Application { get }
    /// Who may send the player's commands.
    var inputPolicy: InputPolicy { get }
    /// The host API's connection.
    var apiConnection: BusConnection { get }
    /// The address of the host API's bus.
    var apiAddress: String { get }
    /// Serves the socket of a session-bus connection of the player's own (the host's main loop).
    var descriptorWatches: any DescriptorWatching { get }
    /// Spends one call from the budget kept under `budgetKey` (the calls-per-second budget of bus
    /// clients).
    ///
    /// - Throws: `org.scenehost.Error.LimitsExceeded` naming `caller` when the budget is spent.
    func admitCall(from caller: String, budgetKey: String) throws
    /// The client whose budget is kept under `budgetKey` left its bus: its budget (and anything else
    /// the host keeps for it) is forgotten.
    func clientLeft(budgetKey: String)
    /// The responder remote-control events would start at now: the application's key window's first
    /// responder while its application receives remote-control events [FR-9]; nil when there is none.
    var remoteControlTarget: RemoteControlTarget? { get }
    /// Delivers a remote-control event to the key window's first responder and up the chain, as
    /// `Host1.SendRemoteControl` does; `completion` runs once it was delivered (at once for a scene
    /// in the host, when its process answers for one in a process of its own) with whether a
    /// responder handled it. The player learns of a handled event as every other sender's: from the
    /// model (``MediaPlayerService/remoteControlWasDelivered(_:handledBy:)``) or from the host
    /// (``MediaPlayerService/remoteControlWasHandled(_:)``), before `completion` runs.
    func sendRemoteControl(_ subtype: Event.EventSubtype, completion: @escaping @MainActor (_ handled: Bool) -> Void)
}
