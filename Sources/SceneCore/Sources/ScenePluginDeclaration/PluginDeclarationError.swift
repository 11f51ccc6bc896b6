/// Why a plugin declaration cannot be used: the file, the line and a message that quotes the bad
/// value and says what to write instead.
///
/// ``description`` has the compiler's diagnostic form (`FILE:LINE: error: MESSAGE`), so that
/// `swift build` shows it like a compile error pointing at the declaration.
public struct PluginDeclarationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, for tests and tools that tell the errors apart.
    public enum Code: String, Sendable {
        /// A line that is not `key = "string"`, a comment or blank.
        case syntax
        /// A key the declaration does not know.
        case unknownKey
        /// A key given twice.
        case duplicateKey
        /// A required key (name, version, delegate) is missing.
        case missingKey
        /// A value of the wrong form (a name, version or type name that cannot be one).
        case invalidValue
        /// The declaration file cannot be read or the generated file written.
        case file
    }

    public let code: Code
    /// The declaration file's path as given to the generator.
    public let file: String
    /// 1-based; 1 for errors about the whole file (a missing key, an unreadable file).
    public let line: Int
    public let message: String

    public init(_ code: Code, file: String, line: Int, _ message: String) {
        self.code = code
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): error: \(message)" }
}
