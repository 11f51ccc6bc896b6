import DBusKit
import TestSupport

/// The fuzzer's generator: a run replays exactly from its seed.
typealias FuzzRandom = SplitMix64

extension SplitMix64 {
    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }
}

/// Random D-Bus signatures and values for them: ordinary values, edge values (NaN, infinities,
/// extremes, empty and long strings, deep nesting, big arrays) and strings that look like names but
/// are not.
struct FuzzValues {
    var random: FuzzRandom
    /// Values still allowed in the message being built (arrays stay empty once it is spent).
    private var budget = 0

    /// Strings a handler might take for a name, a phase, a view reference or a subtype, valid or not.
    static let interestingStrings = [
        "", " ", "nodots", "org.", ".org", "org..x", "org.scenehost.Host1", "org.freedesktop.DBus.Properties", "1abc",
        "a-b", "with space", "ünïcödé", "/", "//", "/org/scenehost/SceneHost", "/trailing/", ":1.1", ":", "blue", "red",
        "View#0", "View#0.0.0", "View#99", "View#-1", "View#", "#", "down", "move", "up", "cancel", "hover", "play",
        "pause", "next", "previous", "stop", "toggle", "louder", "shake", "began", "ended", "cancelled", "tilt",
        "findview", "gallery", "gesturelab", "Gallery", "FindView", "GestureLab", "../../etc/passwd", "/dev/null",
        "libFindView.so", "x.so", "Return", "Escape", "Space", "a", "Shift+a", "Control+Alt+Delete", "F13", "Nope+Nope",
        "%s%s%n", "\u{1}", "\t\n", String(repeating: "x", count: 300), String(repeating: "é", count: 5000),
    ]

    static let interestingDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 240, 250, 1000, 700, 1e7, -1e7, 1e300, -1e300, .nan, .infinity, -.infinity,
        .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.01, 59.99, 2.5,
    ]

    init(seed: UInt64) {
        random = FuzzRandom(seed: seed)
    }

    // MARK: Signatures

    private static let basicCodes = Array("ybnqiuxtdsog")

    /// A random single complete type, nesting at most `depth` containers.
    mutating func completeType(depth: Int = 3) -> String {
        let roll = random.below(100)
        if depth <= 0 || roll < 55 {
            return String(random.pick(Self.basicCodes))
        }
        switch roll {
        case 55..<70:
            return "a" + completeType(depth: depth - 1)
        case 70..<80:
            return "a{" + String(random.pick(Self.basicCodes)) + completeType(depth: depth - 1) + "}"
        case 80..<92:
            let count = 1 + random.below(4)
            return "(" + (0..<count).map { _ in completeType(depth: depth - 1) }.joined() + ")"
        default:
            return "v"
        }
    }

    /// A random signature of 0 to 4 complete types (what a method call's body may be).
    mutating func signature() -> String {
        (0..<random.below(5)).map { _ in completeType() }.joined()
    }

    // MARK: Values

    /// Values for every complete type of `signature` (at most about 20,000 values in all).
    mutating func values(for signature: Signature) -> [BusValue] {
        budget = 20_000
        return signature.completeTypes.map { value(for: $0, depth: 0) }
    }

    /// A value of the single complete type `type`.
    mutating func value(for type: Signature, depth: Int) -> BusValue {
        let code = type.rawValue.first ?? "s"
        switch code {
        case "y": return .byte(UInt8(truncatingIfNeeded: integer()))
        case "b": return .bool(random.chance(50))
        case "n": return .int16(Int16(truncatingIfNeeded: integer()))
        case "q": return .uint16(UInt16(truncatingIfNeeded: integer()))
        case "i": return .int32(Int32(truncatingIfNeeded: integer()))
        case "u": return .uint32(UInt32(truncatingIfNeeded: integer()))
        case "x": return .int64(integer())
        case "t": return .uint64(UInt64(bitPattern: integer()))
        case "d": return .double(double())
        case "s": return .string(string())
        case "o": return .objectPath(objectPath())
        case "g": return .signature(Signature(unchecked: depth < 2 ? signature() : ""))
        case "h": return .unixFD(0)
        case "v":
            // A variant holds a value of another random type (not deeper than a few levels).
            let inner = depth < 3 ? completeType(depth: 2) : "s"
            return .variant(value(for: Signature(unchecked: inner), depth: depth + 1))
        case "(":
            return .structure((type.structFields ?? []).map { value(for: $0, depth: depth + 1) })
        default:
            if let (key, valueType) = type.dictionaryTypes {
                let count = arrayCount()
                return .dictionary(
                    key: key, value: valueType,
                    (0..<count).map { _ in .init(value(for: key, depth: depth + 1), value(for: valueType, depth: depth + 1)) })
            }
            let element = type.arrayElement ?? .string
            return .array(element: element, (0..<arrayCount()).map { _ in value(for: element, depth: depth + 1) })
        }
    }

    private mutating func arrayCount() -> Int {
        let count: Int
        switch random.below(100) {
        case 0..<30: count = 0
        case 30..<85: count = 1 + random.below(4)
        case 85..<97: count = 5 + random.below(60)
        default: count = 100 + random.below(900)
        }
        let allowed = min(count, budget)
        budget -= allowed
        return allowed
    }

    private mutating func integer() -> Int64 {
        switch random.below(10) {
        case 0: return random.pick([0, 1, -1, Int64.max, Int64.min, Int64(Int32.max), Int64(Int32.min), 255, 65535, 4_294_967_295])
        case 1...5: return Int64(random.below(12))
        default: return Int64(bitPattern: random.next())
        }
    }

    private mutating func double() -> Double {
        switch random.below(10) {
        case 0...3: return random.pick(Self.interestingDoubles)
        case 4...7: return Double(random.below(2000)) / 2
        default: return Double(bitPattern: random.next())
        }
    }

    private mutating func string() -> String {
        if random.chance(60) { return random.pick(Self.interestingStrings) }
        let length = random.below(random.chance(90) ? 12 : 400)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let roll = random.below(100)
            let value: UInt32
            if roll < 70 {
                value = UInt32(0x20 + random.below(0x5F))
            } else if roll < 90 {
                value = UInt32(0xA0 + random.below(0x2000))
            } else {
                value = UInt32(1 + random.below(0x1F))  // control characters, no NUL (not allowed in strings)
            }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    private mutating func objectPath() -> ObjectPath {
        let paths: [ObjectPath] = [
            "/", "/org/scenehost/SceneHost", "/org/scenehost/SceneHost/window/1", "/org/scenehost/SceneHost/window/99",
            "/org/scenehost/SceneHost/scene/findview", "/org/scenehost/SceneHost/track/blue", "/org/mpris/MediaPlayer2",
            "/org/a11y/atspi/accessible/root", "/org/a11y/atspi/null", "/x/y/z", "/org/scenehost/SceneHost/track/nobody",
        ]
        return random.pick(paths)
    }
}
