import DBusKit
import Foundation
import SceneCore

/// What each bus client may drive: its own touch slots (so two clients can both use slot 0) and a
/// call-rate budget. A client's slots are cancelled when it leaves the bus.
@MainActor
final class ClientInput {
    private struct Client {
        var injector: TouchInjector
        var tokens: Double
        var lastRefill: Double
    }

    private let application: Application
    private var limits: ScriptLimits
    private let scripts: ScriptRunList
    private var clients: [String: Client] = [:]

    /// - Parameter scripts: where the clients' scripted runs are listed as pending work.
    init(application: Application, limits: ScriptLimits, scripts: ScriptRunList) {
        self.application = application
        self.limits = limits
        self.scripts = scripts
    }

    /// The call budget refills in real time, whatever clock the model runs on (a virtual clock that
    /// nobody advances must not starve the clients that would advance it).
    private var now: Double { MonotonicClock.monotonicSeconds() }

    /// The injector holding `client`'s slots.
    func injector(for client: String) -> TouchInjector {
        if let existing = clients[client] { return existing.injector }
        let created = Client(
            injector: TouchInjector(application: application, limits: limits, scripts: scripts), tokens: limits.callsPerSecond,
            lastRefill: now)
        clients[client] = created
        return created.injector
    }

    /// Spends one call from `client`'s budget (a token bucket refilled at `callsPerSecond`, holding at
    /// most one second's worth); false when the budget is empty.
    func admit(_ client: String) -> Bool {
        _ = injector(for: client)
        let now = self.now
        var state = clients[client]!
        state.tokens = Swift.min(limits.callsPerSecond, state.tokens + (now - state.lastRefill) * limits.callsPerSecond)
        state.lastRefill = now
        guard state.tokens >= 1 else {
            clients[client] = state
            return false
        }
        state.tokens -= 1
        clients[client] = state
        return true
    }

    var callsPerSecond: Double { limits.callsPerSecond }

    /// `client` left the bus: its fingers are cancelled and its budget forgotten.
    func clientLeft(_ client: String) {
        guard let state = clients.removeValue(forKey: client) else { return }
        state.injector.cancelAllSlots()
    }

    /// Every client's fingers are cancelled (shutdown).
    func cancelAll() {
        for state in clients.values { state.injector.cancelAllSlots() }
    }
}
