import ArgumentParser
import DBusKit

/// `scenectl tap-view REF`: a scripted tap at the center of a view (`Window1.TapView`).
struct TapViewCommand: AsyncParsableCommand, WindowGestureCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap-view",
        abstract: "Tap the center of a view named by its reference and print the view that was hit.",
        discussion: """
            REF is a view reference as `scenectl tree` prints it: the view's accessibility identifier \
            (e.g. blue) or TypeName#i.j (its subview indices from the window). The tap lands on the \
            view's center, so it hits whatever is on top there, which is what is printed. An unknown \
            reference fails with org.scenehost.Error.UnknownView.

            Examples:
              scenectl tap-view blue --window findview
              scenectl tap-view ok --window gallery/Alert
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions
    @OptionGroup var target: WindowOption

    @Argument(help: ArgumentHelp("The view reference.", valueName: "ref"))
    var reference: String

    func validate() throws {
        guard !reference.isEmpty else {
            throw ValidationError("the view reference is empty; list references with `scenectl tree`")
        }
    }

    @MainActor
    func run() async throws {
        try await performGesture("TapView", [.string(reference)], extraSeconds: 1)
    }
}
