import SceneLoop
import Glibc
internal import CDBus

/// The transport role of a ``BusConnection``: the libdbus connection, its socket, the main-loop
/// integration (``ConnectionLoop``) and the outgoing queue.
///
/// Every message a connection sends leaves through here, in the order it was sent, whichever way it
/// was built:
///
/// ```
///  Swift-built wire bytes ─┐                       ┌─► send(2) straight to the socket, together,
///  libdbus message ────────┼─► OutgoingQueue ──────┤   only while libdbus holds nothing unwritten
///  method call + reply ────┘   (in send order)     └─► dbus_connection_send(_with_reply): libdbus
///                                                      writes it, only once every byte before it left
/// ```
///
/// Nothing waits for the socket: what it does not take now stays queued, and a write-readiness source
/// on the main queue resumes writing when it can take more (``pump()``). A queued libdbus message is
/// given a serial from DBusKit's range when it is queued (so ``send(_:)`` can return it at once);
/// messages libdbus gets directly keep libdbus's numbering.
///
/// On a bus connection libdbus is told to route `org.freedesktop.DBus.Peer` calls to DBusKit
/// (`dbus_connection_set_route_peer_messages`), so libdbus never writes anything of its own behind
/// this queue's back. On a peer-to-peer connection libdbus still answers `Peer` itself during
/// dispatch, so the connection is not dispatched while bytes wait here (``mayDispatch``).
///
/// Main actor only, like the connection.
@MainActor
final class BusTransport {
    /// A message handed to libdbus when its turn comes.
    enum HandOff {
        /// A message libdbus writes (a libdbus-built signal, reply or error, or a call expecting none).
        case message(BusMessage)
        /// A method call whose reply libdbus tracks; `attach` receives the pending call (or `nil` when
        /// libdbus refused it: the connection is gone).
        case call(BusMessage, timeout: Int32, attach: @MainActor (OpaquePointer?) -> Void)
    }

    let raw: OpaquePointer
    let loop: ConnectionLoop
    /// The main loop's watches, asked to write at the end of its turn what was sent outside this
    /// connection's own callbacks.
    private let watches: any DescriptorWatching
    /// Whether a pump waits for the end of the main loop's turn.
    private var pumpsAtEndOfTurn = false
    /// Whether libdbus routes `Peer` calls with a destination to DBusKit (bus connections).
    let routesPeerMessages: Bool
    private var queue = OutgoingQueue<HandOff>()
    /// The serial of the next message numbered by DBusKit (Swift-built, or libdbus-built and queued).
    /// libdbus numbers the messages it is given unnumbered from 1 up and keeps the serial a message
    /// already has, so these come from the upper half of the range: a collision would need 2^31
    /// messages from libdbus first, and even then concerns only messages nobody answers by serial, or
    /// a call whose reply is matched by libdbus against the one call in flight with that serial.
    private var nextSerial: UInt32 = 0x8000_0000
    /// Set once a write failed: the stream may hold part of a message, so nothing more is written.
    private(set) var isBroken = false
    /// Set while the socket refused bytes and the loop waits for it to take more: sends only queue.
    private var isWaitingForSocket = false
    /// What the output did (see ``OutputStatistics``); `queuedBytes` is read from the queue.
    private var counters = OutputStatistics()
    /// The most bytes that waited since the socket was last full (reported when they drain).
    private var spellPeak: Int?
    /// Told when the socket becomes full and when what waited has drained, on the main actor.
    var onBackpressure: (@MainActor (OutputBackpressure) -> Void)?

    /// The output's counters now.
    var statistics: OutputStatistics {
        var statistics = counters
        statistics.queuedBytes = queue.byteCount
        return statistics
    }

    init(raw: OpaquePointer, isBusConnection: Bool, watches: any DescriptorWatching) {
        self.raw = raw
        self.loop = ConnectionLoop(connection: raw, watches: watches)
        self.watches = watches
        self.routesPeerMessages = isBusConnection
        if isBusConnection {
            dbus_connection_set_route_peer_messages(raw, 1)
        }
    }

