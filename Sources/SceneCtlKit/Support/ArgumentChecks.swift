import ArgumentParser
import SceneBusContract

/// Checks for numbers ArgumentParser accepts but the host would refuse, so that they fail early as
/// usage errors (exit status 64) naming the argument and the value.
enum ArgumentChecks {
    /// The longest gesture or wait `scenectl` accepts, one day (the host's own limit is usually lower
    /// and reported as `LimitsExceeded`).
    static let maximumSeconds = 86_400.0

    /// A coordinate: finite (`nan` and `inf` parse as numbers but are not points).
    static func coordinate(_ value: Double, _ name: String) throws {
        guard value.isFinite else {
            throw ValidationError("\(name) '\(value)' is not a finite number of points")
        }
    }

    /// A duration in seconds: finite, ≥ 0, at most ``maximumSeconds``.
    static func seconds(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0, value <= maximumSeconds else {
            throw ValidationError(
                "\(name) '\(value)' is not a number of seconds in [0, \(TextFormat.number(maximumSeconds))]")
        }
    }

    /// A distance: finite and > 0.
    static func distance(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0 else {
            throw ValidationError("\(name) '\(value)' is not a finite distance > 0 points")
        }
    }

    /// What the gesture commands print for the view their first touch hit.
    static func hitDescription(_ view: String) -> String {
        view.isEmpty ? "(nothing)" : view
    }
}
