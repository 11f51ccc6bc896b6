import DBusKit

/// The set-up the export suites share: a private bus, a `server` and a `client` connection to it, and
/// a ``TestService`` that each suite exports where it needs it. A suite subclasses it (Swift Testing
/// makes a fresh instance, so a fresh bus, for each test); test functions are not inherited.
@MainActor
class ServerAndClient {
    let bus: BusFixture
    let server: BusConnection
    let client: BusConnection
    let service = TestService()

    init() async throws {
        bus = try await BusFixture()
        server = try await bus.connect()
        client = try await bus.connect()
    }
}