    /// Hands out serials for DBusKit-numbered messages, wrapping within the upper half.
    func takeSerial() -> UInt32 {
        defer { nextSerial = nextSerial == .max ? 0x8000_0000 : nextSerial + 1 }
        return nextSerial
    }

    // MARK: Sending

    /// Whether messages are waiting to be written: in this queue, or in libdbus's own.
    var hasPendingOutput: Bool {
        !queue.isEmpty || dbus_connection_has_messages_to_send(raw) != 0
    }

    /// Bytes waiting in this queue (not counting what libdbus holds).
    var queuedByteCount: Int { queue.byteCount }

    /// Whether the socket holds part of a message whose rest waits in this queue.
    var hasPartialMessage: Bool { queue.hasPartialMessage }

    /// The connection's socket, while it has one.
    var socketDescriptor: Int32? {
        var socket: Int32 = -1
        guard dbus_connection_get_socket(raw, &socket) != 0, socket >= 0 else { return nil }
        return socket
    }

    /// Whether libdbus may dispatch now: always on a bus connection; on a peer-to-peer one only while
    /// nothing waits here (libdbus would write its `Peer` answers in front of, or into, queued bytes).
    var mayDispatch: Bool { routesPeerMessages || queue.isEmpty }

    /// Queues the wire bytes of a Swift-built message. They are written gathered with what else was
    /// sent meanwhile: at the end of the current callback of this connection, or else at the end of
    /// the main loop's turn (a reply to a call a scene process answered, with the signals of its
    /// turn: one `send` instead of one each), or at once outside both.
    func send(wire bytes: [UInt8]) {
        guard !isBroken else { return }
        queue.append(bytes: bytes)
        counters.messageCount += 1
        noteQueued()
        guard !loop.isInCallback, !isWaitingForSocket, !pumpsAtEndOfTurn else { return }
        if watches.deferToEndOfTurn({ [self] in pumpAtEndOfTurn() }) {
            pumpsAtEndOfTurn = true
        } else {
            pump()
        }
    }

    private func pumpAtEndOfTurn() {
        pumpsAtEndOfTurn = false
        if !isWaitingForSocket { pump() }
    }

    /// Sends a libdbus message in order with everything sent before it; returns its serial.
    func send(_ message: BusMessage) throws -> UInt32 {
        guard queue.isEmpty else {
            let serial = takeSerial()
            dbus_message_set_serial(message.raw, serial)
            message.seal()
            queue.append(handOff: .message(message))
            return serial
        }
        var serial: UInt32 = 0
        guard dbus_connection_send(raw, message.raw, &serial) != 0 else {
            throw LibDBus.outOfMemory("sending \(message)")
        }
        message.seal()
        return serial
    }

    /// Sends a method call whose reply libdbus tracks. `attach` runs with the pending call once the
    /// call is handed to libdbus: now when nothing waits before it, otherwise when its turn comes
    /// (always on the main actor, and never after the connection is gone: then with `nil`).
    func send(call message: BusMessage, timeout: Int32, attach: @escaping @MainActor (OpaquePointer?) -> Void) throws {
        guard queue.isEmpty else {
            dbus_message_set_serial(message.raw, takeSerial())
            message.seal()
            queue.append(handOff: .call(message, timeout: timeout, attach: attach))
            return
        }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(raw, message.raw, &pending, timeout) != 0 else {
            throw LibDBus.outOfMemory("calling \(message)")
        }
        message.seal()
        attach(pending)
    }

