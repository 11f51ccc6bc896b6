extension BusError {
    /// The kind of a ``BusError``: an extensible set of failure categories.
    ///
    /// `Code` wraps a private enumeration, so new codes can be added without breaking
    /// source compatibility. Compare against the static constants:
    ///
    /// ```swift
    /// catch let error as BusError where error.code == .timedOut { … }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidName
            case invalidSignature
            case invalidValue
            case typeMismatch
            case invalidArguments
            case invalidState
            case connectionFailed
            case disconnected
            case timedOut
            case cancelled
            case remote
            case failed
            case noMemory
            case alreadyExported
            case daemonUnavailable
            case daemonFailed
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// A bus name, object path, interface, member or error name broke the D-Bus naming rules.
        public static let invalidName = Code(.invalidName)
        /// A type signature broke the D-Bus signature grammar or its limits.
        public static let invalidSignature = Code(.invalidSignature)
        /// A value cannot be marshalled: a string with a NUL, an array element of the wrong type,
        /// a body signature longer than 255 characters, nesting deeper than the limits.
        public static let invalidValue = Code(.invalidValue)
        /// A ``MessageReader`` was asked for a type the message does not have at that position.
        public static let typeMismatch = Code(.typeMismatch)
        /// Arguments were rejected: wrong signature for a method, or refused by a handler.
        public static let invalidArguments = Code(.invalidArguments)
        /// An operation was attempted in a state that does not allow it, such as writing to a
        /// message that was already sent, or closing a writer with containers still open.
        public static let invalidState = Code(.invalidState)
        /// Opening, authenticating or registering a connection failed.
        public static let connectionFailed = Code(.connectionFailed)
        /// The connection is closed or the bus went away.
        public static let disconnected = Code(.disconnected)
        /// No reply arrived within the call's timeout.
        public static let timedOut = Code(.timedOut)
        /// The waiting task was cancelled before the reply arrived.
        public static let cancelled = Code(.cancelled)
        /// The peer answered with an error reply; ``BusError/name`` is the name it sent.
        public static let remote = Code(.remote)
        /// An application-level failure raised by a handler (see ``BusError/init(name:message:)``).
        public static let failed = Code(.failed)
        /// libdbus could not allocate memory.
        public static let noMemory = Code(.noMemory)
        /// An object or interface is already exported at that path on this connection.
        public static let alreadyExported = Code(.alreadyExported)
        /// The `dbus-daemon` binary or its configuration is not installed.
        public static let daemonUnavailable = Code(.daemonUnavailable)
        /// A private `dbus-daemon` did not start.
        public static let daemonFailed = Code(.daemonFailed)

        /// The code's identifier, e.g. `timedOut`.
        public var description: String {
            base.rawValue
        }
    }
}
