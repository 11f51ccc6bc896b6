/// An AT-SPI enumeration that a client sends as a `u`: the wire value is the raw value.
protocol AtspiWireEnumeration: RawRepresentable<UInt32> {
    /// The message for a wire value that is no case: it names `value` and the values that are.
    static func unknownWireValue(_ value: UInt32) -> String
}

extension AtspiWireEnumeration {
    /// The case for wire value `value`.
    ///
    /// - Throws: ``AccessibilityError`` (`InvalidArgument`) with ``unknownWireValue(_:)``'s message
    ///   when `value` is no case.
    init(wire value: UInt32) throws(AccessibilityError) {
        guard let known = Self(rawValue: value) else { throw .invalidArgument(Self.unknownWireValue(value)) }
        self = known
    }
}
