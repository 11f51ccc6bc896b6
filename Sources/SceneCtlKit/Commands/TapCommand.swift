import ArgumentParser
import DBusKit
import SceneBusContract

/// `scenectl tap X Y` (`Window1.Tap`) or `scenectl tap --match SELECTOR` (`Host1.TapMatching`).
struct TapCommand: AsyncParsableCommand, WindowGestureCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Tap a window at a point, or the one view a selector matches, and print the view that was hit.",
        discussion: """
            Taps at X Y in window points (the window's top-left is 0 0) and waits until the tap was \
            delivered. Prints the reference of the view the touch hit, or "(nothing)".

            With --match SELECTOR (see `scenectl help find`) the host waits up to --wait seconds until \
            exactly one view matches and is visible, enabled and the view its own hit test finds at the \
            centre of its visible part, then taps it there on that same turn. Otherwise it fails: no \
            match, several (all listed), or covered (naming the view that would get the touch).

            Examples:
              scenectl tap 240 250 --window findview      # blue
              scenectl tap 100 440 --window gesturelab --count 2
              scenectl tap --match '#blue'
              scenectl tap --match 'scene=gallery Button[title="OK"]' --wait 10
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: "X in window points.") var x: Double?
    @Argument(help: "Y in window points.") var y: Double?

    @Option(help: "The number of taps, 1 to 10 (2 is a double tap).")
    var count: UInt32 = 1

    @Option(help: ArgumentHelp("Tap the one view this selector matches instead of a point.", valueName: "selector"))
    var match: String?

    @Option(help: ArgumentHelp("With --match: seconds to wait for exactly one visible, enabled, hittable match.", valueName: "seconds"))
    var wait: Double = 5

    func validate() throws {
        if match != nil {
            guard x == nil, y == nil else { throw ValidationError("give either X Y or --match SELECTOR, not both") }
            guard count == 1 else { throw ValidationError("--count cannot be used with --match (it taps once)") }
            guard target.window == .keyWindow else { throw ValidationError("--window cannot be used with --match; scope the selector with scene=NAME") }
            guard wait.isFinite, wait >= 0, wait <= 3600 else { throw ValidationError("--wait '\(wait)' is not a number of seconds in [0, 3600]") }
            return
        }
        guard let x, let y else { throw ValidationError("tap needs X and Y (window points), or --match SELECTOR") }
        try ArgumentChecks.coordinate(x, "x")
        try ArgumentChecks.coordinate(y, "y")
        guard (1...10).contains(count) else {
            throw ValidationError("--count \(count) is not a number of taps from 1 to 10")
        }
    }

    @MainActor
    func run() async throws {
        if let match {
            let wait = self.wait
            let view = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
                try await client.call(
                    SceneBusContract.rootPath, SceneBusContract.hostInterface, "TapMatching", [.string(match), .double(wait)],
                    extraSeconds: wait + 1
                ).read { reader in
                    _ = try reader.readObjectPath()
                    return try reader.readString()
                }
            }
            print(ArgumentChecks.hitDescription(view))
            return
        }
        try await performGesture("Tap", [.double(x ?? 0), .double(y ?? 0), .uint32(count)], extraSeconds: Double(count))
    }
}
