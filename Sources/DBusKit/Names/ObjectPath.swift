/// A validated D-Bus object path such as `/org/scenehost/SceneHost/window/3`.
///
/// Valid paths are `/` or a `/`-separated sequence of non-empty elements made of
/// `[A-Za-z0-9_]`, without a trailing `/`. Paths have no length limit. Use
/// ``appending(_:)`` to build child paths and ``escapedElement(_:)`` to turn arbitrary
/// identifiers into legal elements.
public struct ObjectPath: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path as sent on the wire.
    public let rawValue: String

    /// The root path, `/`.
    public static let root = ObjectPath(unchecked: "/")

    /// Validates `rawValue` against the D-Bus object path rules.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidName`` whose message
    ///   quotes the path and says which rule it broke.
    public init(_ rawValue: String) throws {
        if let problem = NameRules.objectPathProblem(rawValue) {
            throw NameRules.error(
                kind: "object path",
                value: rawValue,
                problem: problem,
                rule: "Object paths are '/' or '/'-separated non-empty elements of [A-Za-z0-9_] "
                    + "without a trailing '/', e.g. '/org/example/Object1'."
            )
        }
        self.rawValue = rawValue
    }

    /// Wraps a path the caller knows to be valid, such as one read from a received message.
    ///
    /// Debug builds still check it with `assert`. An invalid path passed here makes libdbus
    /// abort the process when it is put into a message.
    public init(unchecked rawValue: String) {
        assert(NameRules.objectPathProblem(rawValue) == nil, "invalid object path '\(rawValue)'")
        self.rawValue = rawValue
    }

    /// Wraps a path that is valid already: one libdbus validated (the header field or a body value of
    /// a message it parsed or built), or the parent of a valid path. Unlike ``init(unchecked:)``, not
    /// even a debug build checks it again: headers are read several times for every call dispatched,
    /// and those checks took 9% of a sanitized host's time.
    init(validated rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a path from a literal; an invalid literal is a programmer error and traps.
    ///
    /// Swift also uses this initializer for `ObjectPath("literal")`, so `try ObjectPath("…")`
    /// with a literal argument traps instead of throwing; validate runtime strings by passing a
    /// `String` value.
    public init(stringLiteral value: String) {
        if let problem = NameRules.objectPathProblem(value) {
            preconditionFailure("'\(value)' is not a valid object path: \(problem)")
        }
        self.rawValue = value
    }

    /// The path itself.
    public var description: String {
        rawValue
    }

    /// Orders paths by their UTF-8 bytes, which lists parents before their children.
    public static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// The path elements, e.g. `["org", "example"]` for `/org/example`; empty for `/`.
    public var elements: [String] {
        rawValue.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The parent path, or `nil` for `/`.
    public var parent: ObjectPath? {
        guard rawValue != "/" else {
            return nil
        }
        let bytes = Array(rawValue.utf8)
        let lastSlash = bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0
        if lastSlash == 0 {
            return .root
        }
        return ObjectPath(validated: String(decoding: bytes[..<lastSlash], as: UTF8.self))
    }

    /// The child path formed by adding one element.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidName`` when `element`
    ///   is empty or contains characters other than `[A-Za-z0-9_]`; escape identifiers with
    ///   ``escapedElement(_:)`` first.
    public func appending(_ element: String) throws -> ObjectPath {
        try ObjectPath(rawValue == "/" ? "/" + element : rawValue + "/" + element)
    }

    /// Whether `self` equals `ancestor` or lies below it.
    public func isDescendant(ofOrEqualTo ancestor: ObjectPath) -> Bool {
        if ancestor.rawValue == "/" || ancestor == self {
            return true
        }
        return rawValue.hasPrefix(ancestor.rawValue + "/")
    }

    /// Turns any string into a legal path element, reversibly: bytes outside `[A-Za-z0-9]`
    /// become `_XX` (two lower-case hex digits), the scheme used by systemd and GLib. The
    /// empty string becomes `_`.
    public static func escapedElement(_ identifier: String) -> String {
        if identifier.isEmpty {
            return "_"
        }
        var result = ""
        for byte in identifier.utf8 {
            let isAlphanumeric =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            if isAlphanumeric {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16)
                result += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
