import ArgumentParser

/// `--window W` for the commands that act in one window; the application's key window by default.
struct WindowOption: ParsableArguments, Sendable {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The window: a number, an object path, a scene name (its key window) or SCENE/TITLE.",
            valueName: "window"))
    var window: WindowSpecifier = .keyWindow
}
