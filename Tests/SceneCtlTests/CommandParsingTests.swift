import ArgumentParser
import Testing

@testable import SceneCtlKit

/// Parses `arguments` as the command line of `scenectl` and returns the subcommand of type `T`.
private func parse<T: ParsableCommand>(_ arguments: [String], as type: T.Type = T.self) throws -> T {
    let command = try SceneCtl.parseAsRoot(arguments)
    return try #require(command as? T, "\(arguments) parsed as \(Swift.type(of: command))")
}

/// The message and exit code ArgumentParser would print and use for `arguments`.
private func failure(_ arguments: [String]) -> (message: String, code: Int32)? {
    do {
        _ = try SceneCtl.parseAsRoot(arguments)
        return nil
    } catch {
        return (SceneCtl.message(for: error), SceneCtl.exitCode(for: error).rawValue)
    }
}

@Suite("Parsing every scenectl subcommand")
struct CommandParsingTests {
    @Test("status takes --json and the shared --address and --timeout options")
    func status() throws {
        let command = try parse(["status", "--json", "--address", "unix:path=/tmp/bus", "--timeout", "5"], as: StatusCommand.self)
        #expect(command.json)
        #expect(command.connection.address == "unix:path=/tmp/bus")
        #expect(command.call.timeout == 5)
        let defaults = try parse(["status"], as: StatusCommand.self)
        #expect(!defaults.json && defaults.connection.address == nil && defaults.call.timeout == 30)
    }

    @Test("reload takes a scene name")
    func reload() throws {
        #expect(try parse(["reload", "crashy"], as: ReloadCommand.self).scene == "crashy")
    }

    @Test("resize takes a scene name, a width and a height")
    func resize() throws {
        let command = try parse(["resize", "settings", "600", "900.5"], as: ResizeCommand.self)
        #expect(command.scene == "settings" && command.width == 600 && command.height == 900.5)
    }

    @Test("tree defaults to the key window and accepts any window specifier")
    func tree() throws {
        #expect(try parse(["tree"], as: TreeCommand.self).window == .keyWindow)
        let command = try parse(["tree", "gallery/Alert", "--json"], as: TreeCommand.self)
        #expect(command.window == .titled(scene: "gallery", title: "Alert"))
        #expect(command.json)
    }

    @Test("tap takes a window point, a window and a tap count")
    func tap() throws {
        let command = try parse(["tap", "240", "250.5", "--window", "findview", "--count", "2"], as: TapCommand.self)
        #expect(command.x == 240 && command.y == 250.5 && command.count == 2)
        #expect(command.target.window == .scene("findview"))
        let plain = try parse(["tap", "1", "2"], as: TapCommand.self)
        #expect(plain.count == 1 && plain.target.window == .keyWindow)
    }

    @Test("tap-view, long-press, swipe and pinch take their arguments and default durations")
    func gestures() throws {
        let tapView = try parse(["tap-view", "blue", "--window", "3"], as: TapViewCommand.self)
        #expect(tapView.reference == "blue" && tapView.target.window == .number(3))
        let longPress = try parse(["long-press", "100", "150"], as: LongPressCommand.self)
        #expect(longPress.x == 100 && longPress.y == 150 && longPress.seconds == 1)
        let swipe = try parse(["swipe", "100", "600", "250", "650", "--window", "gesturelab"], as: SwipeCommand.self)
        #expect([swipe.x0, swipe.y0, swipe.x1, swipe.y1] == [100, 600, 250, 650] && swipe.seconds == 0.3)
        let pinch = try parse(["pinch", "200", "670", "60", "120", "--seconds", "1"], as: PinchCommand.self)
        #expect([pinch.cx, pinch.cy, pinch.start, pinch.end] == [200, 670, 60, 120] && pinch.seconds == 1)
    }

