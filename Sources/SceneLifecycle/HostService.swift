/// One long-lived part of a running host (its D-Bus API, its scenes and their desktop windows, the
/// accessibility bridge, the MPRIS player), started and stopped by a ``ServiceGroup``.
///
/// Life of a service, all on the main actor:
///
///     start() ──► goLive() ──► … serving … ──► stop(cleanly:then:) ──► done()
///     before the host is       the host is       gracefully, without
///     public: connect,         public: claim a    blocking: stop taking
///     export, load             name, join a bus   work, hand over what
///                                                  was sent, then done
///
/// The group calls ``start()`` and ``goLive()`` in its order and ``stop(cleanly:then:)`` in the reverse
/// order, so a service may use everything listed before it, and whatever it still has to say when
/// stopping (the last signals of scenes that disconnect) is said while the services before it are
/// still there. Each method is called at most once; ``stop(cleanly:then:)`` is called only for a
/// service whose ``start()`` returned.
@MainActor
public protocol HostService: AnyObject {
    /// The service's name in the group's reports (`bus`, `scenes`, `accessibility`).
    var name: String { get }

    /// Takes up what the service needs before the host is public: connects, exports, loads. The next
    /// service starts once this returns; a thrown error stops the services started before it (in
    /// reverse order) and ends the group's start with that error. The default does nothing.
    func start() async throws

    /// Makes the service public once every service has started (claims a name, joins a bus), in the
    /// group's order. A thrown error stops the group and ends its ``ServiceGroup/goLive()`` with that
    /// error. The default does nothing.
    func goLive() async throws

    /// Stops gracefully and returns at once: stops taking work, lets what was sent be handed over
    /// (within the service's own limit), then calls `done` exactly once, on the main actor (it may
    /// call it before returning). It must not block: the group begins every stop in one turn of the
    /// main loop, in reverse order, and the stops then finish side by side.
    ///
    /// - Parameter cleanly: whether the run ended as intended (a normal exit) rather than through a
    ///   failure.
    func stop(cleanly: Bool, then done: @escaping @MainActor () -> Void)
}

extension HostService {
    public func start() async throws {}

    public func goLive() async throws {}
}
