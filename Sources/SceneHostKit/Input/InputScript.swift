import Foundation
import Logging
public import SceneCore
import SceneBusContract
import SceneErrors

/// A file of input commands for `scene-host --input FILE` (or `-` for stdin), one per line, run in
/// order, each after the previous one finished:
///
///     tap SCENE X Y [COUNT]                 taps in the scene's key window (window points)
///     long-press SCENE X Y SECONDS
///     swipe SCENE X0 Y0 X1 Y1 SECONDS
///     pinch SCENE CX CY START-DISTANCE END-DISTANCE SECONDS
///     shake                                 a shake (began, then ended)
///     remote SUBTYPE                        play, pause, next-track, … (see Event.EventSubtype)
///     press KEY [PHASE]                     a key (shift+tab, return, a, media-play-pause); PHASE began,
///                                           changed, ended, cancelled or press (the default: began+ended)
///     type TEXT                             the rest of the line, typed into the first responder
///                                           (\n types Return, \\ a backslash)
///     wait SECONDS
///     quit                                  graceful shutdown, exit 0
///
/// Device input, as a desktop window delivers it (and as `scenectl record` writes it; see
/// ``InputRecord``), goes through ``DeviceInput``:
///
///     touch SCENE SLOT PHASE X Y[, SLOT PHASE X Y…]   fingers changing together in one event, in
///                                           points of the scene's area; PHASE down, move, up or
///                                           cancel (`SLOT cancel` needs no point)
///     key KEY PHASE                         one phase of a key, no text (the text comes in `type`
///                                           lines, as an input method sends it)
///     focus SCENE gained|lost               the desktop focus came to or left the scene's window
///     wheel SCENE X Y DX DY                 a wheel step at (X, Y) scrolling by (DX, DY) points
///                                           (positive DY: towards the end of the content)
///     hover SCENE X Y | hover SCENE out     the pointer hovering at (X, Y) with no button down,
///                                           or its hover ending
///
/// Blank lines and lines starting with `#` are ignored. A malformed line is a ``ConfigurationError``
/// naming the file and line, before anything runs.
public struct InputScript: Sendable {
    public enum Command: Sendable, Equatable {
        case tap(scene: String, point: Point, count: Int)
        case longPress(scene: String, point: Point, seconds: Double)
        case swipe(scene: String, from: Point, to: Point, seconds: Double)
        case pinch(scene: String, center: Point, startDistance: Double, endDistance: Double, seconds: Double)
        case shake
        case remote(Event.EventSubtype)
        case keyboard([KeyboardInput])
        /// Device input, delivered through ``DeviceInput``.
        case record(InputRecord)
        case wait(Double)
        case quit
    }

    public let file: String
    public let commands: [(line: Int, command: Command)]
    /// The signals a recording kept (its `#> ` lines, see `SignalRecording`), for `--verify`.
    public let recordedSignals: [(line: Int, text: String)]
    /// How many commands set the host up before the recorded input (those before a
    /// `# recorded input` line; 0 without one).
    public let setupCommands: Int

    public static func == (lhs: InputScript, rhs: InputScript) -> Bool {
        lhs.file == rhs.file && lhs.commands.map(\.line) == rhs.commands.map(\.line)
            && lhs.commands.map(\.command) == rhs.commands.map(\.command)
    }

