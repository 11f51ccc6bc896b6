public import SceneErrors

/// An error of the main loop: a system call it needs failed (the message names it and the errno).
public typealias EventLoopError = CodedError<EventLoopFailure>

/// The main loop's error domain.
public enum EventLoopFailure: ErrorDomain {}

extension ErrorCode where Domain == EventLoopFailure {
    /// `epoll_create1`, `eventfd` or `epoll_ctl` failed: out of descriptors or memory, or a
    /// descriptor that epoll cannot watch (a regular file) or that is closed.
    public static var system: Self { Self("System") }
}
