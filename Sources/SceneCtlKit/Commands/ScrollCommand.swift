import ArgumentParser
import DBusKit

/// `scenectl scroll X Y DX DY`: a wheel step or a trackpad gesture at a point (`Window1.Scroll`).
struct ScrollCommand: AsyncParsableCommand, WindowGestureCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Scroll at a point, as a mouse wheel or a trackpad does, and print the view that scrolled.",
        discussion: """
            Scrolls at X Y (window points) by DX DY points in the content's sense: a positive DY moves \
            towards the end of the content (down). --kind discrete (the default) is one mouse-wheel \
            step: the scroll view under the point jumps by the delta, stopping at its edges. --kind \
            continuous is a trackpad gesture that drags by the delta and lifts at rest. The inner of \
            nested scroll views scrolls first, the outer once the inner is at its edge. Prints the view \
            whose pan recognizer took the scroll, or "(nothing)".

            Examples:
              scenectl scroll 100 550 0 120
              scenectl scroll 100 550 0 -40 --kind continuous --window toolkit
            """)

    // Alike the other gesture commands' in shape only (see SwipeCommand).
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: "X in window points.") var x: Double
    @Argument(help: "Y in window points.") var y: Double
    @Argument(help: "Points to scroll horizontally (positive: towards the right end of the content).") var dx: Double
    @Argument(help: "Points to scroll vertically (positive: towards the bottom of the content).") var dy: Double

    @Option(help: ArgumentHelp("discrete (a mouse-wheel step) or continuous (a trackpad gesture).", valueName: "kind"))
    var kind = "discrete"

    /// The kinds `Window1.Scroll` takes.
    static let kinds = ["discrete", "continuous"]

    func validate() throws {
        for (value, name) in [(x, "x"), (y, "y"), (dx, "dx"), (dy, "dy")] {
            try ArgumentChecks.coordinate(value, name)
        }
        guard Self.kinds.contains(kind) else {
            throw ValidationError("--kind '\(kind)' is not discrete (a mouse-wheel step) or continuous (a trackpad gesture)")
        }
    }

    @MainActor
    func run() async throws {
        try await performGesture("Scroll", [.double(x), .double(y), .double(dx), .double(dy), .string(kind)], extraSeconds: 0)
    }
}
