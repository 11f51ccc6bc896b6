import DBusKit

/// A scripted gesture in one window: a command whose work is one `Window1` call that answers with
/// the view the first touch hit (`tap X Y`, `tap-view`, `long-press`, `swipe`, `pinch`).
protocol WindowGestureCommand {
    var connection: ConnectionOptions { get }
    var call: CallOptions { get }
    var target: WindowOption { get }
}

extension WindowGestureCommand {
    /// Calls `member` of `Window1` with `arguments` on the window `--window` names, waiting
    /// `extraSeconds` (the gesture's own duration) longer than `--timeout` for the reply, which comes
    /// once the gesture was delivered; prints the view the first touch hit, or "(nothing)".
    ///
    /// - Throws: `ExitCode` after printing `scenectl: <message>`, as ``CommandRunner/withHost(_:timeout:_:)``.
    @MainActor
    func performGesture(_ member: MemberName, _ arguments: [BusValue], extraSeconds: Double) async throws {
        let window = target.window
        let view = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callWindow(try await client.window(window), member, arguments, extraSeconds: extraSeconds)
        }
        print(ArgumentChecks.hitDescription(view))
    }
}
