import BenchSupport
/// Touch deliveries that reached the application (the end of the responder chain).
struct TerminalCounts: Equatable {
    var began: Int
    var moved: Int
    var ended: Int
    var cancelled: Int
}
