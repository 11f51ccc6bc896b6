import ArgumentParser

/// Runs a subcommand's work against the host and turns every expected failure into
/// `scenectl: <message>` on stderr and the matching exit status (see ``ExitStatus``).
enum CommandRunner {
    /// Finds the host, connects, runs `body`, and closes the connection (the host then cancels any
    /// finger this process left down).
    @MainActor
    static func withHost<Result>(
        _ options: ConnectionOptions, timeout: Double, _ body: (HostClient) async throws -> Result
    ) async throws -> Result {
        do {
            let client = try await HostClient.connect(locator: .current(explicitAddress: options.address), timeout: timeout)
            defer { client.close() }
            return try await body(client)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw report(error)
        }
    }

    /// Prints `error` as `scenectl: <message>` and returns the exit code to throw.
    static func report(_ error: any Error) -> ExitCode {
        let failure = ScenectlError(error)
        OutputSink.reportError(failure.message)
        return ExitCode(failure.exitStatus)
    }
}
