import Foundation

/// The factor for timeouts that only guard against a hang, from `SCENEHOST_TEST_TIME_SCALE`
/// (scripts/lib/sanitizers.sh sets it for sanitized runs, whose code runs several times slower;
/// at least 1, and 1 in a plain run). A timeout that is what a test checks is never scaled.
public enum TestTimeScale {
    public static let factor: Double = ProcessInfo.processInfo.environment["SCENEHOST_TEST_TIME_SCALE"].flatMap(Double.init).map { max(1, $0) } ?? 1
}
