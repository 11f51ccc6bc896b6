import Glibc

/// The sandbox could not be applied.
public enum SceneSandboxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kernel offers no Landlock (too old, or disabled: `lsm=` without landlock).
    case unavailable
    /// A step failed with this errno.
    case failed(step: String, errno: Int32)

    public var description: String {
        switch self {
        case .unavailable:
            "this kernel offers no Landlock (Linux 5.13 or newer with landlock in its lsm= list is needed); scene processes run without a sandbox"
        case .failed(let step, let number):
            "sandbox: \(step) failed: errno \(number) (\(String(cString: strerror(number))))"
        }
    }
}
