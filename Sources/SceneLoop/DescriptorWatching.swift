public import SceneErrors

/// What a descriptor's watch waits for.
public enum DescriptorReadiness: Sendable, Equatable {
    /// Bytes (or a packet, or the peer's end) can be read.
    case readable
    /// Bytes can be written without blocking.
    case writable
}

/// Calls code on the main actor when a descriptor is ready: what the board's scene channels, a
/// scene process's channel and DBusKit's bus sockets are served by. ``EventLoop`` (one `epoll` on the
/// main thread, which the host and a scene process run) and ``DispatchDescriptorWatches`` (a
/// libdispatch source per descriptor, for code whose main thread runs another loop: the tests) both
/// conform; they call the handler the same way.
@MainActor
public protocol DescriptorWatching: AnyObject {
    /// Calls `handler` on the main actor, once per turn of the loop, for as long as `descriptor` is
    /// ready as asked (level-triggered: a handler that leaves bytes unread, or a writable socket, is
    /// called again), has hung up or has an error, until the returned watch is cancelled. `owner`
    /// (the descriptor's owner) is kept until the descriptor is no longer watched: the descriptor
    /// must stay open until then. One descriptor has at most one watch: watch a duplicate for a
    /// second one.
    func watch(
        _ descriptor: Int32, for readiness: DescriptorReadiness, owner: (any Sendable)?, handler: @escaping @MainActor () -> Void
    ) throws(EventLoopError) -> any DescriptorWatch

    /// Runs `action` on the main actor once the turn running now has ended (its handlers and the
    /// loop's own end-of-turn work), before the loop waits again; returns `false`, keeping nothing,
    /// when there is no such turn (the caller acts at once). What a turn sends can so leave together.
    func deferToEndOfTurn(_ action: @escaping @MainActor () -> Void) -> Bool
}

extension DescriptorWatching {
    /// ``watch(_:for:owner:handler:)`` for reading.
    public func watchReadable(
        _ descriptor: Int32, owner: (any Sendable)?, handler: @escaping @MainActor () -> Void
    ) throws(EventLoopError) -> any DescriptorWatch {
        try watch(descriptor, for: .readable, owner: owner, handler: handler)
    }
}

/// One watch of a descriptor.
@MainActor
public protocol DescriptorWatch: AnyObject {
    /// Stops the watch: its handler is not called again, even for readiness already seen in this
    /// turn. Cancelling twice does nothing.
    func cancel()
}
