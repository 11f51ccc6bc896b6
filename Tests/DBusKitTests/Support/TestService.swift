import DBusKit
import Testing

/// A small exported object used by the bus tests: arithmetic, errors, deferred and async
/// methods, and properties of every access kind.
@MainActor
final class TestService: ExportedObject {
    static let interfaceName: InterfaceName = "org.example.Test1"
    static let path: ObjectPath = "/org/example/Test"

    var name = "scene"
    var count: UInt32 = 3
    var secret = ""
    let deferred = Recorder<DeferredReply>()
    let gate = Recorder<UInt32>()
    let noReplyCalls = Recorder<UInt32>()

    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom went the handler" }
    }

    var interfaces: [InterfaceDescription] {
        [
            InterfaceDescription(
                Self.interfaceName,
                methods: [
                    .method("Add", inputs: [.init("a", .int32), .init("b", .int32)], outputs: [.init("sum", .int32)]) {
                        call in
                        let (a, b) = try call.read { reader in (try reader.readInt32(), try reader.readInt32()) }
                        return [.int32(a &+ b)]
                    },
                    .writingMethod(
                        "Echo", inputs: [.init("sequence", .uint32), .init("x", .double), .init("y", .double)],
                        outputs: [.init("sequence", .uint64), .init("window", .objectPath), .init("phase", .string)]
                    ) { call, writer in
                        let sequence = try call.read { try $0.readUInt32() }
                        try writer.append(UInt64(sequence))
                        try writer.append(ObjectPath("/org/example/Test/window/1"))
                        try writer.append("moved")
                    },
                    .method("Fail", inputs: [.init("message", .string)]) { call in
                        let text = try call.read { try $0.readString() }
                        throw BusError(name: "org.example.Test1.Error.Refused", message: text)
                    },
                    .method("Crash") { _ in throw Boom() },
                    .method("Lie", outputs: [.init("value", .string)]) { _ in [.uint32(1)] },
                    .deferredMethod("Later", inputs: [.init("value", .uint32)], outputs: [.init("value", .uint32)]) {
                        [deferred] _, reply in deferred.record(reply)
                    },
                    .deferredMethod("Drop") { _, _ in },
                    .asyncMethod("Wait", outputs: [.init("value", .uint32)]) { [gate] _ in
                        let values = try await gate.wait(for: 1, "gate openings")
                        return [.uint32(values[0])]
                    },
                    .method("Open", inputs: [.init("value", .uint32)]) { [gate] call in
                        gate.record(try call.read { try $0.readUInt32() })
                        return []
                    },
                    .method("Notify", inputs: [.init("value", .uint32)], flags: [.noReply]) { [noReplyCalls] call in
                        noReplyCalls.record(try call.read { try $0.readUInt32() })
                        return [.string("dropped")]
                    },
                    .method("WhoAmI", outputs: [.init("sender", .string), .init("path", .objectPath)]) { call in
                        [.string(call.sender?.rawValue ?? ""), .objectPath(call.path)]
                    },
                ],
                signals: [SignalDescription("Tick", arguments: [.init("sequence", .uint64)])],
                properties: [
                    PropertyDescription("Name", signature: .string) { [unowned self] in .string(name) } set: {
                        [unowned self] value in
                        guard let text = value.stringValue, !text.isEmpty else {
                            throw BusError.invalidArguments("Name must not be empty")
                        }
                        name = text
                    },
                    PropertyDescription("Count", signature: .uint32, changeBehavior: .invalidates) { [unowned self] in
                        .uint32(count)
                    } set: { [unowned self] value in count = value.uint32Value ?? 0 },
                    PropertyDescription("Version", signature: .string, changeBehavior: .constant) { .string("1.0") },
                    PropertyDescription(writeOnly: "Secret", signature: .string) { [unowned self] value in
                        secret = value.stringValue ?? ""
                    },
                    PropertyDescription("Broken", signature: .string, changeBehavior: .notEmitted) {
                        throw BusError(name: "org.example.Test1.Error.Unavailable", message: "not now")
                    },
                ]
            )
        ]
    }
}
