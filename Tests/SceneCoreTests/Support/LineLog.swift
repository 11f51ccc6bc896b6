/// Lines written by test views and controllers, taken (and cleared) by the test.
@MainActor
final class LineLog {
    var lines: [String] = []

    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}
