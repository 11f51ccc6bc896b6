/// A validated D-Bus type signature such as `a{sv}` or `(tosdd)`: zero or more complete types.
///
/// Valid signatures follow the D-Bus type grammar: at most 255 bytes, at most 32 nested arrays,
/// at most 32 nested structs and dict entries together, dict entries only directly inside an
/// array with a basic key type, and no empty structs. A message body signature is a `Signature`
/// with any number of complete types; a variant holds a value whose signature is exactly one
/// complete type (see ``isSingleCompleteType``).
public struct Signature: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The signature as sent on the wire.
    public let rawValue: String

    /// Validates `rawValue` against the D-Bus signature grammar.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidSignature`` whose
    ///   message quotes the signature, names the offset of the problem and the rule it broke.
    public init(_ rawValue: String) throws {
        if let problem = SignatureGrammar.problem(in: rawValue) {
            throw Signature.error(rawValue, problem)
        }
        self.rawValue = rawValue
    }

    /// Wraps a signature the caller knows to be valid, such as one read from a received message.
    ///
    /// Debug builds still check it with `assert`.
    public init(unchecked rawValue: String) {
        assert(SignatureGrammar.problem(in: rawValue) == nil, "invalid signature '\(rawValue)'")
        self.rawValue = rawValue
    }

    /// Creates a signature from a literal; an invalid literal is a programmer error and traps.
    ///
    /// Swift also uses this initializer for `Signature("literal")`, so `try Signature("…")`
    /// with a literal argument traps instead of throwing; validate runtime strings by passing a
    /// `String` value.
    public init(stringLiteral value: String) {
        if let problem = SignatureGrammar.problem(in: value) {
            preconditionFailure("'\(value)' is not a valid D-Bus signature: \(problem)")
        }
        self.rawValue = value
    }

    /// Concatenates signatures into one, e.g. the body signature of several arguments.
    ///
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/invalidSignature`` when the
    ///   result is longer than 255 bytes.
    public init(concatenating parts: [Signature]) throws {
        try self.init(parts.map(\.rawValue).joined())
    }

    static func error(_ value: String, _ problem: String) -> BusError {
        BusError(
            code: .invalidSignature,
            name: .invalidSignature,
            message: "'\(value)' is not a valid D-Bus signature: \(problem). Signatures are sequences of "
                + "complete types such as 'u', 'as', 'a{sv}' or '(tos)', at most 255 bytes."
        )
    }

    /// The signature itself.
    public var description: String {
        rawValue
    }

    /// Whether the signature has no types (the body of a message without arguments).
    public var isEmpty: Bool {
        rawValue.isEmpty
    }

    /// Whether the signature is exactly one complete type, as a variant or array element needs.
    public var isSingleCompleteType: Bool {
        let bytes = Array(rawValue.utf8)
        return !bytes.isEmpty && SignatureGrammar.endOfCompleteType(in: bytes[...], from: 0) == bytes.count
    }

    /// The signature split into its complete types: `"sa{sv}(ii)"` → `["s", "a{sv}", "(ii)"]`.
    public var completeTypes: [Signature] {
        let bytes = Array(rawValue.utf8)
        let boundaries = SignatureGrammar.completeTypeBoundaries(of: bytes)
        return zip(boundaries, boundaries.dropFirst()).map { start, end in
            Signature(unchecked: String(decoding: bytes[start..<end], as: UTF8.self))
        }
    }

    /// For an array type `aT`, the element type `T`; otherwise `nil`.
    public var arrayElement: Signature? {
        guard isSingleCompleteType, rawValue.utf8.first == UInt8(ascii: "a") else {
            return nil
        }
        return Signature(unchecked: String(rawValue.dropFirst()))
    }

    /// For a dictionary type `a{KV}`, the key type `K` and the value type `V`; otherwise `nil`.
    public var dictionaryTypes: (key: Signature, value: Signature)? {
        let bytes = Array(rawValue.utf8)
        guard bytes.count >= 5, bytes[0] == UInt8(ascii: "a"), bytes[1] == UInt8(ascii: "{"),
            isSingleCompleteType
        else {
            return nil
        }
        let key = Signature(unchecked: String(decoding: bytes[2..<3], as: UTF8.self))
        let value = Signature(unchecked: String(decoding: bytes[3..<(bytes.count - 1)], as: UTF8.self))
        return (key, value)
    }

    /// For a struct type `(…)`, the field types; otherwise `nil`.
    public var structFields: [Signature]? {
        guard isSingleCompleteType, rawValue.utf8.first == UInt8(ascii: "(") else {
            return nil
        }
        let inner = Signature(unchecked: String(rawValue.dropFirst().dropLast()))
        return inner.completeTypes
    }
}

extension Signature {
    /// No types.
    public static let empty = Signature(unchecked: "")
    /// `y`, an unsigned 8-bit integer.
    public static let byte = Signature(unchecked: "y")
    /// `b`, a boolean.
    public static let bool = Signature(unchecked: "b")
    /// `n`, a signed 16-bit integer.
    public static let int16 = Signature(unchecked: "n")
    /// `q`, an unsigned 16-bit integer.
    public static let uint16 = Signature(unchecked: "q")
    /// `i`, a signed 32-bit integer.
    public static let int32 = Signature(unchecked: "i")
    /// `u`, an unsigned 32-bit integer.
    public static let uint32 = Signature(unchecked: "u")
    /// `x`, a signed 64-bit integer.
    public static let int64 = Signature(unchecked: "x")
    /// `t`, an unsigned 64-bit integer.
    public static let uint64 = Signature(unchecked: "t")
    /// `d`, an IEEE 754 double.
    public static let double = Signature(unchecked: "d")
    /// `s`, a UTF-8 string without NUL characters.
    public static let string = Signature(unchecked: "s")
    /// `o`, an object path.
    public static let objectPath = Signature(unchecked: "o")
    /// `g`, a type signature.
    public static let signature = Signature(unchecked: "g")
    /// `h`, a Unix file descriptor passed with the message.
    public static let unixFD = Signature(unchecked: "h")
    /// `v`, a variant: a value carrying its own signature.
    public static let variant = Signature(unchecked: "v")

    /// `aT`: an array of `element`.
    ///
    /// Traps when the result breaks the signature limits (a programmer error); build signatures
    /// from untrusted input with ``init(_:)`` instead.
    public static func array(of element: Signature) -> Signature {
        precondition(element.isSingleCompleteType, "array element '\(element)' must be one complete type")
        return Signature(stringLiteral: "a" + element.rawValue)
    }

    /// `a{KV}`: a dictionary (array of dict entries) from `key` to `value`.
    ///
    /// Traps when `key` is not a basic type or the result breaks the signature limits.
    public static func dictionary(key: Signature, value: Signature) -> Signature {
        precondition(value.isSingleCompleteType, "dictionary value '\(value)' must be one complete type")
        return Signature(stringLiteral: "a{" + key.rawValue + value.rawValue + "}")
    }

    /// `(…)`: a struct of `fields`.
    ///
    /// Traps when `fields` is empty or the result breaks the signature limits.
    public static func structure(_ fields: [Signature]) -> Signature {
        Signature(stringLiteral: "(" + fields.map(\.rawValue).joined() + ")")
    }
}
