import Glibc
internal import CDBus

/// A message waiting for the end of the method call being answered: Swift-built wire bytes, or a
/// libdbus message (anything that is not flat and basic).
enum HeldMessage {
    case wire([UInt8])
    case message(BusMessage)
}

extension BusConnection {
    /// Sends what was held while a method call was answered: its Swift-built reply first, then
    /// the signals in the order they were emitted. Consecutive Swift-built messages leave in one
    /// write, so the bus daemon reads the reply and the call's signals together instead of being
    /// woken once per message. A send that fails now (the bus went away meanwhile) is dropped, as
    /// it would have failed when emitted.
    func releaseHeldMessages() {
        guard !heldReplies.isEmpty || !heldSignals.isEmpty else { return }
        var run = heldReplies
        let signals = heldSignals
        heldReplies.removeAll(keepingCapacity: true)
        heldSignals.removeAll(keepingCapacity: true)
        for item in signals {
            switch item {
            case .wire(let bytes):
                run.append(bytes)
            case .message(let message):
                sendWire(run)
                run.removeAll(keepingCapacity: true)
                _ = try? send(message)
            }
        }
        sendWire(run)
    }

    /// Sends Swift-built messages, in order: straight to the socket in one write when libdbus has
    /// nothing queued before them (the common case), otherwise through libdbus's queue behind
    /// what it holds. Nothing happens after disconnection.
    func sendWire<Messages: Collection<[UInt8]>>(_ messages: Messages) {
        guard isConnected, !messages.isEmpty else { return }
        if writeDirectly(messages) { return }
        for bytes in messages {
            guard let message = try? BusMessage(wireBytes: bytes) else { continue }
            _ = try? send(message)
        }
    }

    /// Writes `messages` to the connection's socket when nothing else is queued before them.
    ///
    /// Returns false, having written nothing, when libdbus has outgoing messages, the connection
    /// has no socket, or the socket takes no byte right now (the caller then queues through
    /// libdbus). Once part of the batch is written the rest must follow before anything else, so
    /// a full socket is waited for (the bus daemon reads continuously); a socket that stays full
    /// for 30 s, or fails, is shut down, and libdbus reports the disconnection as usual.
    private func writeDirectly<Messages: Collection<[UInt8]>>(_ messages: Messages) -> Bool {
        guard dbus_connection_has_messages_to_send(raw) == 0 else { return false }
        var socket: Int32 = -1
        guard dbus_connection_get_socket(raw, &socket) != 0, socket >= 0 else { return false }
        let batch: [UInt8]
        if messages.count == 1, let only = messages.first {
            batch = only
        } else {
            var joined: [UInt8] = []
            joined.reserveCapacity(messages.reduce(0) { $0 + $1.count })
            for bytes in messages { joined.append(contentsOf: bytes) }
            batch = joined
        }
        return batch.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var written = 0
            var waited = 0
            while written < buffer.count {
                let count = Glibc.send(socket, base + written, buffer.count - written, Int32(MSG_NOSIGNAL))
                if count > 0 {
                    written += count
                    continue
                }
                let failure = errno
                if count < 0 && failure == EINTR { continue }
                if count < 0 && (failure == EAGAIN || failure == EWOULDBLOCK) {
                    if written == 0 { return false }
                    var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                    if poll(&descriptor, 1, 1_000) == 0 { waited += 1 }
                    if waited < 30 { continue }
                }
                // The stream now holds part of a message: nothing can follow it. End the connection.
                shutdown(socket, Int32(SHUT_RDWR))
                return true
            }
            return true
        }
    }
}
