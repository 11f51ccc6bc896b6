import ArgumentParser
import DBusKit

/// `scenectl long-press X Y`: a finger held still (`Window1.LongPress`).
struct LongPressCommand: AsyncParsableCommand, WindowGestureCommand {
    static let configuration = CommandConfiguration(
        commandName: "long-press",
        abstract: "Hold a finger at a point and print the view that was hit.",
        discussion: """
            Puts a finger down at X Y (window points), holds it for --seconds, lifts it, and waits \
            until that was delivered. Prints the view the finger hit, or "(nothing)".

            Examples:
              scenectl long-press 100 150 --window gesturelab
              scenectl long-press 240 250 --seconds 2.5 --window findview
            """)

    // Alike the other gesture commands' in shape only (`duplicates` pairs them): ArgumentParser declares
    // each command's own arguments as its properties; the shared parts are the option groups, the
    // ArgumentChecks and WindowGestureCommand.
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: "X in window points.") var x: Double
    @Argument(help: "Y in window points.") var y: Double

    @Option(help: "How long the finger stays down.")
    var seconds: Double = 1

    func validate() throws {
        try ArgumentChecks.coordinate(x, "x")
        try ArgumentChecks.coordinate(y, "y")
        try ArgumentChecks.seconds(seconds, "--seconds")
    }

    @MainActor
    func run() async throws {
        try await performGesture("LongPress", [.double(x), .double(y), .double(seconds)], extraSeconds: seconds)
    }
}
