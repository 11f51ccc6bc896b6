/// A match rule registered with the bus together with the handler that receives the messages
/// it selects. Returned by ``BusConnection/addMatch(_:handler:)``.
///
/// The subscription stays active until ``cancel()`` is called or the connection closes; letting
/// go of this object does not cancel it.
@MainActor
public final class MatchSubscription {
    /// The rule this subscription was created with.
    public let rule: MatchRule
    /// Whether the handler still receives messages.
    public private(set) var isActive = true
    let handler: @MainActor (BusMessage) -> Void
    /// Whether the rule was registered with the bus by DBusKit for its own bookkeeping.
    let isInternal: Bool
    private weak var connection: BusConnection?

    init(rule: MatchRule, connection: BusConnection, isInternal: Bool, handler: @escaping @MainActor (BusMessage) -> Void) {
        self.rule = rule
        self.connection = connection
        self.isInternal = isInternal
        self.handler = handler
    }

    /// Stops delivery immediately and removes the rule from the bus (without waiting for the
    /// bus to confirm). Calling it again does nothing.
    public func cancel() {
        guard isActive else {
            return
        }
        isActive = false
        connection?.removeSubscription(self)
    }

    func deactivate() {
        isActive = false
    }
}
