public import ArgumentParser

/// `scenectl`: drives and watches a running scene-host over D-Bus.
public struct SceneCtl: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "scenectl",
        abstract: "Drive and watch a running scene-host over D-Bus.")

    public init() {}
}
