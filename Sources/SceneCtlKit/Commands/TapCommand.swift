import ArgumentParser
import DBusKit

/// `scenectl tap X Y`: a scripted tap (`Window1.Tap`) in window points.
struct TapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Tap a window at a point and print the view that was hit.",
        discussion: """
            Taps at X Y in window points (the window's top-left is 0 0) and waits until the tap was \
            delivered. Prints the reference of the view the touch hit, or "(nothing)".

            Examples:
              scenectl tap 240 250 --window findview      # blue
              scenectl tap 100 440 --window gesturelab --count 2
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: "X in window points.") var x: Double
    @Argument(help: "Y in window points.") var y: Double

    @Option(help: "The number of taps, 1 to 10 (2 is a double tap).")
    var count: UInt32 = 1

    func validate() throws {
        try ArgumentChecks.coordinate(x, "x")
        try ArgumentChecks.coordinate(y, "y")
        guard (1...10).contains(count) else {
            throw ValidationError("--count \(count) is not a number of taps from 1 to 10")
        }
    }

    @MainActor
    func run() async throws {
        let view = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            try await client.callWindow(
                try await client.window(target.window), "Tap", [.double(x), .double(y), .uint32(count)],
                extraSeconds: Double(count))
        }
        print(ArgumentChecks.hitDescription(view))
    }
}
