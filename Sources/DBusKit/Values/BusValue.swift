/// Any D-Bus value, with enough type information to marshal it exactly, including empty
/// containers.
///
/// Arrays and dictionaries carry their element signatures explicitly, so an empty `as` and an
/// empty `ai` stay distinct and round-trip unchanged. Structs carry their fields in order and a
/// variant carries one inner value (whose own ``signature`` becomes the variant's contents).
///
/// For hot paths that emit many messages, write values straight into a ``MessageWriter``
/// instead of building `BusValue` arrays.
public enum BusValue: Sendable, Hashable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case bool(Bool)
    /// `n`
    case int16(Int16)
    /// `q`
    case uint16(UInt16)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`: marshalling throws if the string contains a NUL character.
    case string(String)
    /// `o`
    case objectPath(ObjectPath)
    /// `g`
    case signature(Signature)
    /// `h`: a file descriptor number.
    ///
    /// When appended to a message, libdbus duplicates the descriptor; the caller keeps
    /// ownership of the one it passed. A decoded `unixFD` is a fresh duplicate owned by whoever
    /// decoded it, who must `close` it.
    case unixFD(Int32)
    /// `aT`: elements that must all have signature `element`.
    case array(element: Signature, [BusValue])
    /// `a{KV}`: entries whose keys have signature `key` (a basic type) and whose values have
    /// signature `value`. Entry order is preserved.
    case dictionary(key: Signature, value: Signature, [DictionaryEntry])
    /// `(…)`: one or more fields.
    case structure([BusValue])
    /// `v`: a value together with its own signature.
    indirect case variant(BusValue)

    /// One key/value pair of a ``BusValue/dictionary(key:value:_:)``.
    public struct DictionaryEntry: Sendable, Hashable {
        /// The key; a basic value.
        public var key: BusValue
        /// The value.
        public var value: BusValue

        /// Creates an entry.
        public init(_ key: BusValue, _ value: BusValue) {
            self.key = key
            self.value = value
        }
    }
}

extension BusValue {
    /// The value's complete D-Bus type, e.g. `a{sv}` for a string-to-variant dictionary.
    ///
    /// Basic values return shared constants and do not allocate. For containers the signature
    /// is computed from the declared element types (arrays, dictionaries) or the fields
    /// (structs); it is not validated here, marshalling checks it.
    public var signature: Signature {
        switch self {
        case .byte: return .byte
        case .bool: return .bool
        case .int16: return .int16
        case .uint16: return .uint16
        case .int32: return .int32
        case .uint32: return .uint32
        case .int64: return .int64
        case .uint64: return .uint64
        case .double: return .double
        case .string: return .string
        case .objectPath: return .objectPath
        case .signature: return .signature
        case .unixFD: return .unixFD
        case .variant: return .variant
        case .array(let element, _):
            return Signature(uncheckedComposite: "a" + element.rawValue)
        case .dictionary(let key, let value, _):
            return Signature(uncheckedComposite: "a{" + key.rawValue + value.rawValue + "}")
        case .structure(let fields):
            return Signature(uncheckedComposite: "(" + fields.map(\.signature.rawValue).joined() + ")")
        }
    }

    /// `a{sv}` built from pairs, each value wrapped in a variant: the shape of D-Bus property
    /// maps and option dictionaries.
    public static func variantDictionary(_ pairs: [(String, BusValue)]) -> BusValue {
        .dictionary(
            key: .string,
            value: .variant,
            pairs.map { DictionaryEntry(.string($0.0), .variant($0.1)) }
        )
    }

    /// `as` built from strings.
    public static func stringArray(_ strings: [String]) -> BusValue {
        .array(element: .string, strings.map(BusValue.string))
    }
}

extension Signature {
    /// A signature assembled from parts that may exceed the limits; only marshalling checks it.
    init(uncheckedComposite rawValue: String) {
        self.rawValue = rawValue
    }
}
