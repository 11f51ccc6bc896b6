import SceneBusContract

/// One step of `scenectl touch`: a raw finger action in screen points, or a pause.
///
/// The words are `down SLOT X Y`, `move SLOT X Y`, `up SLOT`, `cancel SLOT` and `wait SECONDS`,
/// one after another: `down 0 240 250 move 0 245 250 up 0`.
enum TouchStep: Sendable, Equatable, CustomStringConvertible {
    case down(slot: UInt32, x: Double, y: Double)
    case move(slot: UInt32, x: Double, y: Double)
    case up(slot: UInt32)
    case cancel(slot: UInt32)
    case wait(seconds: Double)

    /// The accepted words, for messages.
    static let grammar = "down SLOT X Y, move SLOT X Y, up SLOT, cancel SLOT or wait SECONDS"

    var description: String {
        switch self {
        case .down(let slot, let x, let y): "down \(slot) \(TextFormat.number(x)) \(TextFormat.number(y))"
        case .move(let slot, let x, let y): "move \(slot) \(TextFormat.number(x)) \(TextFormat.number(y))"
        case .up(let slot): "up \(slot)"
        case .cancel(let slot): "cancel \(slot)"
        case .wait(let seconds): "wait \(TextFormat.number(seconds))"
        }
    }

    /// Parses the words of a step list.
    ///
    /// - Throws: ``ScenectlError`` (usage) naming the step's position, the offending word and what
    ///   was expected there.
    static func parse(_ words: [String]) throws(ScenectlError) -> [TouchStep] {
        guard !words.isEmpty else {
            throw .usage("no touch steps; give \(grammar), e.g. `scenectl touch down 0 240 250 up 0`")
        }
        var steps: [TouchStep] = []
        var index = 0
        while index < words.count {
            let keyword = words[index]
            let number = steps.count + 1
            let arity: Int
            switch keyword {
            case "down", "move": arity = 3
            case "up", "cancel", "wait": arity = 1
            default:
                throw .usage("step \(number): '\(keyword)' is not a touch step; use \(grammar)")
            }
            let operands = Array(words[(index + 1)..<min(words.count, index + 1 + arity)])
            guard operands.count == arity, !operands.contains(where: isKeyword) else {
                let shape = keyword == "wait" ? "wait SECONDS" : arity == 3 ? "\(keyword) SLOT X Y" : "\(keyword) SLOT"
                let got = ([keyword] + operands.prefix { !isKeyword($0) }).joined(separator: " ")
                throw .usage("step \(number) ('\(got)'): expected \(shape)")
            }
            let step: TouchStep
            switch keyword {
            case "down":
                step = .down(
                    slot: try slot(operands[0], number), x: try coordinate(operands[1], "x", number),
                    y: try coordinate(operands[2], "y", number))
            case "move":
                step = .move(
                    slot: try slot(operands[0], number), x: try coordinate(operands[1], "x", number),
                    y: try coordinate(operands[2], "y", number))
            case "up": step = .up(slot: try slot(operands[0], number))
            case "cancel": step = .cancel(slot: try slot(operands[0], number))
            default: step = .wait(seconds: try seconds(operands[0], number))
            }
            steps.append(step)
            index += 1 + arity
        }
        return steps
    }

    private static func isKeyword(_ word: String) -> Bool {
        ["down", "move", "up", "cancel", "wait"].contains(word)
    }

    private static func slot(_ word: String, _ step: Int) throws(ScenectlError) -> UInt32 {
        guard let value = UInt32(word) else {
            throw .usage("step \(step): slot '\(word)' is not a slot number (0 to \(UInt32.max))")
        }
        return value
    }

    private static func coordinate(_ word: String, _ name: String, _ step: Int) throws(ScenectlError) -> Double {
        guard let value = Double(word), value.isFinite else {
            throw .usage("step \(step): \(name) '\(word)' is not a finite number of points")
        }
        return value
    }

    private static func seconds(_ word: String, _ step: Int) throws(ScenectlError) -> Double {
        guard let value = Double(word), value.isFinite, value >= 0, value <= ArgumentChecks.maximumSeconds else {
            throw .usage(
                "step \(step): wait '\(word)' is not a number of seconds in [0, \(TextFormat.number(ArgumentChecks.maximumSeconds))]")
        }
        return value
    }
}
