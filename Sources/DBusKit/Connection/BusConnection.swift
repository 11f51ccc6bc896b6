public import SceneLoop
import Dispatch
internal import CDBus

/// A connection to a D-Bus message bus (or peer), driven by the main run loop.
///
/// Everything about a connection happens on the main actor: incoming method calls, signal
/// handlers, reply continuations and disconnect notifications all run there, one at a time, in
/// the order libdbus dispatches them (arrival order). The process must therefore keep the main
/// queue serviced: `RunLoop.main.run()` in a daemon (preferred on Linux, as it keeps the main
/// actor on the process's main thread), `dispatchMain()`, or an async `main`/Swift Testing,
/// which drain the main queue while awaiting.
///
/// ```swift
/// let connection = try await BusConnection.connect(to: .session)
/// let reply = try await connection.call(destination: .bus, path: "/org/freedesktop/DBus",
///                                       interface: .bus, member: "ListNames")
/// ```
///
/// A connection is a facade over three roles, each its own type with its own contract:
///
/// - transport, ``BusTransport`` (`Transport/`): opening the libdbus connection, the socket and its
///   main-loop integration, and the outgoing queue every message leaves through, in send order,
///   never waiting for the socket;
/// - object registry, ``ObjectRegistry`` (`Export/`): what is exported (objects, subtrees, object
///   managers), what may be exported (its `check…` methods throw what ``export(_:at:)`` documents),
///   and what is read from it (introspection, properties);
/// - method dispatch, ``MethodDispatcher`` (`Dispatch/`): incoming calls queued per sender and served
///   in turn (``FairQueue``), looked up in the registry, answered through the transport, with the
///   standard interfaces.
///
/// The connection itself keeps the client side (calls awaiting replies, signal subscriptions, name
/// tracking: `BusConnection+Calls`, `+Signals`, `+Names`), routes what arrives (`+Incoming`) and owns
/// the lifecycle (`+Closing`).
///
/// libdbus is told not to exit the process when the bus goes away
/// (`dbus_connection_set_exit_on_disconnect(false)`); instead ``isConnected`` becomes `false`,
/// outstanding calls fail with ``BusError/Code-swift.struct/disconnected`` and
/// ``disconnectHandler`` runs. Close the connection explicitly with ``close()``, or let the last
/// reference go, which closes it too.
@MainActor
public final class BusConnection {
    /// Where this connection goes.
    public let endpoint: BusEndpoint
    /// Whether this is libdbus's shared connection for the endpoint or a private one.
    public let sharing: Sharing
    /// The unique name the bus assigned (`:1.N`), or `nil` on a peer-to-peer connection. Set before
    /// ``connect(to:sharing:)`` returns.
    public private(set) var uniqueName: BusName?
    /// `false` once ``close()`` was called or the bus went away. Sending then throws
    /// ``BusError/Code-swift.struct/disconnected``.
    public internal(set) var isConnected = true

    /// Runs on the main actor when the connection is lost without ``close()`` having been
    /// called, after outstanding calls have failed. The connection cannot be reused; make a new
    /// one.
    public var disconnectHandler: (@MainActor (BusConnection) -> Void)?

    /// Runs when this connection stops owning a well-known name (the bus's `NameLost` signal),
    /// for example because another connection replaced it.
    public var nameLostHandler: (@MainActor (BusName) -> Void)?
    /// Runs when this connection becomes the primary owner of a well-known name (the bus's
    /// `NameAcquired` signal), including names that were queued and granted later.
    public var nameAcquiredHandler: (@MainActor (BusName) -> Void)?
    /// The well-known names this connection currently owns, as reported by the bus.
    public internal(set) var ownedNames: Set<BusName> = []

    /// The socket, the libdbus connection, the outgoing queue and the main-loop integration.
    let transport: BusTransport
    /// The exported objects.
    let registry = ObjectRegistry()
    /// Incoming method calls: the fair queue and the answers.
    let dispatcher: MethodDispatcher
    let router: MessageRouter
    var inFlight: [ObjectIdentifier: PendingReply] = [:]
    var subscriptions: [MatchSubscription] = []
    var nameOwners: [BusName: NameOwnerTracking] = [:]
    /// Run once when the connection is lost or closed (see ``waitUntilUnowned(_:timeout:)``).
    var disconnectWaiters: [ObjectIdentifier: @MainActor () -> Void] = [:]
    /// Set once the connection is closed or shut down; nothing is done twice.
    var isClosed = false
    /// Set by ``close(flushingWithin:then:)`` while what was sent is still being written.
    var closing: (deadline: ContinuousClock.Instant, completion: @MainActor () -> Void)?

