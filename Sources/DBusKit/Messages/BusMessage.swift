internal import CDBus

/// One D-Bus message: a method call, a method return, an error or a signal.
///
/// `BusMessage` owns one libdbus reference and releases it when it goes away. A message is
/// *sealed* once it has been sent or when it was received: its headers and body can still be
/// read, but writing to it throws ``BusError`` with code
/// ``BusError/Code-swift.struct/invalidState``.
///
/// A message is not `Sendable`: build, send and read it on one isolation domain (DBusKit
/// delivers received messages on the main actor). Copy out what you need, for example
/// ``arguments``, to hand it elsewhere.
public final class BusMessage {
    let raw: OpaquePointer
    /// Set once the message was sent or received; libdbus aborts on writes to such messages.
    private(set) var isSealed: Bool

    /// Takes over one reference to `raw`.
    init(adopting raw: OpaquePointer, sealed: Bool) {
        self.raw = raw
        self.isSealed = sealed
    }

    /// Adds a reference to `raw` (for messages libdbus lends to a callback).
    init(retaining raw: OpaquePointer) {
        self.raw = dbus_message_ref(raw)
        self.isSealed = true
    }

    deinit {
        dbus_message_unref(raw)
    }

    /// Marks the message as sent; libdbus locks messages when they are queued.
    func seal() {
        isSealed = true
    }

    // MARK: Factories

    /// A method call to `member` on the object at `path` owned by `destination`.
    ///
    /// - Parameters:
    ///   - destination: The bus name to send to; `nil` only on peer-to-peer connections.
    ///   - interface: The interface of `member`; `nil` lets the receiver pick the first match,
    ///     which is ambiguous and discouraged.
    public static func methodCall(
        destination: BusName?,
        path: ObjectPath,
        interface: InterfaceName?,
        member: MemberName
    ) -> BusMessage {
        let raw = path.rawValue.withCString { path in
            member.rawValue.withCString { member in
                withOptionalCString(destination?.rawValue) { destination in
                    withOptionalCString(interface?.rawValue) { interface in
                        dbus_message_new_method_call(destination, path, interface, member)
                    }
                }
            }
        }
        return BusMessage(adopting: LibDBus.allocated(raw, "a method call"), sealed: false)
    }

    /// The successful reply to `call`, addressed to its sender with its serial as reply serial.
    public static func methodReturn(replyingTo call: BusMessage) -> BusMessage {
        BusMessage(adopting: LibDBus.allocated(dbus_message_new_method_return(call.raw), "a method return"), sealed: false)
    }

    /// The error reply to `call` carrying `error`'s name and message.
    public static func error(replyingTo call: BusMessage, _ error: BusError) -> BusMessage {
        let text = error.message.contains("\0") ? error.message.replacingNULs() : error.message
        let raw = error.name.rawValue.withCString { name in
            text.withCString { text in
                dbus_message_new_error(call.raw, name, text)
            }
        }
        return BusMessage(adopting: LibDBus.allocated(raw, "an error reply"), sealed: false)
    }

    /// A signal `interface.member` emitted from the object at `path`.
    public static func signal(path: ObjectPath, interface: InterfaceName, member: MemberName) -> BusMessage {
        let raw = path.rawValue.withCString { path in
            interface.rawValue.withCString { interface in
                member.rawValue.withCString { member in
                    dbus_message_new_signal(path, interface, member)
                }
            }
        }
        return BusMessage(adopting: LibDBus.allocated(raw, "a signal"), sealed: false)
    }

    // MARK: Body

    /// Appends values to the body with a ``MessageWriter``.
    ///
    /// On any error, containers that `body` left open are abandoned and the error is rethrown;
    /// the values appended before the failure stay in the body, so discard the message.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidState`` when the
    ///   message is sealed or `body` left containers open; anything the writer or `body` throws.
    public func write(_ body: (inout MessageWriter) throws -> Void) throws {
        guard !isSealed else {
            throw BusError(
                code: .invalidState,
                name: .failed,
                message: "cannot write to the \(kind) message: it was already sent or received; create a new message"
            )
        }
        try withExtendedLifetime(self) {
            try IteratorStack.withInlineStorage { storage in
                var writer = MessageWriter(message: raw, inlineStorage: storage)
                do {
                    try body(&writer)
                    try writer.finish()
                } catch {
                    writer.abandonOpenContainers()
                    throw error
                }
            }
        }
    }

    /// Appends `values` to the body.
    public func append(_ values: [BusValue]) throws {
        try write { writer in
            try writer.append(contentsOf: values)
        }
    }

    /// Reads the body from the start with a ``MessageReader``.
    public func read<T>(_ body: (inout MessageReader) throws -> T) throws -> T {
        try withExtendedLifetime(self) {
            try IteratorStack.withInlineStorage { storage in
                var reader = MessageReader(message: raw, inlineStorage: storage)
                return try body(&reader)
            }
        }
    }

    /// The whole body decoded as values, in order.
    ///
    /// Decoding a message that libdbus accepted cannot fail; an empty array is returned for an
    /// empty body. Each access decodes again, so keep the result when using it repeatedly.
    public var arguments: [BusValue] {
        (try? read { reader in try reader.readAll() }) ?? []
    }

    /// Whether the body carries Unix file descriptors.
    public var containsUnixFDs: Bool {
        dbus_message_contains_unix_fds(raw) != 0
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else {
        return body(nil)
    }
    return string.withCString(body)
}

extension String {
    /// The string with NUL characters replaced by U+FFFD, for text that must pass through C.
    func replacingNULs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
    }
}
