import DBusKit
import SceneBusContract
import Testing

@testable import SceneCtlKit

/// A Host1 signal message as the host emits it.
/// A received Host1 signal with `arguments`, as `watch` and `record` decode it.
func signal(_ member: String, _ arguments: [BusValue]) throws -> HostSignal {
    let message = BusMessage.signal(
        path: "/org/scenehost/SceneHost", interface: "org.scenehost.Host1", member: MemberName(unchecked: member))
    try message.append(arguments)
    return HostSignal(message)
}

private let window1 = BusValue.objectPath("/org/scenehost/SceneHost/window/1")
private let window2 = BusValue.objectPath("/org/scenehost/SceneHost/window/2")
private let findview = BusValue.objectPath("/org/scenehost/SceneHost/scene/findview")
private let crashy = BusValue.objectPath("/org/scenehost/SceneHost/scene/crashy")

@Suite("watch: one line per signal")
struct SignalFormattingTests {
    /// Every signal of the contract, its text line and its JSON line.
    static let cases: [(String, [BusValue], String, String)] = [
        (
            "Touch",
            [.uint64(12), window1, .uint64(3), .string("began"), .double(240), .double(250), .string("blue"), .double(12.5), .uint32(1)],
            "#12 Touch window/1 touch 3 began (240, 250) blue tap 1",
            #"{"signal":"Touch","seq":12,"window":"/org/scenehost/SceneHost/window/1","touch":3,"phase":"began","x":240,"y":250,"view":"blue","timestamp":12.5,"tapCount":1}"#
        ),
        (
            "FirstResponderChanged", [.uint64(13), window2, .string(""), .string("player")],
            "#13 FirstResponderChanged window/2 (none) → player",
            #"{"signal":"FirstResponderChanged","seq":13,"window":"/org/scenehost/SceneHost/window/2","old":"","new":"player"}"#
        ),
        (
            "KeyWindowChanged", [.uint64(14), .objectPath("/"), window2],
            "#14 KeyWindowChanged (none) → window/2",
            #"{"signal":"KeyWindowChanged","seq":14,"old":"/","new":"/org/scenehost/SceneHost/window/2"}"#
        ),
        (
            "GestureStateChanged", [.uint64(15), window2, .string("canvas"), .string("pan"), .string("began")],
            "#15 GestureStateChanged window/2 canvas pan began",
            #"{"signal":"GestureStateChanged","seq":15,"window":"/org/scenehost/SceneHost/window/2","view":"canvas","recognizer":"pan","state":"began"}"#
        ),
        (
            "ActionSent", [.uint64(16), window2, .string("buttonTapped"), .string("button"), .string("")],
            "#16 ActionSent window/2 buttonTapped from button to (none)",
            #"{"signal":"ActionSent","seq":16,"window":"/org/scenehost/SceneHost/window/2","action":"buttonTapped","sender":"button","target":""}"#
        ),
        (
            "MotionDelivered", [.uint64(17), .string("shake"), .string("began"), .string("player")],
            "#17 MotionDelivered shake began handled by player",
            #"{"signal":"MotionDelivered","seq":17,"subtype":"shake","phase":"began","handledBy":"player"}"#
        ),
        (
            "RemoteControlDelivered", [.uint64(18), .string("play"), .string("")],
            "#18 RemoteControlDelivered play handled by nobody",
            #"{"signal":"RemoteControlDelivered","seq":18,"subtype":"play","handledBy":""}"#
        ),
        (
            "Press", [.uint64(21), .objectPath("/org/scenehost/SceneHost/window/3"), .string("shift+tab"), .string("began"), .string("Application")],
            "#21 Press window/3 shift+tab began handled by Application",
            #"{"signal":"Press","seq":21,"window":"/org/scenehost/SceneHost/window/3","key":"shift+tab","phase":"began","handledBy":"Application"}"#
        ),
        (
            "Input", [.uint64(22), .double(1234.5), .string("touch findview 0 down 240 250")],
            "#22 Input touch findview 0 down 240 250",
            #"{"signal":"Input","seq":22,"timestamp":1234.5,"record":"touch findview 0 down 240 250"}"#
        ),
        (
            "SceneActivationChanged", [.uint64(19), findview, .string("foreground-inactive")],
            "#19 SceneActivationChanged scene/findview foreground-inactive",
            #"{"signal":"SceneActivationChanged","seq":19,"scene":"/org/scenehost/SceneHost/scene/findview","state":"foreground-inactive"}"#
        ),
        (
            "Log", [.uint64(20), findview, .string("blueColorView, BlueView.hitTest(_:with:)")],
            "#20 Log scene/findview blueColorView, BlueView.hitTest(_:with:)",
            #"{"signal":"Log","seq":20,"scene":"/org/scenehost/SceneHost/scene/findview","line":"blueColorView, BlueView.hitTest(_:with:)"}"#
        ),
        (
            "SceneGeometryChanged", [.uint64(23), findview, .double(400), .double(0), .double(600), .double(900.5)],
            "#23 SceneGeometryChanged scene/findview 600×900.5 at (400, 0)",
            #"{"signal":"SceneGeometryChanged","seq":23,"scene":"/org/scenehost/SceneHost/scene/findview","x":400,"y":0,"width":600,"height":900.5}"#
        ),
        (
            "SceneCrashed", [.uint64(24), crashy, .string("FixtureCrashInHandler"), .string("killed by signal 4 (SIGILL)"), .string("restarting")],
            "#24 SceneCrashed scene/crashy FixtureCrashInHandler killed by signal 4 (SIGILL), restarting",
            #"{"signal":"SceneCrashed","seq":24,"scene":"/org/scenehost/SceneHost/scene/crashy","plugin":"FixtureCrashInHandler","reason":"killed by signal 4 (SIGILL)","next":"restarting"}"#
        ),
        (
            "SceneNotResponding", [.uint64(25), crashy, .string("FixtureHangInHandler")],
            "#25 SceneNotResponding scene/crashy FixtureHangInHandler",
            #"{"signal":"SceneNotResponding","seq":25,"scene":"/org/scenehost/SceneHost/scene/crashy","plugin":"FixtureHangInHandler"}"#
        ),
        (
            "SceneResponding", [.uint64(26), crashy],
            "#26 SceneResponding scene/crashy",
            #"{"signal":"SceneResponding","seq":26,"scene":"/org/scenehost/SceneHost/scene/crashy"}"#
        ),
        (
            "SceneStarted", [.uint64(27), crashy, .uint32(4242)],
            "#27 SceneStarted scene/crashy pid 4242",
            #"{"signal":"SceneStarted","seq":27,"scene":"/org/scenehost/SceneHost/scene/crashy","pid":4242}"#
        ),
    ]

