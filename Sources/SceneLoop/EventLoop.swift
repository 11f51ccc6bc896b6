import CEventLoop
import Glibc
public import SceneErrors

/// The main loop of `scene-host` and of a scene process: one `epoll` on the main thread that waits
/// for the descriptors watched through it and for the main dispatch queue at once, and calls their
/// handlers there.
///
/// A readable descriptor wakes the main thread directly. Through a libdispatch read source it woke
/// libdispatch's manager thread first, which queued the handler on the main queue and woke the main
/// thread in turn: two wake-ups per packet, the floor of a scene process's round trip (issue 26, §6).
/// The main dispatch queue — Swift's main actor, `DispatchQueue.main`, the sources still on
/// libdispatch (timers, D-Bus watches, signals) — is served as CoreFoundation's run loop serves
/// it: its wake-up descriptor is in the epoll set, and the loop runs its blocks when it is readable.
/// So the process must never call `dispatchMain()`, and nothing else may run `RunLoop.main`.
///
/// A *turn* is one wait and the handlers of what it found, in the order epoll reported it; the
/// caller's `endOfTurn` runs after each, then the actions deferred to the turn's end
/// (``deferToEndOfTurn(_:)``: DBusKit writes what a turn sent to a bus in one `send`). Main actor
/// only; watches are added and cancelled at once (no other thread holds the descriptor), so a
/// descriptor can be closed right after its watch is cancelled.
@MainActor
public final class EventLoop: DescriptorWatching {
    private let epoll: Int32
    private let wake: Int32
    private let onWake: @MainActor () -> Void
    private var watches: [UInt64: Registration] = [:]
    private var nextToken: UInt64 = 1
    private var tokens = [UInt64](repeating: 0, count: Int(CEVENTLOOP_BATCH))
    private var events = [UInt32](repeating: 0, count: Int(CEVENTLOOP_BATCH))
    private var phase = Phase.waiting
    /// What runs once the turn's handlers and `endOfTurn` have, in the order it was deferred.
    private var deferred: [@MainActor () -> Void] = []

    /// Whether a turn is running (its handlers, `endOfTurn` or its deferred actions) or the loop is
    /// between turns (waiting, or not running at all).
    private enum Phase {
        case waiting
        case running
    }
    /// The token of the wake-up descriptor.
    private static let wakeToken: UInt64 = 0

    private struct Registration {
        let descriptor: Int32
        let handler: @MainActor () -> Void
        let owner: (any Sendable)?
    }

    /// The loop of this process's main thread, serving the main dispatch queue.
    public static func servingMainQueue() throws(EventLoopError) -> EventLoop {
        try EventLoop(wake: _dispatch_get_main_queue_handle_4CF()) {
            _dispatch_main_queue_callback_4CF(nil)
        }
    }

    /// A loop that calls `onWake` whenever the eventfd `wake` is signalled (after emptying it). The
    /// main queue's loop is ``servingMainQueue()``; a test gives an eventfd of its own.
    public init(wake: Int32, onWake: @escaping @MainActor () -> Void) throws(EventLoopError) {
        let epoll = ceventloop_create()
        guard epoll >= 0 else { throw Self.failure("epoll_create1") }
        guard ceventloop_add(epoll, wake, UInt32(CEVENTLOOP_READABLE), Self.wakeToken) == 0 else {
            let error = Self.failure("epoll_ctl(ADD) of the main queue's wake-up descriptor \(wake)")
            close(epoll)
            throw error
        }
        self.epoll = epoll
        self.wake = wake
        self.onWake = onWake
    }

    deinit {
        close(epoll)
    }

    /// Adds `descriptor` to the epoll set now (level-triggered); see ``DescriptorWatching``. Fails
    /// for a descriptor epoll cannot watch (closed, a regular file, one already watched here).
    public func watch(
        _ descriptor: Int32, for readiness: DescriptorReadiness, owner: (any Sendable)?, handler: @escaping @MainActor () -> Void
    ) throws(EventLoopError) -> any DescriptorWatch {
        let token = nextToken
        nextToken += 1
        let events = readiness == .readable ? CEVENTLOOP_READABLE : CEVENTLOOP_WRITABLE
        guard ceventloop_add(epoll, descriptor, UInt32(events), token) == 0 else {
            throw Self.failure("epoll_ctl(ADD) of descriptor \(descriptor)")
        }
        watches[token] = Registration(descriptor: descriptor, handler: handler, owner: owner)
        return EventLoopWatch(loop: self, token: token)
    }

