// Deliberately not a SceneErrors CodedError (the shape the host's and the renderer's errors share),
// nor a SceneCore-local generic or protocol with default implementations: SceneCore imports no other
// module, and every member below (`code`, `message`, `init(code:message:)`, `description`, the codes)
// is this public type's own symbol in the plugin ABI baseline (Sources/SceneCore/ABI), which
// scripts/check-abi holds it to. So SceneCore's error types keep their own copy of that shape;
// `duplicates` pairs them.

/// Why a text edit was refused (nothing was changed): a code to switch on and a message that names
/// the bad value and the fix.
public struct TextEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case offsetOutOfRange
            case invalidCharacter
            case notEditable
        }

        private let value: Value

        /// An offset or range lies outside the text.
        public static let offsetOutOfRange = Code(value: .offsetOutOfRange)
        /// The text holds a character a single-line field cannot take (a control character or a
        /// Unicode noncharacter).
        public static let invalidCharacter = Code(value: .invalidCharacter)
        /// The field is disabled.
        public static let notEditable = Code(value: .notEditable)

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
