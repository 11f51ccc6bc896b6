// Deliberately not a SceneErrors CodedError (the shape the host's and the renderer's errors share),
// nor a SceneCore-local generic or protocol with default implementations: SceneCore imports no other
// module, and every member below (`code`, `message`, `init(code:message:)`, `description`, the codes)
// is this public type's own symbol in the plugin ABI baseline (Sources/SceneCore/ABI), which
// scripts/check-abi holds it to. So SceneCore's error types keep their own copy of that shape;
// `duplicates` pairs them.

/// Why bytes or pixels could not become an ``Image``: a code to switch on and a message that names
/// the bad value and the fix.
public struct ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. A struct of static constants so that codes can be added without breaking
    /// exhaustive switches in clients.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case notPNG
            case truncated
            case badDimensions
            case pixelCountMismatch
        }

        private let value: Value

        /// The bytes do not start with the PNG signature.
        public static let notPNG = Code(value: .notPNG)
        /// The PNG ends before its image header (IHDR) does.
        public static let truncated = Code(value: .truncated)
        /// Width or height is zero, negative or above ``Image/maximumDimension``.
        public static let badDimensions = Code(value: .badDimensions)
        /// The pixel array does not hold width × height pixels.
        public static let pixelCountMismatch = Code(value: .pixelCountMismatch)

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
