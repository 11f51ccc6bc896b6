// Deliberately not a SceneErrors CodedError (the shape the host's and the renderer's errors share),
// nor a SceneCore-local generic or protocol with default implementations: SceneCore imports no other
// module, and every member below (`code`, `message`, `init(code:message:)`, `description`, the codes)
// is this public type's own symbol in the plugin ABI baseline (Sources/SceneCore/ABI), which
// scripts/check-abi holds it to. So SceneCore's error types keep their own copy of that shape;
// `duplicates` pairs them.

/// An error from the application model: a code to switch on and a message that names the bad value
/// and the fix.
public struct ApplicationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. A struct of static constants so that codes can be added without breaking
    /// exhaustive switches in clients.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case duplicateSceneName
            case invalidSceneName
            case invalidSceneSize
        }

        private let value: Value

        /// A scene with that name is already connected.
        public static let duplicateSceneName = Code(value: .duplicateSceneName)
        /// The scene name is empty or has characters outside `[A-Za-z0-9_-]`.
        public static let invalidSceneName = Code(value: .invalidSceneName)
        /// A scene size is not finite and above 0, or is outside the scene's size restrictions [LY-10].
        public static let invalidSceneSize = Code(value: .invalidSceneSize)

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