    /// Removes the watch `token` from the epoll set (at once) and drops its handler and owner.
    fileprivate func cancel(_ token: UInt64) {
        guard let registration = watches.removeValue(forKey: token) else { return }
        _ = ceventloop_remove(epoll, registration.descriptor)
        withExtendedLifetime(registration.owner) {}
    }

    /// How many descriptors are watched (the main queue's wake-up not counted).
    public var watchCount: Int { watches.count }

    /// One turn: waits at most `timeout` milliseconds (-1: until something is ready), then runs the
    /// main queue's blocks if it was woken and each ready watch's handler, in the order epoll
    /// reported them (a watch cancelled by an earlier handler of the turn is skipped). Returns how
    /// many it ran (0 after the timeout, or when a signal interrupted the wait). Blocks the handlers
    /// queue on the main queue run in the next turn: a scene process's reply leaves before a
    /// plugin's action that a block runs, which may hang or crash.
    @discardableResult
    public func runTurn(timeout: Int32) -> Int {
        let ran = serveTurn(timeout: timeout)
        finishTurn()
        return ran
    }

    /// Runs `action` when the current turn ends: after its handlers and `endOfTurn`, before the loop
    /// waits again, after the actions deferred before it (an action may defer another: it runs in
    /// the same turn). Returns `false`, keeping nothing, when no turn is running (before
    /// ``run(endOfTurn:until:)`` starts): the caller then acts at once.
    public func deferToEndOfTurn(_ action: @escaping @MainActor () -> Void) -> Bool {
        guard phase == .running else { return false }
        deferred.append(action)
        return true
    }

    /// Waits and runs the ready handlers; the turn stays running until ``finishTurn()``.
    @discardableResult
    private func serveTurn(timeout: Int32) -> Int {
        let count = tokens.withUnsafeMutableBufferPointer { tokens in
            events.withUnsafeMutableBufferPointer { events in
                ceventloop_wait(epoll, tokens.baseAddress, events.baseAddress, timeout)
            }
        }
        phase = .running
        guard count > 0 else { return 0 }
        var ran = 0
        for index in 0..<Int(count) {
            let token = tokens[index]
            if token == Self.wakeToken {
                _ = ceventloop_drain(wake)
                onWake()
                ran += 1
            } else if let registration = watches[token] {
                registration.handler()
                ran += 1
            }
        }
        return ran
    }

    /// Runs turns until `isDone` is true, checked after each turn and its `endOfTurn` (where UIKit
    /// commits layout, before the run loop sleeps [LY-5]). The main queue is served first, once:
    /// blocks queued before the loop ran.
    public func run(endOfTurn: @MainActor () -> Void = {}, until isDone: @MainActor () -> Bool) {
        phase = .running
        onWake()
        endOfTurn()
        finishTurn()
        while !isDone() {
            serveTurn(timeout: -1)
            endOfTurn()
            finishTurn()
        }
    }

    /// Runs the deferred actions, those they defer included, and ends the turn.
    private func finishTurn() {
        while !deferred.isEmpty {
            let actions = deferred
            deferred.removeAll(keepingCapacity: true)
            for action in actions { action() }
        }
        phase = .waiting
    }

    private static func failure(_ call: String) -> EventLoopError {
        let number = errno
        return EventLoopError(code: .system, message: "\(call) failed: \(String(cString: strerror(number))) (errno \(number))")
    }
}

/// A descriptor's watch in an ``EventLoop``.
@MainActor
private final class EventLoopWatch: DescriptorWatch {
    private weak var loop: EventLoop?
    private let token: UInt64

    init(loop: EventLoop, token: UInt64) {
        self.loop = loop
        self.token = token
    }

    func cancel() { loop?.cancel(token) }
}
