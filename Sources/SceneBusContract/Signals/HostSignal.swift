public import DBusKit

/// One signal of `org.scenehost.Host1`, decoded with its arguments named as in the XML contract.
///
/// Signals the catalog knows are read with typed accessors (the hot path of `watch`); any other
/// signal, or one whose signature differs from the catalog, keeps its values with the names
/// `arg0`, `arg1`, … (and `seq` for a leading `t`), so a newer host still shows up.
public struct HostSignal: Sendable, Equatable {
    /// The member name, e.g. `Touch`.
    public var name: String
    public var arguments: [(name: String, value: SignalValue)]

    public init(name: String, arguments: [(name: String, value: SignalValue)]) {
        self.name = name
        self.arguments = arguments
    }

    public static func == (lhs: HostSignal, rhs: HostSignal) -> Bool {
        lhs.name == rhs.name && lhs.arguments.elementsEqual(rhs.arguments) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The value of the argument called `name`.
    public subscript(name: String) -> SignalValue? {
        arguments.first { $0.name == name }?.value
    }

    /// The host's sequence number, when the first argument is `seq`.
    public var seq: UInt64? {
        guard let first = arguments.first, first.name == "seq", case .unsigned(let value) = first.value else { return nil }
        return value
    }

    /// Decodes a received signal.
    public init(_ message: BusMessage) {
        name = message.member?.rawValue ?? "?"
        let signature = message.signature.rawValue
        if let shape = SignalCatalog.shapes[name], shape.signature == signature,
            let values = try? message.read({ reader in try Self.read(shape, &reader) })
        {
            arguments = values
            return
        }
        let values = (try? message.read { reader in try reader.readAll() }) ?? []
        arguments = values.enumerated().map { index, value in
            let converted = Self.convert(value)
            if index == 0, case .unsigned = converted { return (name: "seq", value: converted) }
            return (name: "arg\(index)", value: converted)
        }
    }

    private static func read(_ shape: SignalCatalog.Shape, _ reader: inout MessageReader) throws -> [(name: String, value: SignalValue)] {
        var values: [(name: String, value: SignalValue)] = []
        values.reserveCapacity(shape.arguments.count)
        for (name, type) in shape.arguments {
            let value: SignalValue
            switch type {
            case "t": value = .unsigned(try reader.readUInt64())
            case "u": value = .unsigned(UInt64(try reader.readUInt32()))
            case "d": value = .double(try reader.readDouble())
            case "o": value = .path(try reader.readObjectPath().rawValue)
            case "b": value = .bool(try reader.readBool())
            default: value = .string(try reader.readString())
            }
            values.append((name: name, value: value))
        }
        return values
    }

    private static func convert(_ value: BusValue) -> SignalValue {
        switch value {
        case .byte(let v): .unsigned(UInt64(v))
        case .uint16(let v): .unsigned(UInt64(v))
        case .uint32(let v): .unsigned(UInt64(v))
        case .uint64(let v): .unsigned(v)
        case .int16(let v): .signed(Int64(v))
        case .int32(let v): .signed(Int64(v))
        case .int64(let v): .signed(v)
        case .double(let v): .double(v)
        case .bool(let v): .bool(v)
        case .string(let v): .string(v)
        case .objectPath(let v): .path(v.rawValue)
        case .variant(let inner): convert(inner)
        default: .other("\(value)")
        }
    }
}