    var raw: OpaquePointer { transport.raw }

    /// How incoming method calls are shared out between senders (see ``DispatchPolicy``).
    public var dispatchPolicy: DispatchPolicy {
        get { dispatcher.policy }
        set { dispatcher.policy = newValue }
    }

    /// Live shared connections, so every `.shared` request for one libdbus connection gets
    /// the same object (and the run-loop integration is installed once).
    static var sharedConnections: [UInt: WeakConnection] = [:]

    struct WeakConnection {
        weak var connection: BusConnection?
    }

    /// Connects to `endpoint`, registers with the bus (except for `.peer`), and integrates the
    /// connection with the main run loop.
    ///
    /// The socket connection, authentication and `Hello` round trips run on a thread of their own
    /// (``BlockingThread``), which alone uses the connection until it is registered: the main actor
    /// serves everything else meanwhile, however slow the bus is to answer, and however busy the
    /// main actor is, the bus's answers are read as they come. Only the integration with the run
    /// loop happens on the main actor.
    ///
    /// - Parameters:
    ///   - endpoint: The bus or peer to connect to.
    ///   - sharing: `.private` (default) for a connection of its own; `.shared` to use (and
    ///     share within the process) libdbus's shared connection for the endpoint.
    ///   - watches: serves the socket: the process's main loop (`scene-host`'s `EventLoop`, which
    ///     its main thread runs), or by default a libdispatch source per socket.
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/connectionFailed`` naming
    ///   the endpoint and libdbus's reason (no such socket, authentication refused, malformed
    ///   address, no session bus address set).
    public static func connect(
        to endpoint: BusEndpoint = .session, sharing: Sharing = .private, watches: (any DescriptorWatching)? = nil
    ) async throws -> BusConnection {
        _ = LibDBus.threadsInitialized
        guard case .address(let address) = endpoint, sharing == .private else {
            // The session and system buses, peers and shared connections: libdbus connects and
            // registers, on a thread of their own.
            let opened = await BlockingThread.run { () -> Result<(UInt, BusName?), any Error> in
                Result {
                    let raw = try BusTransport.open(endpoint, sharing: sharing)
                    return (UInt(bitPattern: raw), Self.registeredName(of: raw))
                }
            }
            let (bits, name) = try opened.get()
            return try adopt(OpaquePointer(bitPattern: bits)!, endpoint: endpoint, sharing: sharing, uniqueName: name, watches: watches)
        }
        // A private connection to a bus by address: connected and registered on a thread of its own,
        // without libdbus's process-wide lock (see BusTransport.openRegistered).
        let opened = await BlockingThread.run { () -> Result<(UInt, BusName), any Error> in
            Result {
                let (raw, name) = try BusTransport.openRegistered(address: address)
                return (UInt(bitPattern: raw), name)
            }
        }
        let (bits, name) = try opened.get()
        return try adopt(OpaquePointer(bitPattern: bits)!, endpoint: endpoint, sharing: sharing, uniqueName: name, watches: watches)
    }

    /// The unique name libdbus registered `raw` with (any thread; nil for a peer connection).
    private nonisolated static func registeredName(of raw: OpaquePointer) -> BusName? {
        dbus_bus_get_unique_name(raw).map { BusName(unchecked: String(cString: $0)) }
    }

    /// Connects like ``connect(to:sharing:)``, blocking the calling thread (the main actor) for the
    /// socket connection, authentication and `Hello` round trips.
    ///
    /// For command-line tools and start-up code, where nothing else waits to be served. A service
    /// that is already serving connects with the `async` variant.
    public static func connectBlocking(
        to endpoint: BusEndpoint = .session, sharing: Sharing = .private, watches: (any DescriptorWatching)? = nil
    ) throws -> BusConnection {
        _ = LibDBus.threadsInitialized
        let raw = try BusTransport.open(endpoint, sharing: sharing)
        return try adopt(raw, endpoint: endpoint, sharing: sharing, uniqueName: registeredName(of: raw), watches: watches)
    }

