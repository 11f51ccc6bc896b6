import Dispatch
public import SceneErrors

/// ``DescriptorWatching`` by a libdispatch read or write source on the main queue per descriptor: for a main
/// thread that runs a loop other than ``EventLoop`` (Swift Testing's). Each readiness costs a
/// wake-up of libdispatch's manager thread and then of the main thread.
@MainActor
public final class DispatchDescriptorWatches: DescriptorWatching {
    public init() {}

    /// A cancelled source is unregistered later, on libdispatch's own thread, by descriptor number:
    /// `owner` is released only by the source's cancellation handler, after that.
    public func watch(
        _ descriptor: Int32, for readiness: DescriptorReadiness, owner: (any Sendable)?, handler: @escaping @MainActor () -> Void
    ) throws(EventLoopError) -> any DescriptorWatch {
        let source: any DispatchSourceProtocol =
            switch readiness {
            case .readable: DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            case .writable: DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: .main)
            }
        source.setEventHandler { MainActor.assumeIsolated { handler() } }
        source.setCancelHandler { withExtendedLifetime(owner) {} }
        source.resume()
        return DispatchDescriptorWatch(source: source)
    }

    /// Keeps nothing: each source's handler is a block of its own on the main queue, with no turn
    /// around it, so the caller acts at once.
    public func deferToEndOfTurn(_ action: @escaping @MainActor () -> Void) -> Bool { false }
}

/// A source's watch.
@MainActor
private final class DispatchDescriptorWatch: DescriptorWatch {
    private var source: (any DispatchSourceProtocol)?

    init(source: any DispatchSourceProtocol) { self.source = source }

    func cancel() {
        source?.cancel()
        source = nil
    }
}
