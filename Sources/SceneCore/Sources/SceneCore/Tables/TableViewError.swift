// Deliberately SceneCore's own copy of the error shape (see ApplicationError.swift for why SceneCore's
// error types do not share one); `duplicates` pairs them.

/// Why a ``TableView`` refused a call: a code to switch on and a message that names the bad value and
/// the fix. UIKit raises an exception for these; SceneCore never crashes on them.
public struct TableViewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong. A struct of static constants so that codes can be added without breaking
    /// exhaustive switches in clients.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case unregisteredReuseIdentifier
            case indexPathOutOfRange
        }

        private let value: Value

        /// `dequeueReusableCell(withIdentifier:for:)` was given an identifier no cell was registered
        /// for.
        public static let unregisteredReuseIdentifier = Code(value: .unregisteredReuseIdentifier)
        /// The index path names a section or row the table does not have.
        public static let indexPathOutOfRange = Code(value: .indexPathOutOfRange)

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