    @Test("scroll takes a point, a delta (negative after --) and a kind, discrete by default")
    func scroll() throws {
        let wheel = try parse(["scroll", "100", "550", "0", "120"], as: ScrollCommand.self)
        #expect([wheel.x, wheel.y, wheel.dx, wheel.dy] == [100, 550, 0, 120] && wheel.kind == "discrete")
        let trackpad = try parse(["scroll", "--kind", "continuous", "--window", "toolkit", "--", "100", "550", "0", "-40"], as: ScrollCommand.self)
        #expect(trackpad.dy == -40 && trackpad.kind == "continuous")
    }

    @Test("Negative coordinates are accepted after --")
    func negativeCoordinates() throws {
        let swipe = try parse(["swipe", "--window", "gesturelab", "--", "-20", "600", "200", "-1"], as: SwipeCommand.self)
        #expect(swipe.x0 == -20 && swipe.y1 == -1)
    }

    @Test("touch collects its steps, including negative numbers, and keeps the options")
    func touch() throws {
        let command = try parse(
            ["touch", "down", "0", "-5", "250", "move", "0", "245", "250", "up", "0", "--json", "--timeout", "3"],
            as: TouchCommand.self)
        #expect(command.words == ["down", "0", "-5", "250", "move", "0", "245", "250", "up", "0"])
        #expect(command.json && command.call.timeout == 3)
    }

    @Test("remote accepts each of the ten subtypes")
    func remote() throws {
        for subtype in RemoteSubtype.allCases {
            #expect(try parse(["remote", subtype.rawValue], as: RemoteCommand.self).subtype == subtype)
        }
        #expect(RemoteSubtype.allCases.count == 10)
    }

    @Test("shake sends began then ended by default, or the one phase asked for")
    func shake() throws {
        #expect(try parse(["shake"], as: ShakeCommand.self).phase.phases == ["began", "ended"])
        #expect(try parse(["shake", "--phase", "cancelled"], as: ShakeCommand.self).phase.phases == ["cancelled"])
    }

    @Test("key needs a window; load takes a plugin and an optional scene name")
    func keyAndLoad() throws {
        #expect(try parse(["key", "gesturelab"], as: KeyCommand.self).window == .scene("gesturelab"))
        let load = try parse(["load", "FindView", "--scene", "second"], as: LoadCommand.self)
        #expect(load.plugin == "FindView" && load.scene == "second")
        #expect(try parse(["load", "Gallery"], as: LoadCommand.self).scene == nil)
    }

    @Test("load names the scene after the plugin by default")
    func defaultSceneName() {
        #expect(LoadCommand.defaultSceneName(for: "FindView") == "findview")
        #expect(LoadCommand.defaultSceneName(for: "/opt/plugins/libClock.so") == "clock")
        #expect(LoadCommand.defaultSceneName(for: "./Weird.so") == "weird")
    }

    @Test("snapshot takes a window, --scene or --screen, -o and --scale; the key window at scale 1 by default")
    func snapshot() throws {
        let plain = try parse(["snapshot"], as: SnapshotCommand.self)
        #expect(plain.window == nil && plain.scene == nil && !plain.screen && plain.scale == 1 && plain.output == nil)
        let scene = try parse(["snapshot", "--scene", "gallery", "-o", "g.png", "--scale", "2"], as: SnapshotCommand.self)
        #expect(scene.scene == "gallery" && scene.output == "g.png" && scene.scale == 2)
        let window = try parse(["snapshot", "findview"], as: SnapshotCommand.self)
        #expect(window.window == .scene("findview"))
        #expect(SnapshotCommand.pixelSize(of: [0x89, 0x50, 0x4E, 0x47, 13, 10, 26, 10, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 1, 0x86, 0, 0, 3, 0x4C]) ?? (0, 0) == (390, 844))
    }

    @Test("watch takes --json, --count, --timeout and --ready but no call timeout")
    func watch() throws {
        let command = try parse(["watch", "--json", "--count", "5", "--timeout", "2.5", "--ready"], as: WatchCommand.self)
        #expect(command.json && command.count == 5 && command.timeout == 2.5 && command.ready)
        let plain = try parse(["watch"], as: WatchCommand.self)
        #expect(plain.count == nil && plain.timeout == nil && !plain.json && !plain.ready)
    }

