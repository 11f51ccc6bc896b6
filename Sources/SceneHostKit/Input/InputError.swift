/// Bad scripted input: the code says which rule was broken and the message names the bad value.
/// Nothing is delivered for input that fails validation.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        private init(_ name: String) { self.name = name }

        /// A coordinate or duration is NaN, infinite or out of range.
        public static let invalidValue = Code("InvalidValue")
        /// A move, up or cancel names a slot that is not down.
        public static let unknownSlot = Code("UnknownSlot")
        /// A down names a slot that is already down.
        public static let slotInUse = Code("SlotInUse")
        /// More simultaneous touches, samples or script time than the configured limits allow.
        public static let limitExceeded = Code("LimitExceeded")
        /// A phase or subtype name that does not exist.
        public static let invalidName = Code("InvalidName")
        /// The window or view named does not exist.
        public static let noSuchTarget = Code("NoSuchTarget")

        public var description: String { name }
    }

    public let code: Code
    public let message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
