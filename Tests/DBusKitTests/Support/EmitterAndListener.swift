import DBusKit

/// The set-up the signal suites share: a private bus with an `emitter` and a `listener` connection
/// to it. A suite subclasses it (Swift Testing makes a fresh instance, so a fresh bus, for each test);
/// test functions are not inherited.
@MainActor
class EmitterAndListener {
    let bus: BusFixture
    let emitter: BusConnection
    let listener: BusConnection

    init() async throws {
        bus = try await BusFixture()
        emitter = try await bus.connect()
        listener = try await bus.connect()
    }
}
