public import SceneErrors

/// One event signal as a scene process reports it (an `event` of code ``SceneEventCode/signal``):
/// the `org.scenehost.Host1` signal's member and its arguments without `seq`, windows as indices in
/// the scene's window list and the scene as itself, which the board turns into its bus paths
/// before it stamps `seq` and publishes. The same arguments, in the same order, as the signal the
/// host publishes when the scene runs in its own process (both are made by the host's SignalRecords).
public struct SceneSignal: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case u64(UInt64)
        case u32(UInt32)
        case double(Double)
        case string(String)
        /// A window of the scene by its index in the scene's windows; -1 for none.
        case window(Int32)
        /// A scene by its name (the process's own, in practice).
        case scene(String)
    }

    public var member: String
    public var values: [Value]

    public init(member: String, values: [Value]) {
        self.member = member
        self.values = values
    }

    /// The most arguments a signal has (Touch has 9 with `seq`).
    static let maximumValues = 32

    public var body: [UInt8] {
        var writer = WireWriter(capacity: 64)
        writer.string(member)
        writer.u8(UInt8(values.count))
        for value in values {
            switch value {
            case .u64(let number):
                writer.u8(1)
                writer.u64(number)
            case .u32(let number):
                writer.u8(2)
                writer.u32(number)
            case .double(let number):
                writer.u8(3)
                writer.f64(number)
            case .string(let text):
                writer.u8(4)
                writer.string(text)
            case .window(let index):
                writer.u8(5)
                writer.i32(index)
            case .scene(let name):
                writer.u8(6)
                writer.string(name)
            }
        }
        return writer.bytes
    }

    public init(body: [UInt8]) throws(ChannelError) {
        var reader = WireReader(body, context: "signal event")
        member = try reader.string("member")
        let count = Int(try reader.u8("argument count"))
        guard count <= Self.maximumValues else {
            throw ChannelError(code: .malformed, message: "signal event \(member) has \(count) arguments; at most \(Self.maximumValues)")
        }
        var values: [Value] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            switch try reader.u8("argument \(index)'s type") {
            case 1: values.append(.u64(try reader.u64("argument \(index)")))
            case 2: values.append(.u32(try reader.u32("argument \(index)")))
            case 3: values.append(.double(try reader.f64("argument \(index)")))
            case 4: values.append(.string(try reader.string("argument \(index)")))
            case 5: values.append(.window(try reader.i32("argument \(index)")))
            case 6: values.append(.scene(try reader.string("argument \(index)")))
            case let type:
                throw ChannelError(code: .malformed, message: "signal event \(member)'s argument \(index) has type \(type); 1…6 are known")
            }
        }
        self.values = values
        try reader.finish()
    }
}
