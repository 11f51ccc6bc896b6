import DBusKit
import Glibc
import SceneProcesses
import TestProcesses
import Testing

@Suite("Connections", .tags(.needsBus))
@MainActor
struct ConnectionTests {
    let bus: BusFixture

    init() async throws {
        bus = try await BusFixture()
    }

    @Test("Each connection gets its own unique name from the bus")
    func uniqueNames() async throws {
        let first = try await bus.connect()
        let second = try await bus.connect()
        let firstName = try #require(first.uniqueName)
        #expect(firstName.isUnique)
        #expect(first.uniqueName != second.uniqueName)
        let reply = try await first.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetNameOwner",
            arguments: [.string(firstName.rawValue)], timeout: .seconds(60))
        #expect(reply.arguments == [.string(firstName.rawValue)])
    }

    @Test("Connecting to a socket that does not exist fails with the address in the message")
    func connectionFailure() async {
        await #expect {
            try await BusConnection.connect(to: .address("unix:path=/nonexistent/dbuskit/bus"))
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .connectionFailed && busError.message.contains("/nonexistent/dbuskit/bus")
        }
    }

    @Test("Shared connections to one address are the same object; private ones are not")
    func sharing() async throws {
        let first = try await BusConnection.connect(to: .address(bus.daemon.address), sharing: .shared)
        let second = try await BusConnection.connect(to: .address(bus.daemon.address), sharing: .shared)
        let own = try await bus.connect()
        #expect(first === second)
        #expect(first !== own)
        first.close()
        #expect(!second.isConnected)
    }

    @Test("libdbus answers org.freedesktop.DBus.Peer for every connection")
    func peer() async throws {
        let client = try await bus.connect()
        let server = try await bus.connect()
        let ping = try await client.call(
            destination: server.uniqueName, path: "/any/path", interface: .peer, member: "Ping", timeout: .seconds(60))
        #expect(ping.kind == .methodReturn)
        #expect(ping.arguments.isEmpty)
        let machine = try await client.call(
            destination: server.uniqueName, path: "/", interface: .peer, member: "GetMachineId", timeout: .seconds(60))
        let identifier = try #require(machine.arguments.first?.stringValue)
        #expect(identifier.count == 32)
    }

    @Test("A blocking call works against another process (the bus itself)")
    func blockingCall() async throws {
        let connection = try await bus.connect()
        let reply = try connection.callBlocking(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames", timeout: .seconds(60))
        let names = reply.arguments.first?.arrayElements?.compactMap(\.stringValue) ?? []
        #expect(names.contains("org.freedesktop.DBus"))
        #expect {
            try connection.callBlocking(
                destination: "org.example.Nobody", path: "/", interface: .peer, member: "Ping", timeout: .seconds(60))
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .remote && busError.name == .serviceUnknown
                && busError.message.contains("org.example.Nobody")
        }
    }

    @Test("Calling a name nobody owns fails with ServiceUnknown from the bus")
    func serviceUnknown() async throws {
        let connection = try await bus.connect()
        let error = try await bus.expectError(
            from: connection, destination: "org.example.Nobody", path: "/", interface: "org.example.I", member: "M")
        #expect(error.code == .remote)
        #expect(error.name == .serviceUnknown)
    }

    @Test("A sent message is sealed and refuses further writes")
    func sealedAfterSend() async throws {
        let connection = try await bus.connect()
        let message = BusMessage.signal(path: "/a", interface: "org.example.I", member: "S")
        try connection.send(message)
        #expect(message.serial != 0)
        #expect {
            try message.append([.uint32(1)])
        } throws: { error in
            (error as! BusError).code == .invalidState
        }
    }

    @Test("close() fails later calls with a disconnected error and does not run the disconnect handler")
    func close() async throws {
        let connection = try await bus.connect()
        var handlerRan = false
        connection.disconnectHandler = { _ in handlerRan = true }
        connection.close()
        #expect(!connection.isConnected)
        let error = try await bus.expectError(
            from: connection, destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames")
        #expect(error.code == .disconnected)
        #expect(throws: BusError.self) {
            try connection.emitSignal(path: "/a", interface: "org.example.I", member: "S", arguments: [])
        }
        connection.close()
        #expect(!handlerRan)
    }

    @Test("When the bus goes away the disconnect handler runs and outstanding calls fail")
    func busGoesAway() async throws {
        let client = try await bus.connect()
        let server = try await bus.connect()
        let hold = try bus.exportHold(on: server)
        let disconnected = Recorder<Bool>()
        client.disconnectHandler = { connection in disconnected.record(connection.isConnected) }
        let pending = Task { @MainActor in
            _ = try await client.call(
                destination: server.uniqueName, path: "/hold", interface: "org.example.Hold1", member: "Hold",
                timeout: .seconds(60))
        }
        try await hold.wait(for: 1, "Hold calls")
        bus.daemon.stop()
        #expect(try await disconnected.wait(for: 1, "disconnect notifications") == [false])
        #expect(!client.isConnected)
        await #expect {
            try await pending.value
        } throws: { error in
            (error as! BusError).code == .disconnected
        }
        let later = try await bus.expectError(from: client, destination: .bus, path: "/", interface: .bus, member: "ListNames")
        #expect(later.code == .disconnected)
    }

    @Test("Closed and released connections hang up their sockets, so the bus sees them leave")
    func connectionsHangUp() async throws {
        let observer = try await bus.connect()
        let departed = Recorder<String>()
        _ = try await observer.addMatch(.signal(sender: .bus, interface: .bus, member: "NameOwnerChanged")) { message in
            let arguments = message.arguments
            if arguments.count == 3, arguments[2] == .string(""), let name = arguments[0].stringValue, name.hasPrefix(":") {
                departed.record(name)
            }
        }
        var names: Set<String> = []
        for index in 0..<40 {
            let connection = try await bus.connect()
            names.insert(connection.uniqueName!.rawValue)
            _ = try await connection.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetId", timeout: .seconds(60))
            if index % 2 == 0 {
                connection.close()
            }
        }
        let gone = try await departed.wait(for: 40, "departures")
        #expect(Set(gone) == names)
    }
}
