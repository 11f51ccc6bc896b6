public import ArgumentParser
import SceneBusContract

/// `scenectl`: drives and watches a running scene-host over D-Bus.
///
/// The root command only dispatches; each subcommand finds the host (see ``HostLocator``), makes its
/// calls on one connection, prints human-readable text (or JSON with `--json`), and exits with a
/// status from ``ExitStatus``: 0, 1 for an error reply from the host, 64 for usage errors, 69 when no
/// host can be found.
public struct SceneCtl: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "scenectl",
        abstract: "Drive and watch a running scene-host over D-Bus.",
        discussion: """
            scenectl talks to scene-host (bus name org.scenehost.SceneHost) over D-Bus. It finds the \
            host, in this order: --address ADDRESS; the SCENEHOST_BUS_ADDRESS environment variable; the \
            session bus (DBUS_SESSION_BUS_ADDRESS) when a host owns the name there; the private bus a \
            host started and published in $XDG_RUNTIME_DIR/scenehost/bus-address. An explicit address \
            is used alone; otherwise a session bus without a host falls through to the private bus. \
            When no host runs anywhere, a bus that can start one (D-Bus activation, set up by \
            scripts/install) is asked to start it.

            Coordinates are points: window points (origin at the window's top-left) for tap, \
            long-press, swipe and pinch; screen points for touch. Negative numbers go after `--`, \
            with the options before it: `scenectl swipe --window gesturelab -- -20 600 200 600`.

            WINDOW can be a window number (3, or window/3 as watch prints it), an object path, a scene name (its key window) or \
            SCENE/TITLE (the window with that title in the scene). Without --window, commands use the \
            application's key window.

            Exit status: 0 success; 1 the host answered with an error (printed as \
            "scenectl: <message> (<error name>)") or did not answer within --timeout; 64 usage error \
            (bad argument, unknown window); 69 no host found (or its bus went away).

            Examples:
              scenectl status
              scenectl tree findview
              scenectl tap 240 250 --window findview
              scenectl touch down 0 240 250 move 0 245 250 up 0
              scenectl watch --json --count 10
              scenectl wait-idle --timeout 2
              scenectl find 'Button:visible'
              scenectl tap --match '#blue'
            """,
        version: "scenectl for the SceneHost D-Bus API \(SceneBusContract.version)",
        subcommands: [
            StatusCommand.self, TreeCommand.self, TapCommand.self, TapViewCommand.self, LongPressCommand.self,
            SwipeCommand.self, PinchCommand.self, ScrollCommand.self, TouchCommand.self, RemoteCommand.self, ShakeCommand.self,
            KeyCommand.self, PressCommand.self, TypeCommand.self, LoadCommand.self, WatchCommand.self, RecordCommand.self,
            SnapshotCommand.self, ResizeCommand.self, ReloadCommand.self, WaitIdleCommand.self, AdvanceCommand.self, FindCommand.self, NewPluginCommand.self, PluginsCommand.self,
        ])

    public init() {}

    /// Runs `scenectl` with the process's arguments and exits with its status; `main.swift` calls
    /// this. It is ArgumentParser's asynchronous entry point, so the main queue (where DBusKit
    /// delivers replies and signals) is drained while commands await.
    public static func runFromCommandLine() async {
        await main(nil)
    }
}
