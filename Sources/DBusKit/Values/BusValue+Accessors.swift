extension BusValue {
    /// The payload of a `.byte`, otherwise `nil`.
    public var byteValue: UInt8? {
        if case .byte(let value) = self { return value }
        return nil
    }

    /// The payload of a `.bool`, otherwise `nil`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The payload of an `.int16`, otherwise `nil`.
    public var int16Value: Int16? {
        if case .int16(let value) = self { return value }
        return nil
    }

    /// The payload of a `.uint16`, otherwise `nil`.
    public var uint16Value: UInt16? {
        if case .uint16(let value) = self { return value }
        return nil
    }

    /// The payload of an `.int32`, otherwise `nil`.
    public var int32Value: Int32? {
        if case .int32(let value) = self { return value }
        return nil
    }

    /// The payload of a `.uint32`, otherwise `nil`.
    public var uint32Value: UInt32? {
        if case .uint32(let value) = self { return value }
        return nil
    }

    /// The payload of an `.int64`, otherwise `nil`.
    public var int64Value: Int64? {
        if case .int64(let value) = self { return value }
        return nil
    }

    /// The payload of a `.uint64`, otherwise `nil`.
    public var uint64Value: UInt64? {
        if case .uint64(let value) = self { return value }
        return nil
    }

    /// The payload of a `.double`, otherwise `nil`.
    public var doubleValue: Double? {
        if case .double(let value) = self { return value }
        return nil
    }

    /// The payload of a `.string`, otherwise `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The payload of an `.objectPath`, otherwise `nil`.
    public var objectPathValue: ObjectPath? {
        if case .objectPath(let value) = self { return value }
        return nil
    }

    /// The payload of a `.signature`, otherwise `nil`.
    public var signatureValue: Signature? {
        if case .signature(let value) = self { return value }
        return nil
    }

    /// The elements of an `.array`, otherwise `nil`.
    public var arrayElements: [BusValue]? {
        if case .array(_, let elements) = self { return elements }
        return nil
    }

    /// The entries of a `.dictionary`, otherwise `nil`.
    public var dictionaryEntries: [DictionaryEntry]? {
        if case .dictionary(_, _, let entries) = self { return entries }
        return nil
    }

    /// The fields of a `.structure`, otherwise `nil`.
    public var structFields: [BusValue]? {
        if case .structure(let fields) = self { return fields }
        return nil
    }

    /// The inner value of a `.variant`, otherwise `nil`.
    public var variantValue: BusValue? {
        if case .variant(let inner) = self { return inner }
        return nil
    }

    /// For a dictionary with string keys (such as `a{sv}`), the value stored under `key`;
    /// a variant value is unwrapped. `nil` when absent or not such a dictionary.
    public subscript(key: String) -> BusValue? {
        guard case .dictionary(_, _, let entries) = self else {
            return nil
        }
        for entry in entries where entry.key == .string(key) {
            if case .variant(let inner) = entry.value {
                return inner
            }
            return entry.value
        }
        return nil
    }
}
