import DBusKit
import SceneBusContract
import SceneCore
import ScenePlugins

/// Turns the host's errors into `org.scenehost.Error.*` D-Bus errors whose message names the bad value
/// (scripted input's ``InputError`` carries its own: `error.busError`).
enum HostBusErrors {
    static func from(_ error: SceneLoadError) -> BusError {
        switch error {
        case .plugin(let refusal) where refusal.code == .invalidName:
            BusError(name: SceneBusContract.ErrorNames.invalidName, message: refusal.message)
        case .plugin(let refusal):
            BusError(name: SceneBusContract.ErrorNames.pluginRefused, message: refusal.description)
        case .scene(let problem):
            BusError(
                name: problem.code == .duplicateSceneName ? SceneBusContract.ErrorNames.sceneExists : SceneBusContract.ErrorNames.invalidName,
                message: problem.message)
        }
    }

    static func from(_ error: KeyboardInputError) -> BusError {
        BusError(name: SceneBusContract.ErrorNames.invalidName, message: error.message)
    }

    static func invalidValue(_ message: String) -> BusError {
        BusError(name: SceneBusContract.ErrorNames.invalidValue, message: message)
    }

    static func invalidName(_ message: String) -> BusError {
        BusError(name: SceneBusContract.ErrorNames.invalidName, message: message)
    }

    static func unknownView(_ reference: String, window: String) -> BusError {
        BusError(
            name: SceneBusContract.ErrorNames.unknownView,
            message: "no view '\(reference)' in window '\(window)'; list the references with DescribeTree (scenectl tree)")
    }

    static func gone(_ what: String) -> BusError {
        BusError(name: SceneBusContract.ErrorNames.unknownObject, message: "\(what) no longer exists")
    }

    static func invalidState(_ message: String) -> BusError {
        BusError(name: SceneBusContract.ErrorNames.invalidState, message: message)
    }

    static func rateLimited(_ client: String, limit: Double) -> BusError {
        BusError(
            name: SceneBusContract.ErrorNames.limitsExceeded,
            message: "client \(client) exceeded \(Int(limit)) calls per second (bus.limits.calls-per-second); slow down or batch with InjectTouches")
    }

    /// A finite point within ±10,000,000 points, or an InvalidValue error naming it.
    static func point(_ x: Double, _ y: Double, _ what: String) throws -> Point {
        let point = Point(x: x, y: y)
        do throws(InputError) {
            try TouchInjector.validate(point, what: what)
        } catch {
            throw error.busError
        }
        return point
    }

    /// A finite duration in `0...limit` seconds.
    static func seconds(_ value: Double, _ what: String, limit: Double) throws -> Double {
        guard value.isFinite, value >= 0 else {
            throw invalidValue("\(what) \(value) must be a finite number of seconds ≥ 0")
        }
        guard value <= limit else {
            throw BusError(
                name: SceneBusContract.ErrorNames.limitsExceeded,
                message: "\(what) \(value.compactDescription) s exceeds the limit of \(limit.compactDescription) s (bus.limits.script-seconds)")
        }
        return value
    }
}
