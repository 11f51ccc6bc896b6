internal import CDBus

extension BusMessage {
    /// A message from its wire bytes (as ``marshalled()`` returns them, or as read from a socket);
    /// libdbus validates them completely. The message is sealed (read-only).
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidValue`` carrying
    ///   libdbus's reason (for example "Message is corrupted (Bad serial)") when the bytes are not
    ///   a valid message.
    public convenience init(wireBytes: [UInt8]) throws {
        let raw = try BusMessage.demarshal(wireBytes)
        self.init(adopting: raw, sealed: true)
    }

    /// The message as sent on the wire (header, padding, body), little-endian. An unsent message
    /// has serial 0 there.
    public func marshalled() throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var length: Int32 = 0
        guard dbus_message_marshal(raw, &buffer, &length) != 0, let buffer else {
            throw LibDBus.outOfMemory("marshalling \(self)")
        }
        defer { dbus_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// A copy to send again: the same headers and body, serial 0 (the sending connection gives it
    /// one), writable. For messages made elsewhere and forwarded.
    func unsentCopy() throws -> BusMessage {
        guard let copy = dbus_message_copy(raw) else { throw LibDBus.outOfMemory("copying \(self)") }
        return BusMessage(adopting: copy, sealed: false)
    }

    /// Gives the message `serial` unless it has one (a message about to be marshalled for sending
    /// elsewhere: libdbus refuses to read a message with serial 0).
    func assignSerialIfNone(_ serial: UInt32) {
        if dbus_message_get_serial(raw) == 0 { dbus_message_set_serial(raw, serial) }
    }

    /// The message as sent on the wire, with `serial` unless it has one already (for a message
    /// that another process reads with ``init(wireBytes:)``, which refuses serial 0).
    public func marshalled(serial: UInt32) throws -> [UInt8] {
        assignSerialIfNone(serial)
        return try marshalled()
    }

    /// One header field of a message built from bytes.
    enum WireField {
        case path(ObjectPath)
        case interface(InterfaceName)
        case member(MemberName)
        case errorName(ErrorName)
        case replySerial(UInt32)
        case destination(BusName)
    }

    /// Message types on the wire.
    enum WireType: UInt8 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// The wire bytes of a message built in Swift from `fields` and a basic body, unchecked by
    /// libdbus: every part is valid by construction (typed names, a ``BasicBodyWriter`` body, which
    /// refuses NUL in strings), so they go to a connection's socket as they are, or through
    /// ``init(wireBytes:)`` to libdbus.
    ///
    /// `serial` must not be 0 (libdbus refuses such a message, and a connection keeps the serial a
    /// message already has): see ``BusConnection`` for where these serials come from. The flags are
    /// those libdbus gives signals and replies: no reply expected.
    static func prebuiltWire(_ type: WireType, serial: UInt32, fields: [WireField], body: BasicBodyWriter) -> [UInt8] {
        var header = WireBuffer(capacity: 128 + body.body.count)
        header.byte(UInt8(ascii: "l"))
        header.byte(type.rawValue)
        header.byte(UInt8(DBUS_HEADER_FLAG_NO_REPLY_EXPECTED))
        header.byte(1)
        header.uint32(UInt32(body.body.count))
        header.uint32(serial)
        let lengthOffset = header.count
        header.uint32(0)
        let fieldsStart = header.count
        func field(_ code: Int32, _ signature: UInt8, _ write: (inout WireBuffer) -> Void) {
            header.pad(to: 8)
            header.byte(UInt8(code))
            header.signature(CollectionOfOne(signature))
            write(&header)
        }
        for item in fields {
            switch item {
            case .path(let path): field(DBUS_HEADER_FIELD_PATH, UInt8(ascii: "o")) { $0.string(path.rawValue.utf8) }
            case .interface(let name): field(DBUS_HEADER_FIELD_INTERFACE, UInt8(ascii: "s")) { $0.string(name.rawValue.utf8) }
            case .member(let name): field(DBUS_HEADER_FIELD_MEMBER, UInt8(ascii: "s")) { $0.string(name.rawValue.utf8) }
            case .errorName(let name): field(DBUS_HEADER_FIELD_ERROR_NAME, UInt8(ascii: "s")) { $0.string(name.rawValue.utf8) }
            case .replySerial(let serial): field(DBUS_HEADER_FIELD_REPLY_SERIAL, UInt8(ascii: "u")) { $0.uint32(serial) }
            case .destination(let name): field(DBUS_HEADER_FIELD_DESTINATION, UInt8(ascii: "s")) { $0.string(name.rawValue.utf8) }
            }
        }
        if !body.signature.isEmpty {
            field(DBUS_HEADER_FIELD_SIGNATURE, UInt8(ascii: "g")) { $0.signature(body.signature) }
        }
        header.patchUInt32(UInt32(header.count - fieldsStart), at: lengthOffset)
        header.pad(to: 8)
        header.append(contentsOf: body.body.bytes)
        return header.bytes
    }

    private static func demarshal(_ bytes: [UInt8]) throws -> OpaquePointer {
        try LibDBus.call("cannot read a message from its \(bytes.count) wire bytes", code: .invalidValue) { error in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    dbus_message_demarshal(chars.baseAddress, Int32(chars.count), error)
                }
            }
        }
    }
}
