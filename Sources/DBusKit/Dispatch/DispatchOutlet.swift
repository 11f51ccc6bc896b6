/// Where a ``MethodDispatcher`` sends what it answers, and how it asks for another round: a bus
/// connection's ``BusTransport``, or a ``LocalObjectServer``'s outbox. Main actor.
@MainActor
protocol DispatchOutlet: AnyObject {
    /// A serial for a message built in Swift (never 0).
    func takeSerial() -> UInt32
    /// Sends the wire bytes of a message built in Swift, in order with everything else sent.
    func send(wire bytes: [UInt8])
    /// Sends a libdbus-built message, in order with everything else sent; returns its serial.
    @discardableResult
    func send(_ message: BusMessage) throws -> UInt32
    /// Whether something sent is not written yet.
    var hasPendingOutput: Bool { get }
    /// Whether what is sent next leaves at once.
    var socketIsWritable: Bool { get }
    /// How many bytes wait to be written.
    var queuedByteCount: Int { get }
    /// Asks for another dispatch round soon (on a later turn of the main loop).
    func scheduleTurn()
}

/// What a ``MethodDispatcher`` serves calls for: a ``BusConnection`` or a ``LocalObjectServer``.
@MainActor
protocol DispatchHost: AnyObject {
    /// The bus connection, when the calls come from a bus (a ``MethodCall``'s ``MethodCall/connection``).
    var busConnection: BusConnection? { get }
    /// Hands a signal the dispatcher held behind a sender's calls to its subscribers.
    func deliverSignal(_ message: BusMessage)
    /// Emits `PropertiesChanged` after a `Properties.Set` that changed a property announcing it.
    func emitPropertiesChanged(path: ObjectPath, interface: InterfaceName, properties names: [MemberName]) throws
    /// Takes a registration off (``ObjectRegistration/unexport()``).
    func unexport(_ registration: ObjectRegistration)
}

extension BusTransport: DispatchOutlet {
    func scheduleTurn() {
        loop.scheduleTurn()
    }
}

extension BusConnection: DispatchHost {
    var busConnection: BusConnection? { self }
}