    /// Wraps an opened libdbus connection (whose reference it takes over), or returns the live object
    /// already wrapping libdbus's shared connection.
    private static func adopt(
        _ raw: OpaquePointer, endpoint: BusEndpoint, sharing: Sharing, uniqueName: BusName?, watches: (any DescriptorWatching)?
    ) throws
        -> BusConnection
    {
        if sharing == .shared, let existing = sharedConnections[UInt(bitPattern: raw)]?.connection,
            existing.isConnected
        {
            dbus_connection_unref(raw)
            return existing
        }
        let connection: BusConnection
        do {
            connection = try BusConnection(
                raw: raw, endpoint: endpoint, sharing: sharing, uniqueName: uniqueName, watches: watches ?? DispatchDescriptorWatches())
        } catch {
            if sharing == .private {
                dbus_connection_close(raw)
            }
            dbus_connection_unref(raw)
            throw error
        }
        if sharing == .shared {
            sharedConnections[UInt(bitPattern: raw)] = WeakConnection(connection: connection)
        }
        return connection
    }

    private init(
        raw: OpaquePointer, endpoint: BusEndpoint, sharing: Sharing, uniqueName: BusName?, watches: any DescriptorWatching
    ) throws {
        self.endpoint = endpoint
        self.sharing = sharing
        self.uniqueName = uniqueName
        let isBusConnection: Bool
        if case .peer = endpoint { isBusConnection = false } else { isBusConnection = true }
        self.transport = BusTransport(raw: raw, isBusConnection: isBusConnection, watches: watches)
        self.dispatcher = MethodDispatcher(transport: transport, registry: registry)
        self.router = MessageRouter(connection: raw)
        router.connection = self
        try router.install()
        do {
            try transport.loop.install(owner: self)
        } catch {
            router.uninstall()
            throw error
        }
    }

    isolated deinit {
        shutDown()
        dbus_connection_unref(raw)
    }

    /// Throws ``BusError/Code-swift.struct/disconnected`` naming `operation` when the
    /// connection is no longer usable.
    func ensureConnected(_ operation: @autoclosure () -> String) throws {
        if !isConnected {
            throw LibDBus.disconnectedError(operation())
        }
    }

    /// Whether Unix file descriptors can be sent on this connection (`h` values).
    public var canPassUnixFDs: Bool {
        dbus_connection_can_send_type(raw, TypeCode.unixFD) != 0
    }

    /// Queues `message` for sending without waiting for a reply, and returns its serial.
    ///
    /// The message is sealed afterwards. It goes out in order with everything sent before it on this
    /// connection, as soon as the socket accepts it (see ``BusTransport``); nothing waits for the
    /// socket.
    ///
    /// - Throws: ``BusError/Code-swift.struct/disconnected`` after disconnection;
    ///   ``BusError/Code-swift.struct/invalidValue`` when the message carries file descriptors
    ///   the connection cannot pass.
    @discardableResult
    public func send(_ message: BusMessage) throws -> UInt32 {
        try ensureConnected("send \(message)")
        try checkUnixFDs(message)
        return try transport.send(message)
    }

    func checkUnixFDs(_ message: BusMessage) throws {
        if message.containsUnixFDs && !canPassUnixFDs {
            throw BusError(
                code: .invalidValue,
                name: .invalidArgs,
                message: "\(message) carries Unix file descriptors, but this connection cannot pass them; "
                    + "connect over a Unix socket to send 'h' values"
            )
        }
    }

    /// What this connection's output did: bytes waiting for the socket now, the most that ever
    /// waited, and how often the socket was full.
    public var outputStatistics: OutputStatistics { transport.statistics }

    /// Runs on the main actor when the socket becomes full (the peer does not read) and again when
    /// what waited has been written. Nothing blocks meanwhile: messages wait in order.
    public var outputBackpressureHandler: (@MainActor (OutputBackpressure) -> Void)? {
        get { transport.onBackpressure }
        set { transport.onBackpressure = newValue }
    }

    /// Blocks the calling thread until every message sent on this connection has been written to the
    /// socket, the connection fails, or `timeout` passes; returns whether everything was written.
    ///
    /// For command-line tools, before they exit. A service must not block its main thread on a
    /// socket: it closes with ``close(flushingWithin:then:)`` instead.
    @discardableResult
    public func flush(timeout: Duration = .seconds(25)) -> Bool {
        guard isConnected else {
            return false
        }
        return transport.flushBlocking(timeout: timeout)
    }
}
