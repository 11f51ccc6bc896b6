/// A typed D-Bus match rule: which messages a connection wants routed to it, and which of
/// them a ``MatchSubscription`` handler receives.
///
/// Every field left `nil` (or empty) matches anything. The rule is sent to the bus as its
/// textual ``description`` (`type='signal',interface='…',…`) and also evaluated locally, so a
/// handler sees only the messages its own rule selects even when several rules are active.
///
/// ```swift
/// let rule = MatchRule.signal(interface: "org.scenehost.SceneHost1.Touch", member: "Touch")
/// ```
public struct MatchRule: Sendable, Hashable, CustomStringConvertible {
    /// The message type (`type=`).
    public var kind: BusMessage.Kind?
    /// The sender (`sender=`): a unique name, or a well-known name that DBusKit resolves to its
    /// current owner, following ownership changes.
    public var sender: BusName?
    /// The interface (`interface=`).
    public var interface: InterfaceName?
    /// The member (`member=`).
    public var member: MemberName?
    /// The exact object path (`path=`). Cannot be combined with ``pathNamespace``.
    public var path: ObjectPath?
    /// An object path and everything below it (`path_namespace=`). Cannot be combined with
    /// ``path``.
    public var pathNamespace: ObjectPath?
    /// The destination (`destination=`), for unicast messages.
    public var destination: BusName?
    /// String arguments that must be equal (`argN=`), by argument index 0…63.
    public var arguments: [Int: String]
    /// String or object-path arguments that must be equal, or where one ends in `/` and is a
    /// prefix of the other (`argNpath=`), by argument index 0…63.
    public var argumentPaths: [Int: String]
    /// A dotted namespace that the first (string) argument must equal or lie within
    /// (`arg0namespace=`).
    public var arg0Namespace: String?

    /// Creates a rule; see the properties for each field's meaning.
    public init(
        kind: BusMessage.Kind? = nil,
        sender: BusName? = nil,
        interface: InterfaceName? = nil,
        member: MemberName? = nil,
        path: ObjectPath? = nil,
        pathNamespace: ObjectPath? = nil,
        destination: BusName? = nil,
        arguments: [Int: String] = [:],
        argumentPaths: [Int: String] = [:],
        arg0Namespace: String? = nil
    ) {
        self.kind = kind
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.destination = destination
        self.arguments = arguments
        self.argumentPaths = argumentPaths
        self.arg0Namespace = arg0Namespace
    }

    /// A rule for signals, the common case.
    public static func signal(
        sender: BusName? = nil,
        interface: InterfaceName? = nil,
        member: MemberName? = nil,
        path: ObjectPath? = nil,
        pathNamespace: ObjectPath? = nil,
        arguments: [Int: String] = [:]
    ) -> MatchRule {
        MatchRule(
            kind: .signal, sender: sender, interface: interface, member: member, path: path,
            pathNamespace: pathNamespace, arguments: arguments)
    }

    /// The rule in the bus's textual syntax, e.g.
    /// `type='signal',interface='org.example.I',arg0='x'`. Apostrophes in values are written
    /// as `'\''`, the escape the D-Bus specification defines.
    public var description: String {
        var parts: [String] = []
        func add(_ key: String, _ value: String) {
            parts.append("\(key)='\(value.replacingOccurrences(of: "'", with: "'\\''"))'")
        }
        if let kind { add("type", kind.description) }
        if let sender { add("sender", sender.rawValue) }
        if let interface { add("interface", interface.rawValue) }
        if let member { add("member", member.rawValue) }
        if let path { add("path", path.rawValue) }
        if let pathNamespace { add("path_namespace", pathNamespace.rawValue) }
        if let destination { add("destination", destination.rawValue) }
        for index in arguments.keys.sorted() {
            add("arg\(index)", arguments[index]!)
        }
        for index in argumentPaths.keys.sorted() {
            add("arg\(index)path", argumentPaths[index]!)
        }
        if let arg0Namespace { add("arg0namespace", arg0Namespace) }
        return parts.joined(separator: ",")
    }

    /// Throws when the bus would reject the rule.
    func validate() throws {
        if path != nil && pathNamespace != nil {
            throw BusError(
                code: .invalidArguments, name: .matchRuleInvalid,
                message: "the match rule \(self) sets both path and pathNamespace; the bus accepts only one of them")
        }
        let indices = Array(arguments.keys) + Array(argumentPaths.keys)
        if let bad = indices.first(where: { $0 < 0 || $0 > 63 }) {
            throw BusError(
                code: .invalidArguments, name: .matchRuleInvalid,
                message: "the match rule \(self) tests argument \(bad); argument matches take indices 0 to 63")
        }
        for (index, value) in arguments where value.contains("\0") {
            throw BusError(
                code: .invalidArguments, name: .matchRuleInvalid,
                message: "the match rule value for arg\(index) contains a NUL character; remove it")
        }
    }
}

extension String {
    /// The string with every occurrence of `target` replaced by `replacement` (Foundation-free).
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target {
                result += replacement
            } else {
                result.append(character)
            }
        }
        return result
    }
}
