import ArgumentParser
import DBusKit
import SceneBusContract

/// An expected failure of a `scenectl` command: printed as one `scenectl: <message>` paragraph on
/// stderr (never with a backtrace) and turned into the process's exit status.
struct ScenectlError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, naming the offending value and, where there is one, the fix.
    var message: String
    /// See ``ExitStatus``.
    var exitStatus: Int32

    init(message: String, exitStatus: Int32) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// A usage error (exit status 64).
    static func usage(_ message: String) -> ScenectlError {
        ScenectlError(message: message, exitStatus: ExitStatus.usage)
    }

    /// The host cannot be reached (exit status 69).
    static func unavailable(_ message: String) -> ScenectlError {
        ScenectlError(message: message, exitStatus: ExitStatus.unavailable)
    }

    /// Any other failure (exit status 1).
    static func failure(_ message: String) -> ScenectlError {
        ScenectlError(message: message, exitStatus: ExitStatus.failure)
    }

    /// Classifies any error a command can meet.
    ///
    /// - A D-Bus error reply becomes `<message> (<error name>)` with status 1, except the bus's
    ///   `ServiceUnknown`/`NameHasNoOwner` (the host left the bus), which is status 69.
    /// - A reply that did not arrive in time is status 1; a lost or refused bus connection is 69.
    /// - ArgumentParser's `ValidationError` is a usage error (64).
    init(_ error: any Error) {
        switch error {
        case let error as ScenectlError:
            self = error
        case let error as ValidationError:
            self = .usage(error.message)
        case let error as BusError:
            self = ScenectlError(busError: error)
        default:
            self = .failure("\(error)")
        }
    }

    private init(busError error: BusError) {
        let text = error.message.isEmpty ? "the call failed" : error.message
        switch error.code {
        case .connectionFailed:
            self = .unavailable(text)
        case .disconnected:
            self = .unavailable("the connection to the host's bus was lost (\(text))")
        default:
            let status =
                error.name == .serviceUnknown || error.name == .nameHasNoOwner ? ExitStatus.unavailable : ExitStatus.failure
            self.init(message: "\(text) (\(error.name))", exitStatus: status)
        }
    }

    var description: String {
        message
    }
}
