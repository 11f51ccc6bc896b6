import ArgumentParser
import DBusKit

/// `scenectl pinch CX CY START END`: two fingers moving apart or together (`Window1.Pinch`).
struct PinchCommand: AsyncParsableCommand, WindowGestureCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinch",
        abstract: "Pinch with two fingers around a point and print the view that was hit.",
        discussion: """
            Puts two fingers down on a horizontal line through CX CY (window points), START points \
            apart, moves them to END points apart over --seconds, lifts them, and waits until that \
            was delivered. END > START zooms in. Prints the view the first finger hit, or "(nothing)".

            Examples:
              scenectl pinch 200 670 60 120 --window gesturelab      # scale 2
              scenectl pinch 200 670 200 50 --seconds 1 --window gesturelab
            """)

    // Alike the other gesture commands' in shape only (`duplicates` pairs them): ArgumentParser declares
    // each command's own arguments as its properties; the shared parts are the option groups, the
    // ArgumentChecks and WindowGestureCommand.
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: "Center X in window points.") var cx: Double
    @Argument(help: "Center Y in window points.") var cy: Double
    @Argument(help: "The fingers' distance at the start, in points.") var start: Double
    @Argument(help: "The fingers' distance at the end, in points.") var end: Double

    @Option(help: "How long the pinch takes.")
    var seconds: Double = 0.5

    func validate() throws {
        try ArgumentChecks.coordinate(cx, "cx")
        try ArgumentChecks.coordinate(cy, "cy")
        try ArgumentChecks.distance(start, "start")
        try ArgumentChecks.distance(end, "end")
        try ArgumentChecks.seconds(seconds, "--seconds")
    }

    @MainActor
    func run() async throws {
        try await performGesture(
            "Pinch", [.double(cx), .double(cy), .double(start), .double(end), .double(seconds)], extraSeconds: seconds)
    }
}
