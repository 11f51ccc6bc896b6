internal import CDBus

extension MatchRule {
    /// The string and object-path arguments of a message, decoded once per message and only
    /// when some rule tests arguments.
    struct ArgumentSnapshot {
        var strings: [Int: String] = [:]
        var paths: [Int: String] = [:]

        init(_ message: BusMessage, upTo lastIndex: Int) {
            _ = try? message.read { reader in
                var index = 0
                while index <= lastIndex && !reader.isAtEnd {
                    switch reader.nextTypeCode {
                    case TypeCode.string:
                        strings[index] = try reader.readString()
                    case TypeCode.objectPath:
                        paths[index] = try reader.readObjectPath().rawValue
                    default:
                        try reader.skip()
                    }
                    index += 1
                }
            }
        }
    }

    var testsArguments: Bool {
        !arguments.isEmpty || !argumentPaths.isEmpty || arg0Namespace != nil
    }

    var lastTestedArgument: Int {
        max(arguments.keys.max() ?? 0, argumentPaths.keys.max() ?? 0)
    }

    /// Whether `message` satisfies the rule, evaluated the way dbus-daemon does.
    ///
    /// - Parameters:
    ///   - ownerOf: The current unique owner of a well-known name, as tracked by the connection.
    ///   - snapshot: Decoded arguments shared between the rules tested against one message.
    func matches(
        _ message: BusMessage,
        ownerOf: (BusName) -> BusName?,
        snapshot: inout ArgumentSnapshot?
    ) -> Bool {
        let raw = message.raw
        if let kind, dbus_message_get_type(raw) != kind.rawType {
            return false
        }
        if let sender {
            let expected: BusName
            if sender.isUnique || sender == .bus {
                expected = sender
            } else if let owner = ownerOf(sender) {
                expected = owner
            } else {
                return false
            }
            if expected.rawValue.withCString({ dbus_message_has_sender(raw, $0) }) == 0 {
                return false
            }
        }
        if let interface, interface.rawValue.withCString({ dbus_message_has_interface(raw, $0) }) == 0 {
            return false
        }
        if let member, member.rawValue.withCString({ dbus_message_has_member(raw, $0) }) == 0 {
            return false
        }
        if let path, path.rawValue.withCString({ dbus_message_has_path(raw, $0) }) == 0 {
            return false
        }
        if let pathNamespace {
            guard let messagePath = message.path, messagePath.isDescendant(ofOrEqualTo: pathNamespace) else {
                return false
            }
        }
        if let destination, destination.rawValue.withCString({ dbus_message_has_destination(raw, $0) }) == 0 {
            return false
        }
        guard testsArguments else {
            return true
        }
        if snapshot == nil {
            snapshot = ArgumentSnapshot(message, upTo: max(lastTestedArgument, 0))
        }
        let values = snapshot!
        for (index, expected) in arguments where values.strings[index] != expected {
            return false
        }
        for (index, expected) in argumentPaths {
            guard let actual = values.strings[index] ?? values.paths[index],
                MatchRule.pathArgumentMatches(actual, expected)
            else {
                return false
            }
        }
        if let arg0Namespace {
            guard let first = values.strings[0],
                first == arg0Namespace || first.hasPrefix(arg0Namespace + ".")
            else {
                return false
            }
        }
        return true
    }

    /// `argNpath` semantics: equal, or one ends with `/` and is a prefix of the other.
    static func pathArgumentMatches(_ actual: String, _ expected: String) -> Bool {
        if actual == expected {
            return true
        }
        if expected.hasSuffix("/") && actual.hasPrefix(expected) {
            return true
        }
        return actual.hasSuffix("/") && expected.hasPrefix(actual)
    }
}
