import Glibc

/// The `--name VALUE` options of the benchmark executables. Main actor (their top-level code).
@MainActor
public enum CommandLineOption {
    /// Removes `name` and the value after it from `arguments` and returns the value as `parse` reads
    /// it; nil when `name` is absent. When no value follows `name` or `parse` refuses it (nil), says
    /// which, prints `usage` and exits with `status`, the executable's usage status.
    public static func take<Value>(
        _ name: String, from arguments: inout [String], usage: String, status: Int32, _ parse: (String) -> Value?
    ) -> Value? {
        guard let index = arguments.firstIndex(of: name) else { return nil }
        guard index + 1 < arguments.count else {
            Report.shared.progress("\(name) needs a value")
            Report.shared.progress(usage)
            exit(status)
        }
        guard let value = parse(arguments[index + 1]) else {
            Report.shared.progress("\(name): '\(arguments[index + 1])' is not a value it takes")
            Report.shared.progress(usage)
            exit(status)
        }
        arguments.removeSubrange(index...index + 1)
        return value
    }
}