    /// Moves queued messages on as far as the socket and libdbus allow, without waiting: bytes are
    /// written while libdbus holds nothing unwritten, hand-offs go to libdbus once the bytes before
    /// them are out. When the socket is full, the loop is asked to call again once it is writable;
    /// when libdbus holds messages, its own write watch drains them and the loop calls again after.
    func pump() {
        isWaitingForSocket = false
        defer { noteDrained() }
        while !queue.isEmpty, !isBroken {
            if let handOff = queue.popHandOff() {
                handOver(handOff)
                continue
            }
            guard dbus_connection_has_messages_to_send(raw) == 0 else { return }
            guard let socket = socketDescriptor else {
                // No socket (closed): nothing queued can leave any more.
                discardQueue()
                return
            }
            switch queue.writeLeadingBytes({ bytes in
                let outcome = Self.write(bytes, to: socket)
                if case .wrote = outcome { counters.writeCount += 1 }
                return outcome
            }) {
            case .done:
                continue
            case .blocked:
                isWaitingForSocket = true
                if spellPeak == nil {
                    spellPeak = queue.byteCount
                    counters.socketFullCount += 1
                    onBackpressure?(.socketFull(queuedBytes: queue.byteCount))
                }
                loop.waitForWritable()
                return
            case .failed:
                // The stream may now hold part of a message: nothing can follow it. Ending the socket
                // lets libdbus notice the disconnection and report it as usual.
                isBroken = true
                discardQueue()
                shutdown(socket, Int32(SHUT_RDWR))
                return
            }
        }
    }

    /// Records the bytes waiting now in the peaks.
    private func noteQueued() {
        let waiting = queue.byteCount
        counters.peakQueuedBytes = max(counters.peakQueuedBytes, waiting)
        if let peak = spellPeak, waiting > peak { spellPeak = waiting }
    }

    /// After a pump: a spell of a full socket ends once nothing waits.
    private func noteDrained() {
        guard let peak = spellPeak, queue.byteCount == 0 else { return }
        spellPeak = nil
        onBackpressure?(.drained(peakBytes: peak))
    }

    private func handOver(_ handOff: HandOff) {
        switch handOff {
        case .message(let message):
            _ = dbus_connection_send(raw, message.raw, nil)
        case .call(let message, let timeout, let attach):
            var pending: OpaquePointer?
            if dbus_connection_send_with_reply(raw, message.raw, &pending, timeout) == 0 {
                pending = nil
            }
            attach(pending)
        }
    }

    /// Drops what is queued (the connection is gone); calls waiting for their turn learn it.
    func discardQueue() {
        for case .call(_, _, let attach) in queue.removeAll() {
            attach(nil)
        }
    }

    /// Writes `bytes` with one `send` (no `SIGPIPE`), retrying when interrupted.
    private static func write(_ bytes: UnsafeRawBufferPointer, to socket: Int32) -> OutgoingQueue<HandOff>.WriteOutcome {
        while true {
            let count = Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count > 0 { return .wrote(count) }
            let failure = errno
            if count < 0 && failure == EINTR { continue }
            if count < 0 && (failure == EAGAIN || failure == EWOULDBLOCK) { return .wouldBlock }
            return .failed(count == 0 ? EPIPE : failure)
        }
    }

    /// Whether the socket would take more bytes now (so what is served next leaves at once).
    var socketIsWritable: Bool {
        guard let socket = socketDescriptor else { return false }
        var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLOUT) != 0
    }

    // MARK: Blocking flush

    /// Blocks until everything queued here and in libdbus is written, the connection fails, or
    /// `timeout` passes; returns whether everything was written. For command-line tools and tests;
    /// a service uses ``BusConnection/close(flushingWithin:then:)`` instead.
    func flushBlocking(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            pump()
            if isBroken || dbus_connection_get_is_connected(raw) == 0 { return !hasPendingOutput }
            if !hasPendingOutput { return true }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            let milliseconds = Int32(clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            if dbus_connection_has_messages_to_send(raw) != 0 {
                // libdbus writes its own queue; reading meanwhile only queues incoming messages.
                _ = dbus_connection_read_write(raw, milliseconds)
            } else {
                guard let socket = socketDescriptor else { return false }
                var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, milliseconds)
            }
        }
    }
}
