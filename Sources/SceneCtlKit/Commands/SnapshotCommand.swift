import ArgumentParser
import DBusKit
import Foundation
import SceneBusContract

/// `scenectl snapshot [WINDOW | --scene NAME | --screen] [-o FILE] [--scale S]`: a PNG from
/// `Window1.Snapshot`, `Scene1.Snapshot` or `Host1.Snapshot`.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Save a PNG of a window, a scene or every scene on the screen.",
        discussion: """
            A window's picture is its bounds as drawn now; a scene's is its area of the screen with \
            its visible windows by level (black where no window is); --screen shows every scene as \
            laid out. --scale is pixels per point (above 0, at most 8). Without -o the file is \
            window-N.png, NAME.png or screen.png in the current folder; -o - writes the PNG to \
            standard output. Prints where it saved the picture and its size.

            Examples:
              scenectl snapshot findview                 # the findview scene's key window
              scenectl snapshot --scene gallery -o gallery.png
              scenectl snapshot --screen --scale 2
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var call: CallOptions

    @Argument(help: ArgumentHelp("The window: a number, an object path, a scene name or SCENE/TITLE.", valueName: "window"))
    var window: WindowSpecifier?

    @Option(help: ArgumentHelp("A scene's area of the screen instead of one window.", valueName: "name"))
    var scene: String?

    @Flag(help: "Every scene as laid out on the screen.")
    var screen = false

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the PNG ('-': standard output).", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Pixels per point.", valueName: "s"))
    var scale: Double = 1

    func validate() throws {
        let targets = (window == nil ? 0 : 1) + (scene == nil ? 0 : 1) + (screen ? 1 : 0)
        guard targets <= 1 else {
            throw ValidationError("give one of WINDOW, --scene NAME or --screen, not \(targets)")
        }
        guard scale.isFinite, scale > 0 else {
            throw ValidationError("--scale \(scale) must be a finite number of pixels per point above 0")
        }
        if scene?.isEmpty == true {
            throw ValidationError("--scene is empty; give a scene name (scenectl status lists them)")
        }
        if output?.isEmpty == true {
            throw ValidationError("-o is empty; give a file name, or - for standard output")
        }
    }

    @MainActor
    func run() async throws {
        let (png, name) = try await CommandRunner.withHost(connection, timeout: call.timeout) { client in
            let (path, interface, name) = try await target(client)
            let reply = try await client.call(path, interface, "Snapshot", [.double(scale)])
            return (try reply.read { try $0.readBytes() }, name)
        }
        let destination = output ?? "\(name).png"
        if destination == "-" {
            FileHandle.standardOutput.write(Data(png))
            return
        }
        do {
            try Data(png).write(to: URL(fileURLWithPath: destination))
        } catch {
            throw ScenectlError.failure("cannot write \(destination): \(error.localizedDescription)")
        }
        let size = Self.pixelSize(of: png).map { "\($0.width)×\($0.height) pixels, " } ?? ""
        print("wrote \(destination) (\(size)\(png.count) bytes)")
    }

    /// The object, interface and default file name the options name.
    private func target(_ client: HostClient) async throws -> (ObjectPath, InterfaceName, String) {
        if screen {
            return (SceneBusContract.rootPath, SceneBusContract.hostInterface, "screen")
        }
        if let scene {
            let match = try await client.snapshot().requireScene(named: scene)
            return (ObjectPath(unchecked: match.path), SceneBusContract.sceneInterface, match.name)
        }
        let resolved = try await client.window(window ?? .keyWindow)
        return (ObjectPath(unchecked: resolved.path), SceneBusContract.windowInterface, "window-\(resolved.number)")
    }

    /// Width and height from a PNG's header.
    static func pixelSize(of png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24 else { return nil }
        func word(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }
}
