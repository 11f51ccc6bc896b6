/// An incoming method call, as seen by a handler in a ``MethodDescription``.
///
/// The arguments have already been checked against the method's declared inputs. Read them
/// either decoded (``arguments``) or sequentially with a typed ``MessageReader`` (``read(_:)``),
/// which avoids building ``BusValue``s.
@MainActor
public final class MethodCall {
    /// The call message; its headers and body stay readable for as long as this object lives.
    public let message: BusMessage
    /// The bus connection the call arrived on; nil for a call a ``LocalObjectServer`` received.
    public let connection: BusConnection?
    /// Answers the call.
    let dispatcher: MethodDispatcher
    /// The object path the call was addressed to (for subtrees, the full path).
    public let path: ObjectPath
    /// The interface the method was found in.
    public let interface: InterfaceName
    /// The method name.
    public let member: MemberName
    private var decoded: [BusValue]?

    init(
        message: BusMessage, dispatcher: MethodDispatcher, connection: BusConnection?, path: ObjectPath, interface: InterfaceName,
        member: MemberName
    ) {
        self.message = message
        self.dispatcher = dispatcher
        self.connection = connection
        self.path = path
        self.interface = interface
        self.member = member
    }

    /// The caller's unique bus name (`nil` on peer-to-peer connections).
    public var sender: BusName? {
        message.sender
    }

    /// The arguments, decoded on first access and then cached.
    public var arguments: [BusValue] {
        if let decoded {
            return decoded
        }
        let values = message.arguments
        decoded = values
        return values
    }

    /// Reads the arguments sequentially with typed accessors.
    public func read<T>(_ body: (inout MessageReader) throws -> T) throws -> T {
        try message.read(body)
    }
}
