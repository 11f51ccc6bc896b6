// Deliberately not a SceneErrors CodedError (the shape the host's and the renderer's errors share),
// nor a SceneCore-local generic or protocol with default implementations: SceneCore imports no other
// module, and every member below (`code`, `message`, `init(code:message:)`, `description`, the codes)
// is this public type's own symbol in the plugin ABI baseline (Sources/SceneCore/ABI), which
// scripts/check-abi holds it to. So SceneCore's error types keep their own copy of that shape;
// `duplicates` pairs them.

/// A key, modifier or phase name that does not exist: a code to switch on and a message that names
/// the bad value and the names that do exist.
public struct KeyboardInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case unknownKey
            case unknownModifier
            case unknownPhase
        }

        private let value: Value

        /// No key has that name.
        public static let unknownKey = Code(value: .unknownKey)
        /// No modifier has that name.
        public static let unknownModifier = Code(value: .unknownModifier)
        /// No press phase has that name.
        public static let unknownPhase = Code(value: .unknownPhase)

        public var description: String { value.rawValue }
    }

    public let code: Code
    public let message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
