public import SceneErrors

/// An ``SceneErrors/ErrorDomain`` whose errors answer D-Bus calls: each of its codes has the D-Bus
/// error name a client receives, and ``SceneErrors/CodedError/busError`` makes the reply.
///
/// ```swift
/// extension InputFailure: BusErrorDomain {
///     public static func busErrorName(for code: ErrorCode<InputFailure>) -> ErrorName {
///         switch code {
///         case .unknownSlot: SceneBusContract.ErrorNames.unknownSlot
///         default: .failed
///         }
///     }
/// }
/// ```
public protocol BusErrorDomain: ErrorDomain {
    /// The D-Bus error name a client receives for an error with `code`. Called on any thread.
    static func busErrorName(for code: ErrorCode<Self>) -> ErrorName
}

extension CodedError where Domain: BusErrorDomain {
    /// The D-Bus error a client receives: named by the domain for ``code``, carrying ``message``
    /// unchanged (code ``BusError/Code-swift.struct/failed``, as every error a handler throws).
    public var busError: BusError {
        BusError(name: Domain.busErrorName(for: code), message: message)
    }
}
