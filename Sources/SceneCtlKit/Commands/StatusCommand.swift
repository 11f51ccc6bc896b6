import ArgumentParser

/// `scenectl status`: the host's version, key window and first responder, and every scene with its
/// windows.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the host, its scenes and their windows.",
        discussion: """
            Prints the host's API version and bus, the application's key window and its first \
            responder, then each scene (activation state, plugin, key window) with its windows \
            (number, title, level, frame in screen points, hidden or visible, key, first responder). \
            Window numbers are what --window accepts.

            Examples:
              scenectl status
              scenectl status --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Flag(help: "Print one JSON object (the values as the host reports them).")
    var json = false

    @MainActor
    func run() async throws {
        let report = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            StatusReport(snapshot: try await client.snapshot(), candidate: client.candidate)
        }
        print(json ? report.json : report.text)
    }
}
