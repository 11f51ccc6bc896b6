internal import CDBus

extension BusMessage {
    /// The four D-Bus message types.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A request to run a method; answered by a method return or an error.
        case methodCall
        /// A successful reply.
        case methodReturn
        /// An error reply.
        case error
        /// A broadcast or unicast notification with no reply.
        case signal

        /// The name used in match rules: `method_call`, `method_return`, `error`, `signal`.
        public var description: String {
            switch self {
            case .methodCall: return "method_call"
            case .methodReturn: return "method_return"
            case .error: return "error"
            case .signal: return "signal"
            }
        }

        var rawType: Int32 {
            switch self {
            case .methodCall: return DBUS_MESSAGE_TYPE_METHOD_CALL
            case .methodReturn: return DBUS_MESSAGE_TYPE_METHOD_RETURN
            case .error: return DBUS_MESSAGE_TYPE_ERROR
            case .signal: return DBUS_MESSAGE_TYPE_SIGNAL
            }
        }
    }

    /// The message type. libdbus never produces any other type.
    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: return .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: return .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: return .error
        default: return .signal
        }
    }

    // The header fields below wrap libdbus's strings unchecked. That is safe for bytes off the
    // wire: libdbus validates every header field of a message it parses (the path, interface,
    // member, error, sender and destination fields, DBUS_VALIDATION_MODE_DATA_IS_UNTRUSTED) and
    // drops the connection of a peer that sends an invalid one, `BusMessage(wireBytes:)` goes
    // through the same validation, and messages built here take typed, validated names.

    /// The object path header: the target of a method call or the emitter of a signal.
    public var path: ObjectPath? {
        dbus_message_get_path(raw).map { ObjectPath(validated: String(cString: $0)) }
    }

    /// The interface header of a method call or signal.
    public var interface: InterfaceName? {
        dbus_message_get_interface(raw).map { InterfaceName(validated: String(cString: $0)) }
    }

    /// The member header: the method or signal name.
    public var member: MemberName? {
        dbus_message_get_member(raw).map { MemberName(validated: String(cString: $0)) }
    }

    /// The error name of an error reply.
    public var errorName: ErrorName? {
        dbus_message_get_error_name(raw).map { ErrorName(validated: String(cString: $0)) }
    }

    /// The unique name of the sending connection, set by the bus daemon on delivery.
    public var sender: BusName? {
        dbus_message_get_sender(raw).map { BusName(validated: String(cString: $0)) }
    }

    /// The destination header: a unique or well-known name, or `nil` for broadcast signals.
    public var destination: BusName? {
        dbus_message_get_destination(raw).map { BusName(validated: String(cString: $0)) }
    }

    /// The body signature; empty when the message has no arguments.
    public var signature: Signature {
        Signature(uncheckedComposite: dbus_message_get_signature(raw).map { String(cString: $0) } ?? "")
    }

    /// The serial number the sending connection assigned, or 0 before the message is sent.
    public var serial: UInt32 {
        dbus_message_get_serial(raw)
    }

    /// For a method return or error, the serial of the call it answers; otherwise 0.
    public var replySerial: UInt32 {
        dbus_message_get_reply_serial(raw)
    }

    /// Whether the caller asked not to be answered. Setting it on a sealed message has no effect.
    public var noReplyExpected: Bool {
        get { dbus_message_get_no_reply(raw) != 0 }
        set {
            if !isSealed {
                dbus_message_set_no_reply(raw, newValue ? 1 : 0)
            }
        }
    }

    /// Whether the bus may start the destination service to deliver a method call (default
    /// `true`). Setting it on a sealed message has no effect.
    public var autoStart: Bool {
        get { dbus_message_get_auto_start(raw) != 0 }
        set {
            if !isSealed {
                dbus_message_set_auto_start(raw, newValue ? 1 : 0)
            }
        }
    }

    /// For an error reply, its first string argument (the human-readable message), if any.
    public var errorMessage: String? {
        guard kind == .error else {
            return nil
        }
        return try? read { reader in
            reader.nextSignature == .string ? try reader.readString() : nil
        }
    }

    /// For an error reply, the error as a ``BusError`` with code
    /// ``BusError/Code-swift.struct/remote``; otherwise `nil`.
    public var remoteError: BusError? {
        guard kind == .error, let name = errorName else {
            return nil
        }
        return BusError(code: .remote, name: name, message: errorMessage ?? "")
    }

    /// Whether the message's interface and member are `interface` and `member`.
    public func isMember(_ member: MemberName, of interface: InterfaceName) -> Bool {
        let matchesInterface = interface.rawValue.withCString { dbus_message_has_interface(raw, $0) } != 0
        return matchesInterface && member.rawValue.withCString { dbus_message_has_member(raw, $0) } != 0
    }
}

extension BusMessage: CustomStringConvertible {
    /// A one-line summary such as `signal /org/x org.x.Iface.Member (tos) from :1.4`.
    public var description: String {
        var parts: [String] = [kind.description]
        if let path { parts.append(path.rawValue) }
        switch (interface, member) {
        case (let interface?, let member?): parts.append("\(interface).\(member)")
        case (nil, let member?): parts.append(member.rawValue)
        default: break
        }
        if let errorName { parts.append(errorName.rawValue) }
        parts.append("(\(signature))")
        if let sender { parts.append("from \(sender)") }
        if let destination { parts.append("to \(destination)") }
        if serial != 0 { parts.append("serial \(serial)") }
        if replySerial != 0 { parts.append("reply to \(replySerial)") }
        return parts.joined(separator: " ")
    }
}

extension BusMessage {
    /// Sets the destination header of an unsealed message.
    func setDestination(_ destination: BusName) {
        guard !isSealed else { return }
        _ = destination.rawValue.withCString { dbus_message_set_destination(raw, $0) }
    }
}
