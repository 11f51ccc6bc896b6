public import SceneErrors
/// Calls code on the main actor when a descriptor can be read: what the board's scene channels and
/// a scene process's channel are served by. ``EventLoop`` (one `epoll` on the main thread, which
/// the host and a scene process run) and ``DispatchDescriptorWatches`` (a libdispatch read source
/// per descriptor, for code whose main thread runs another loop: the tests) both conform; they call
/// the handler the same way.
@MainActor
public protocol DescriptorWatching: AnyObject {
    /// Calls `handler` on the main actor, once per turn of the loop, for as long as `descriptor` is
    /// readable (level-triggered: a handler that leaves bytes unread is called again), has hung up
    /// or has an error, until the returned watch is cancelled. `owner` (the descriptor's owner) is
    /// kept until the descriptor is no longer watched: the descriptor must stay open until then.
    func watchReadable(
        _ descriptor: Int32, owner: (any Sendable)?, handler: @escaping @MainActor () -> Void
    ) throws(EventLoopError) -> any DescriptorWatch
}

/// One watch of a descriptor.
@MainActor
public protocol DescriptorWatch: AnyObject {
    /// Stops the watch: its handler is not called again, even for readiness already seen in this
    /// turn. Cancelling twice does nothing.
    func cancel()
}