    @Test("record takes -o, --count, --timeout and --ready")
    func record() throws {
        let command = try parse(["record", "-o", "session.txt", "--count", "3", "--timeout", "9", "--ready"], as: RecordCommand.self)
        #expect(command.output == "session.txt" && command.count == 3 && command.timeout == 9 && command.ready)
        let plain = try parse(["record"], as: RecordCommand.self)
        #expect(plain.output == nil && plain.count == nil && plain.timeout == nil && !plain.ready)
    }

    @Test(
        "Bad values are usage errors (exit status 64) whose message names the value",
        arguments: [
            (["tap", "nan", "250"], "'nan'"),
            (["tap", "240", "inf"], "'inf'"),
            (["tap", "1", "2", "--count", "11"], "--count 11"),
            (["tap", "1", "2", "--count", "zero"], "'zero'"),
            (["tap", "abc", "2"], "'abc'"),
            (["tap-view", ""], "empty"),
            (["long-press", "1", "2", "--seconds=-1"], "'-1.0'"),
            (["swipe", "1", "2", "3", "nan"], "y1 'nan'"),
            (["scroll", "1", "2", "0", "inf"], "dy 'inf'"),
            (["scroll", "1", "2", "0", "10", "--kind", "wheel"], "--kind 'wheel'"),
            (["pinch", "1", "2", "0", "10"], "start '0.0'"),
            (["pinch", "1", "2", "10", "10", "--seconds", "inf"], "'inf'"),
            (["remote", "plya"], "'plya'"),
            (["shake", "--phase", "sideways"], "'sideways'"),
            (["touch", "down", "0", "1"], "'down 0 1'"),
            (["touch", "tap", "0"], "'tap'"),
            (["touch"], "no touch steps"),
            (["snapshot", "--scale", "0"], "--scale 0.0"),
            (["snapshot", "--scale", "nan"], "--scale nan"),
            (["snapshot", "1", "--screen"], "not 2"),
            (["snapshot", "--scene", ""], "--scene"),
            (["snapshot", "-o", ""], "-o"),
            (["resize", "gallery", "nan", "700"], "WIDTH 'nan'"),
            (["resize", "gallery", "600", "0"], "HEIGHT '0.0'"),
            (["resize", "", "600", "700"], "SCENE is empty"),
            (["resize", "gallery", "600"], "height"),
            (["reload", ""], "SCENE is empty"),
            (["reload"], "scene"),
            (["watch", "--count", "0"], "--count 0"),
            (["watch", "--timeout=-2"], "--timeout -2.0"),
            (["record", "--count", "0"], "--count 0"),
            (["record", "-o", ""], "-o is empty"),
            (["status", "--timeout", "0"], "--timeout 0.0"),
            (["status", "--address", ""], "--address"),
            (["load", "X", "--scene", ""], "--scene"),
            (["bogus"], "bogus"),
        ])
    func badValues(arguments: [String], named: String) throws {
        let result = try #require(failure(arguments), "\(arguments) should not parse")
        #expect(result.code == 64, "\(arguments): exit code \(result.code)")
        #expect(result.message.contains(named), "\(arguments): \(result.message)")
    }

    @Test("Every subcommand and the root have help with a discussion and examples")
    func help() {
        let commands: [any ParsableCommand.Type] = [SceneCtl.self] + SceneCtl.configuration.subcommands
        #expect(commands.count == 26)
        for command in commands {
            let help = command.helpMessage(columns: 100)
            #expect(help.contains("Examples:"), "\(command)")
            #expect(help.contains("USAGE:"), "\(command)")
        }
        #expect(TouchCommand.helpMessage(columns: 100).contains("The host cancels every finger still down"))
        let remote = RemoteCommand.helpMessage(columns: 200)
        for subtype in RemoteSubtype.allCases {
            #expect(remote.contains(subtype.rawValue))
        }
    }
}
