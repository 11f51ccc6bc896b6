import DBusKit

/// An assistive tool's blocking calls to one application on the accessibility bus.
@MainActor
final class AtspiBenchClient {
    static let rootPath: ObjectPath = "/org/a11y/atspi/accessible/root"
    static let nullPath: ObjectPath = "/org/a11y/atspi/null"
    private static let accessible: InterfaceName = "org.a11y.atspi.Accessible"
    private static let component: InterfaceName = "org.a11y.atspi.Component"

    let connection: BusConnection
    /// The application's unique name.
    let application: BusName

    init(address: String, application: BusName) throws {
        connection = try BusConnection.connectBlocking(to: .address(address))
        self.application = application
    }

    /// `org.freedesktop.DBus.Peer.Ping` to the application's connection: the bare round trip.
    func ping() throws {
        _ = try connection.callBlocking(destination: application, path: Self.rootPath, interface: .peer, member: "Ping")
    }

    /// `Accessible.GetChildAtIndex`.
    func child(of path: ObjectPath, at index: Int32) throws -> ObjectPath {
        try reference(connection.callBlocking(
            destination: application, path: path, interface: Self.accessible, member: "GetChildAtIndex", arguments: [.int32(index)]))
    }

    /// The path of `Accessible.Parent`.
    func parent(of path: ObjectPath) throws -> ObjectPath {
        let reply = try connection.callBlocking(
            destination: application, path: path, interface: .properties, member: "Get",
            arguments: [.string(Self.accessible.rawValue), .string("Parent")])
        return reply.arguments.first?.variantValue?.structFields?.last?.objectPathValue ?? Self.nullPath
    }

    /// `Component.GetExtents` in screen coordinates.
    func extents(_ path: ObjectPath) throws -> (x: Int32, y: Int32, width: Int32, height: Int32) {
        let reply = try connection.callBlocking(
            destination: application, path: path, interface: Self.component, member: "GetExtents", arguments: [.uint32(0)])
        return try reply.read { reader in
            try reader.readStruct { fields in (try fields.readInt32(), try fields.readInt32(), try fields.readInt32(), try fields.readInt32()) }
        }
    }

    /// `Component.GetAccessibleAtPoint(x, y, screen)` on `path`; the null path when nothing is there.
    func accessibleAtPoint(_ path: ObjectPath, x: Int32, y: Int32) throws -> ObjectPath {
        let message = BusMessage.methodCall(destination: application, path: path, interface: Self.component, member: "GetAccessibleAtPoint")
        try message.write { writer in
            try writer.append(x)
            try writer.append(y)
            try writer.append(UInt32(0))
        }
        return try reference(connection.callBlocking(message))
    }

    /// `Cache.GetItems`; returns how many items it answered (reading every one).
    func cacheItemCount() throws -> Int {
        let reply = try connection.callBlocking(
            destination: application, path: "/org/a11y/atspi/cache", interface: "org.a11y.atspi.Cache", member: "GetItems",
            timeout: .seconds(30))
        return try reply.read { reader in try reader.readArray { item in try item.skip() }.count }
    }

    private func reference(_ reply: BusMessage) throws -> ObjectPath {
        try reply.read { reader in try reader.readStruct { fields in _ = try fields.readString(); return try fields.readObjectPath() } }
    }
}

extension AtspiBenchClient {
    /// `Accessible.GetChildren`.
    func children(of path: ObjectPath) throws -> [ObjectPath] {
        let reply = try connection.callBlocking(destination: application, path: path, interface: "org.a11y.atspi.Accessible", member: "GetChildren")
        return try reply.read { reader in
            try reader.readArray { item in try item.readStruct { fields in _ = try fields.readString(); return try fields.readObjectPath() } }
        }
    }

    /// `Accessible.AccessibleId` (the host's view reference).
    func accessibleID(of path: ObjectPath) throws -> String {
        let reply = try connection.callBlocking(
            destination: application, path: path, interface: .properties, member: "Get",
            arguments: [.string("org.a11y.atspi.Accessible"), .string("AccessibleId")])
        return reply.arguments.first?.variantValue?.stringValue ?? ""
    }

    /// `Text.GetText(start, end)`; returns how many characters it answered.
    func text(_ path: ObjectPath, from start: Int32 = 0, to end: Int32 = -1) throws -> Int {
        let message = BusMessage.methodCall(destination: application, path: path, interface: "org.a11y.atspi.Text", member: "GetText")
        try message.write { writer in
            try writer.append(start)
            try writer.append(end)
        }
        return try connection.callBlocking(message).read { reader in try reader.readString() }.unicodeScalars.count
    }

    /// `EditableText.InsertText(position, text, length)`; returns the answer.
    func insertText(_ path: ObjectPath, at position: Int32, _ text: String) throws -> Bool {
        let message = BusMessage.methodCall(destination: application, path: path, interface: "org.a11y.atspi.EditableText", member: "InsertText")
        try message.write { writer in
            try writer.append(position)
            try writer.append(text)
            try writer.append(Int32(text.unicodeScalars.count))
        }
        return try connection.callBlocking(message).read { reader in try reader.readBool() }
    }

    /// `EditableText.DeleteText(start, end)`; returns the answer.
    func deleteText(_ path: ObjectPath, from start: Int32, to end: Int32) throws -> Bool {
        let message = BusMessage.methodCall(destination: application, path: path, interface: "org.a11y.atspi.EditableText", member: "DeleteText")
        try message.write { writer in
            try writer.append(start)
            try writer.append(end)
        }
        return try connection.callBlocking(message).read { reader in try reader.readBool() }
    }
}
