import ArgumentParser
import DBusKit

/// `scenectl swipe X0 Y0 X1 Y1`: one finger moved in a straight line (`Window1.Swipe`).
struct SwipeCommand: AsyncParsableCommand, WindowGestureCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe",
        abstract: "Drag one finger from one point to another and print the view that was hit.",
        discussion: """
            Moves a finger from X0 Y0 to X1 Y1 (window points) over --seconds and waits until that \
            was delivered; pan and swipe recognizers see it. Prints the view the finger first hit, or \
            "(nothing)".

            Examples:
              scenectl swipe 100 600 250 650 --window gesturelab
              scenectl swipe 300 600 50 600 --seconds 0.1 --window gesturelab
            """)

    // Alike the other gesture commands' in shape only (`duplicates` pairs them): ArgumentParser declares
    // each command's own arguments as its properties; the shared parts are the option groups, the
    // ArgumentChecks and WindowGestureCommand.
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: "Start X in window points.") var x0: Double
    @Argument(help: "Start Y in window points.") var y0: Double
    @Argument(help: "End X in window points.") var x1: Double
    @Argument(help: "End Y in window points.") var y1: Double

    @Option(help: "How long the movement takes.")
    var seconds: Double = 0.3

    func validate() throws {
        for (value, name) in [(x0, "x0"), (y0, "y0"), (x1, "x1"), (y1, "y1")] {
            try ArgumentChecks.coordinate(value, name)
        }
        try ArgumentChecks.seconds(seconds, "--seconds")
    }

    @MainActor
    func run() async throws {
        try await performGesture(
            "Swipe", [.double(x0), .double(y0), .double(x1), .double(y1), .double(seconds)], extraSeconds: seconds)
    }
}
