import DBusKit
import Testing

@Suite("Name ownership", .tags(.needsBus))
@MainActor
struct NameOwnershipTests {
    let bus: BusFixture
    let name: BusName = "org.example.Owned1"

    init() async throws {
        bus = try await BusFixture()
    }

    @Test("The first requester becomes the primary owner and is told so")
    func primaryOwner() async throws {
        let connection = try await bus.connect()
        let acquired = Recorder<BusName>()
        connection.nameAcquiredHandler = { acquired.record($0) }
        #expect(try await connection.requestName(name) == .primaryOwner)
        #expect(connection.ownedNames == [name])
        #expect(acquired.values == [name])
        #expect(try await connection.requestName(name) == .alreadyOwner)
    }

    @Test("A second requester gets exists with doNotQueue, and is queued otherwise")
    func secondRequester() async throws {
        let first = try await bus.connect()
        let second = try await bus.connect()
        _ = try await first.requestName(name)
        #expect(try await second.requestName(name, options: .doNotQueue) == .exists)
        #expect(try await second.requestName(name) == .inQueue)
        #expect(second.ownedNames.isEmpty)
    }

    @Test("replaceExisting takes the name from an owner that allowed replacement, who sees NameLost")
    func replacement() async throws {
        let first = try await bus.connect()
        let second = try await bus.connect()
        let lost = Recorder<BusName>()
        first.nameLostHandler = { lost.record($0) }
        #expect(try await first.requestName(name, options: .allowReplacement) == .primaryOwner)
        #expect(try await second.requestName(name, options: [.replaceExisting, .doNotQueue]) == .primaryOwner)
        #expect(try await lost.wait(for: 1, "NameLost signals") == [name])
        #expect(first.ownedNames.isEmpty)
        #expect(second.ownedNames == [name])
    }

    @Test("replaceExisting does not take a name whose owner did not allow replacement")
    func noReplacement() async throws {
        let first = try await bus.connect()
        let second = try await bus.connect()
        _ = try await first.requestName(name)
        #expect(try await second.requestName(name, options: [.replaceExisting, .doNotQueue]) == .exists)
    }

    @Test("Releasing a name hands it to the next connection in the queue")
    func release() async throws {
        let first = try await bus.connect()
        let second = try await bus.connect()
        let acquired = Recorder<BusName>()
        second.nameAcquiredHandler = { acquired.record($0) }
        _ = try await first.requestName(name)
        #expect(try await second.requestName(name) == .inQueue)
        #expect(try await first.releaseName(name) == .released)
        #expect(first.ownedNames.isEmpty)
        #expect(try await acquired.wait(for: 1, "NameAcquired signals") == [name])
        #expect(second.ownedNames == [name])
        #expect(try await first.releaseName(name) == .notOwner)
        #expect(try await first.releaseName("org.example.NobodyHasThis") == .nonExistent)
    }

    @Test("Requesting a unique name is refused before reaching the bus")
    func uniqueNameRefused() async throws {
        let connection = try await bus.connect()
        await #expect {
            _ = try await connection.requestName(":1.99")
        } throws: { error in
            (error as! BusError).code == .invalidArguments
        }
    }
}