    @Test("Every signal of Host1 has a text line and a JSON line with the XML's argument names", arguments: cases)
    func formatting(member: String, arguments: [BusValue], text: String, json: String) throws {
        let decoded = try signal(member, arguments)
        #expect(decoded.seq == arguments.first?.uint64Value)
        #expect(SignalFormatter.text(decoded) == text)
        #expect(SignalFormatter.json(decoded) == json)
    }

    @Test("The catalog covers exactly the signals of the contract")
    func catalog() {
        #expect(Set(SignalCatalog.shapes.keys) == Set(Self.cases.map(\.0)))
        #expect(SignalCatalog.shapes["Touch"]?.signature == "totsddsdu")
    }

    @Test("A touch that hit nothing says so; fractional points keep their digits")
    func touchDetails() throws {
        let decoded = try signal(
            "Touch",
            [.uint64(1), .objectPath("/"), .uint64(0), .string("moved"), .double(10.25), .double(-3), .string(""), .double(0), .uint32(0)])
        #expect(SignalFormatter.text(decoded) == "#1 Touch (none) touch 0 moved (10.25, -3) (nothing) tap 0")
    }

    @Test("An unknown signal, or one with another signature, is printed with generic argument names")
    func unknownSignals() throws {
        let future = try signal("Future", [.uint64(21), .string("x"), .int32(-4), .bool(true)])
        #expect(future.seq == 21)
        #expect(SignalFormatter.text(future) == "#21 Future arg1=x arg2=-4 arg3=true")
        #expect(SignalFormatter.json(future) == #"{"signal":"Future","seq":21,"arg1":"x","arg2":-4,"arg3":true}"#)
        let changed = try signal("Log", [.uint64(22), .string("not a path")])
        #expect(SignalFormatter.text(changed) == "#22 Log arg1=not a path")
        let noSeq = try signal("Odd", [.string("a")])
        #expect(noSeq.seq == nil)
        #expect(SignalFormatter.text(noSeq) == "Odd arg0=a")
    }

    @Test("JSON lines escape strings and never print NaN")
    func jsonEscaping() throws {
        let decoded = try signal("Log", [.uint64(5), findview, .string("say \"hi\"\\\n\t\u{1}é")])
        #expect(
            SignalFormatter.json(decoded)
                == #"{"signal":"Log","seq":5,"scene":"/org/scenehost/SceneHost/scene/findview","line":"say \"hi\"\\\n\t\u0001é"}"#)
        let nan = try signal(
            "Touch",
            [.uint64(1), window1, .uint64(1), .string("began"), .double(.nan), .double(.infinity), .string(""), .double(0.1), .uint32(1)])
        #expect(SignalFormatter.json(nan).contains(#""x":null,"y":null,"view":"","timestamp":0.1"#))
    }
}

@Suite("watch: seq continuity")
struct SequenceTrackerTests {
    @Test("The first number is the baseline and consecutive numbers are in order")
    func inOrder() {
        var tracker = SequenceTracker()
        #expect(tracker.observe(40) == .first)
        #expect(tracker.observe(41) == .next)
        #expect(tracker.observe(42) == .next)
        #expect(tracker.last == 42)
    }

    @Test("A jump reports how many signals were lost before which number")
    func gap() {
        var tracker = SequenceTracker()
        _ = tracker.observe(1)
        let observation = tracker.observe(5)
        #expect(observation == .gap(lost: 3))
        #expect(SequenceTracker.message(for: observation, at: 5) == "lost 3 signals before #5")
        #expect(SequenceTracker.message(for: tracker.observe(7), at: 7) == "lost 1 signal before #7")
        #expect(tracker.observe(8) == .next)
    }

    @Test("A number that does not grow is a restart and the new baseline")
    func restart() {
        var tracker = SequenceTracker()
        _ = tracker.observe(100)
        let observation = tracker.observe(1)
        #expect(observation == .restart(previous: 100))
        #expect(SequenceTracker.message(for: observation, at: 1)?.contains("restarted at #1 after #100") == true)
        #expect(tracker.observe(2) == .next)
    }

    @Test("The printer warns about a gap once, next to the line that follows it")
    func printer() throws {
        var printer = WatchPrinter(format: .json)
        let first = printer.render(try signal("RemoteControlDelivered", [.uint64(1), .string("play"), .string("player")]))
        #expect(first.warning == nil)
        #expect(first.line.hasPrefix(#"{"signal":"RemoteControlDelivered","seq":1,"#))
        let second = printer.render(try signal("RemoteControlDelivered", [.uint64(4), .string("stop"), .string("")]))
        #expect(second.warning == "lost 2 signals before #4")
        var text = WatchPrinter(format: .text)
        #expect(text.render(try signal("Log", [.uint64(9), findview, .string("x")])).line == "#9 Log scene/findview x")
    }
}