    /// Parses a script; `file` names it in errors.
    public init(text: String, file: String) throws(ConfigurationError) {
        self.file = file
        recordedSignals = SignalRecording.expectedSignals(in: text)
        var commands: [(Int, Command)] = []
        var setupCommands = 0
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line == SignalRecording.recordingStart { setupCommands = commands.count }
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            func fail(_ message: String) -> ConfigurationError {
                ConfigurationError(file: file, line: offset + 1, key: words[0], message: message)
            }
            func number(_ index: Int) throws(ConfigurationError) -> Double {
                guard index < words.count, let value = Double(words[index]), value.isFinite else {
                    throw fail("argument \(index) must be a finite number (got '\(index < words.count ? words[index] : "nothing")')")
                }
                return value
            }
            func arguments(_ count: Int, _ usage: String) throws(ConfigurationError) {
                guard words.count == count + 1 else { throw fail("expected: \(usage)") }
            }
            switch words[0] {
            case "tap":
                guard words.count == 4 || words.count == 5 else { throw fail("expected: tap SCENE X Y [COUNT]") }
                let count = words.count == 5 ? Int(words[4]) ?? 0 : 1
                guard (1...10).contains(count) else { throw fail("COUNT must be 1…10 (got '\(words[4])')") }
                commands.append((offset + 1, .tap(scene: words[1], point: Point(x: try number(2), y: try number(3)), count: count)))
            case "long-press":
                try arguments(4, "long-press SCENE X Y SECONDS")
                commands.append((offset + 1, .longPress(scene: words[1], point: Point(x: try number(2), y: try number(3)), seconds: try number(4))))
            case "swipe":
                try arguments(6, "swipe SCENE X0 Y0 X1 Y1 SECONDS")
                commands.append((
                    offset + 1,
                    .swipe(
                        scene: words[1], from: Point(x: try number(2), y: try number(3)),
                        to: Point(x: try number(4), y: try number(5)), seconds: try number(6))
                ))
            case "pinch":
                try arguments(6, "pinch SCENE CX CY START-DISTANCE END-DISTANCE SECONDS")
                commands.append((
                    offset + 1,
                    .pinch(
                        scene: words[1], center: Point(x: try number(2), y: try number(3)), startDistance: try number(4),
                        endDistance: try number(5), seconds: try number(6))
                ))
            case "shake":
                try arguments(0, "shake")
                commands.append((offset + 1, .shake))
            case "remote":
                try arguments(1, "remote SUBTYPE")
                guard let subtype = Event.EventSubtype(wireName: words[1]), subtype.isRemoteControl else {
                    throw fail("unknown remote-control subtype '\(words[1])'")
                }
                commands.append((offset + 1, .remote(subtype)))
            case "press":
                guard words.count == 2 || words.count == 3 else { throw fail("expected: press KEY [PHASE]") }
                do throws(KeyboardInputError) {
                    let stroke = words.count == 3 ? try KeyStroke(name: words[2]) : .press
                    commands.append((offset + 1, .keyboard(KeyboardInput.records(for: try KeyCombination(name: words[1]), stroke: stroke))))
                } catch {
                    throw fail(error.message)
                }
            case "type":
                guard words.count >= 2 else { throw fail("expected: type TEXT") }
                let text = TypedText.unescape(String(line.dropFirst("type".count).drop { $0 == " " }))
                do throws(InputError) { try KeyboardInput.checkTypedText(text) } catch { throw fail(error.message) }
                commands.append((offset + 1, .keyboard([.text(text)])))
            case "touch":
                commands.append((offset + 1, .record(try Self.touchRecord(line, fail: fail))))
            case "key":
                try arguments(2, "key KEY PHASE")
                let combination: KeyCombination
                let stroke: KeyStroke
                do throws(KeyboardInputError) {
                    combination = try KeyCombination(name: words[1])
                    stroke = try KeyStroke(name: words[2])
                } catch {
                    throw fail(error.message)
                }
                switch (combination.target, stroke) {
                case (_, .press):
                    throw fail("PHASE must be began, changed, ended or cancelled (a key line is one phase)")
                case (.media(let subtype), .began):
                    commands.append((offset + 1, .record(.keyboard(.mediaKey(subtype)))))
                case (.media, _):
                    throw fail("a media key is a remote-control event: only its 'began' is a record")
                case (.key(let key), _):
                    let phase = Press.Phase(rawValue: stroke.rawValue) ?? .began
                    commands.append((offset + 1, .record(.keyboard(.press(key, phase)))))
                }
            case "focus":
                try arguments(2, "focus SCENE gained|lost")
                guard words[2] == "gained" || words[2] == "lost" else { throw fail("expected gained or lost (got '\(words[2])')") }
                commands.append((offset + 1, .record(.focus(scene: words[1], gained: words[2] == "gained"))))
            case "wheel":
                try arguments(5, "wheel SCENE X Y DX DY")
                let location = Point(x: try number(2), y: try number(3))
                switch ScriptedScroll.checkDelta(try number(4), try number(5), what: "wheel delta") {
                case .success(let delta): commands.append((offset + 1, .record(.wheel(scene: words[1], location: location, delta: delta))))
                case .failure(let error): throw fail(error.message)
                }
            case "hover":
                switch words.count {
                case 3 where words[2] == "out":
                    commands.append((offset + 1, .record(.hover(scene: words[1], location: nil))))
                case 4:
                    commands.append((offset + 1, .record(.hover(scene: words[1], location: Point(x: try number(2), y: try number(3))))))
                default:
                    throw fail("expected: hover SCENE X Y, or hover SCENE out")
                }
            case "wait":
                try arguments(1, "wait SECONDS")
                let seconds = try number(1)
                guard seconds >= 0 else { throw fail("SECONDS must be ≥ 0") }
                commands.append((offset + 1, .wait(seconds)))
            case "quit":
                try arguments(0, "quit")
                commands.append((offset + 1, .quit))
            default:
                throw fail(
                    "unknown command '\(words[0])' (expected tap, long-press, swipe, pinch, shake, remote, press, type, touch, key, focus, wheel, hover, wait or quit)")
            }
        }
        self.commands = commands
        self.setupCommands = setupCommands
    }

    /// `touch SCENE SLOT PHASE X Y[, SLOT PHASE X Y…]`.
    private static func touchRecord(_ line: String, fail: (String) -> ConfigurationError) throws(ConfigurationError) -> InputRecord {
        let usage = "expected: touch SCENE SLOT PHASE X Y[, SLOT PHASE X Y…]"
        let head = line.dropFirst("touch".count).drop { $0 == " " }
        guard let space = head.firstIndex(of: " ") else { throw fail(usage) }
        let scene = String(head[..<space])
        var steps: [FingerStep] = []
        var slots: Set<UInt32> = []
        for (index, part) in head[space...].split(separator: ",").enumerated() {
            let words = part.split(separator: " ").map(String.init)
            guard words.count >= 2, let slot = UInt32(words[0]), let phase = InputSample.Phase(rawValue: words[1]) else {
                throw fail("finger \(index + 1): '\(part.trimmingCharacters(in: .whitespaces))' is not SLOT PHASE X Y (PHASE: down, move, up or cancel)")
            }
            guard slots.insert(slot).inserted else { throw fail("finger \(index + 1): slot \(slot) changes twice in one event") }
            if phase == .cancel {
                guard words.count == 2 || words.count == 4 else { throw fail("finger \(index + 1): expected SLOT cancel") }
                steps.append(FingerStep(slot: slot, phase: phase, location: Point(x: 0, y: 0)))
                continue
            }
            guard words.count == 4, let x = Double(words[2]), let y = Double(words[3]), x.isFinite, y.isFinite,
                abs(x) <= 1e7, abs(y) <= 1e7
            else {
                throw fail("finger \(index + 1): X and Y must be finite numbers of at most 10,000,000 points (got '\(words.dropFirst(2).joined(separator: " "))')")
            }
            steps.append(FingerStep(slot: slot, phase: phase, location: Point(x: x, y: y)))
        }
        guard !steps.isEmpty else { throw fail(usage) }
        return .touches(scene: scene, steps)
    }

    /// Runs the commands in order on `host`; `quit` calls `onQuit`, and the end of the script (when it
    /// does not quit) `onEnd`. A command that cannot run (unknown scene, script limits) is logged with
    /// its line and skipped.
    @MainActor
    public func run(on host: SceneHost, onQuit: @escaping @MainActor () -> Void, onEnd: (@MainActor () -> Void)? = nil) {
        InputScriptRunner(script: self, host: host, onQuit: onQuit, onEnd: onEnd).next()
    }
}
