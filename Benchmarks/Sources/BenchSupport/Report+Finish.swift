import Glibc

extension Report {
    /// Ends the report and the run: the load average at the end, then `- result: <passed>` and exit
    /// status 0 when nothing failed, else the list of failures and exit status 1.
    public func finish(passed: String) -> Never {
        line("")
        line("- load average at end (1, 5, 15 min): \(loadAverage())")
        guard failures.isEmpty else {
            line("- result: \(failures.count) failure(s):")
            for failure in failures { line("  - \(failure)") }
            exit(1)
        }
        line("- result: \(passed)")
        exit(0)
    }
}
