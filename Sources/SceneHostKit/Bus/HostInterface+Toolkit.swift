import DBusKit
import SceneBusContract
import SceneBusServing
import SceneCore

/// The test engineer's methods of `org.scenehost.Host1`: waiting for idle and moving the virtual
/// clock (both answer with the `seq` of the last signal emitted before the reply), and reading it.
@MainActor
extension HostInterface {
    /// Longest `WaitForIdle` or `TapMatching` timeout, in seconds.
    static let maximumWaitSeconds = 3600.0

    static func toolkitMethods(service: HostBusService) -> [HostMethod] {
        let host = service.host
        return [
            .deferredMethod("WaitForIdle", access: .reads, inputs: [.init("timeout", .double)], outputs: [.init("seq", .uint64)]) { call, reply in
                do {
                    _ = try service.admit(call)
                    let timeout = try waitTimeout(try call.read { reader in try reader.readDouble() }, "WaitForIdle timeout")
                    let pending = host.pendingWork
                    pending.wait(timeout: timeout) {
                        guard pending.isIdle() else { return false }
                        reply.reply([.uint64(service.publisher.sequence)])
                        return true
                    } expired: {
                        reply.fail(
                            BusyReport.timeoutError(after: timeout, sources: pending.busySources(), clock: host.clock, publisher: service.publisher))
                    }
                } catch {
                    reply.fail(error)
                }
            },
            .deferredMethod("AdvanceClock", access: .changes, inputs: [.init("seconds", .double)], outputs: [.init("seq", .uint64)]) { call, reply in
                do {
                    _ = try service.admit(call)
                    let seconds = try call.read { reader in try reader.readDouble() }
                    guard let clock = host.clock as? VirtualClock else {
                        throw HostBusErrors.invalidState(
                            "AdvanceClock needs the virtual clock, and this host runs on the real one; start it with 'clock: virtual' in its configuration (or --clock virtual)")
                    }
                    let step = try HostBusErrors.seconds(seconds, "AdvanceClock seconds", limit: host.configuration.bus.limits.scriptSeconds)
                    guard let isolation = host.isolation, !isolation.scenes.isEmpty else {
                        clock.advance(by: step)
                        return reply.reply([.uint64(service.publisher.sequence)])
                    }
                    // Every scene process moves to the board's new time; the reply follows their
                    // answers, so it comes after the signals their timers made.
                    Task { @MainActor in
                        do throws(SceneCallError) {
                            try await isolation.advanceClock(by: step)
                            reply.reply([.uint64(service.publisher.sequence)])
                        } catch {
                            reply.fail(error.busError)
                        }
                    }
                } catch {
                    reply.fail(error)
                }
            },
            .method("Now", access: .reads, outputs: [.init("seconds", .double)]) { call in
                _ = try service.admit(call)
                return [.double(host.clock.now)]
            },
        ]
    }

    static func toolkitProperties(service: HostBusService) -> [PropertyDescription] {
        let clock = service.host.clock
        return [
            PropertyDescription("Clock", signature: .string, changeBehavior: .constant) { .string(clock.mode.rawValue) }
        ]
    }

    /// A finite timeout in 0…``maximumWaitSeconds`` seconds, or InvalidValue naming it.
    static func waitTimeout(_ value: Double, _ what: String) throws -> Double {
        guard value.isFinite, value >= 0, value <= maximumWaitSeconds else {
            throw HostBusErrors.invalidValue(
                "\(what) \(value) must be a finite number of seconds in 0…\(maximumWaitSeconds.compactDescription)")
        }
        return value
    }
}
