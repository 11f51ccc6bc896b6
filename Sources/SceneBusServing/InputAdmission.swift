import DBusKit

/// The input policy's decision for one changing call: a value with no I/O, so every case is tested
/// without a bus (``InputGate`` finds out who the caller is and asks this).
package struct InputAdmission: Sendable, Equatable {
    /// Who made a call, as far as the host could find out.
    package enum Caller: Sendable, Equatable {
        /// The caller's process and the executable it runs (`/proc/PID/exe`, links resolved).
        case process(name: String, pid: Int32, executable: String)
        /// The bus could not say, or the executable could not be read; `reason` says which.
        case unidentified(name: String, reason: String)
    }

    /// What to do with the call.
    enum Verdict: Sendable, Equatable {
        case admit
        /// Refuse with `org.freedesktop.DBus.Error.AccessDenied` and this message.
        case refuse(String)

        var busError: BusError? {
            guard case .refuse(let message) = self else { return nil }
            return BusError(name: .accessDenied, message: message)
        }
    }

    let mode: InputPolicyMode
    /// The allowed executables with their links resolved; empty admits every caller.
    let allowedExecutables: [String]

    /// Whether changing calls need to know their caller (an allow list is configured and the mode
    /// admits changes at all).
    var identifiesCallers: Bool {
        mode == .open && !allowedExecutables.isEmpty
    }

    /// The decision for a changing call to `member` when the caller does not matter (no allow list,
    /// or read-only); nil when the caller must be identified first.
    func verdictWithoutCaller(member: String) -> Verdict? {
        switch mode {
        case .readOnly:
            return .refuse(
                "\(member) changes the host, and its input policy is read-only (configuration 'input: read-only' or "
                    + "--input-policy read-only): only methods that read, properties and signals are served")
        case .open:
            return identifiesCallers ? nil : .admit
        }
    }

    /// The decision for a changing call to `member` from `caller`.
    func verdict(member: String, caller: Caller) -> Verdict {
        if let verdict = verdictWithoutCaller(member: member) { return verdict }
        let allowed = allowedExecutables.joined(separator: ", ")
        switch caller {
        case .process(let name, let pid, let executable):
            guard allowedExecutables.contains(executable) else {
                return .refuse(
                    "\(member) changes the host, and the caller \(name) runs \(executable) (pid \(pid)), which is not in "
                        + "input-allowed-executables (\(allowed)); add it there to let it drive the host")
            }
            return .admit
        case .unidentified(let name, let reason):
            return .refuse(
                "\(member) changes the host, and the caller \(name) cannot be identified (\(reason)); with "
                    + "input-allowed-executables set (\(allowed)) only callers known to run one of them are served")
        }
    }

    /// The decision for a write to a changing property: with an allow list it is refused, because the
    /// bus library does not tell a property's setter who wrote it.
    func verdictForPropertyWrite(member: String) -> Verdict {
        if let verdict = verdictWithoutCaller(member: member) { return verdict }
        return .refuse(
            "\(member) changes the host, and with input-allowed-executables set (\(allowedExecutables.joined(separator: ", "))) "
                + "property writes are refused: the writer of a property cannot be identified")
    }
}
