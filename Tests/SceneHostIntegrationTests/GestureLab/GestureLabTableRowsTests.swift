import DBusKit
import Foundation
import SceneBusContract
import Testing

/// Selectors see every row of GestureLab's 1,000-row table, out of view too, and a strict tap scrolls
/// the row it names into view before it taps [TV-12]: in the host and with GestureLab in a process of
/// its own, with the same answers.
@MainActor
@Suite("GestureLab's rows out of view, over D-Bus", .serialized)
struct GestureLabTableRowsTests {
    /// Find and TapMatching on rows out of view, with the switch that lets the table have its taps on:
    /// each answer as text, and the scene's log lines.
    static func tapRowsOutOfView(_ client: HostBusClient) async throws -> (answers: [String], log: [String]) {
        try await client.settle()
        client.clear()
        var answers: [String] = []
        func note(_ work: () async throws -> [BusValue]) async { answers.append(await IsolatedSceneBusTests.answer(work)) }
        await note { try await client.host("Find", [.string("#row-40")]) }
        await note { try await client.host("Find", [.string("#row-40:visible")]) }
        await note { try await client.host("Find", [.string("#table Label[text='Row 1000']")]) }
        await note { try await client.window(1, "TapView", [.string("table-taps")]) }
        await note { try await client.host("TapMatching", [.string("#row-40"), .double(5)]) }
        try await client.waitForSignals("Row 40 selected") { signals in
            signals.contains { $0.member == "Log" && "\($0.arguments)".contains("Selected Row 40") }
        }
        await note { try await client.host("Find", [.string("#row-40:visible")]) }
        await note { try await client.host("TapMatching", [.string("[text='Row 1000']"), .double(5)]) }
        try await client.waitForSignals("Row 1000 selected") { signals in
            signals.contains { $0.member == "Log" && "\($0.arguments)".contains("Selected Row 1000") }
        }
        await note { try await client.host("TapMatching", [.string("TableViewCell"), .double(0)]) }
        return (answers, client.logLines(of: "gesturelab"))
    }

    @Test("TV-12: Find names a row out of view by its table and row, not :visible; TapMatching scrolls it into view and taps its cell, which selects it; in a process of its own the same")
    func strictTapScrollsRowsIntoView() async throws {
        let (expected, actual, _, client) = try await IsolatedSceneBusTests.inBothModes(
            IsolatedSceneBusTests.gestureLab, Self.tapRowsOutOfView)
        defer { client.close() }
        let window = SceneBusContract.windowPath(1).rawValue
        #expect(expected.answers[0].contains(window) && expected.answers[0].contains("string(\"table/row:0.39\")"), "\(expected.answers)")
        #expect(expected.answers[0].components(separatedBy: "string(").count == 2, "one match: \(expected.answers)")
        #expect(expected.answers[1] == "array(element: (os), [])", "\(expected.answers)")
        #expect(expected.answers[2].contains("table/row:0.999/Label#0"), "\(expected.answers)")
        #expect(expected.answers[4] == "objectPath(\(window)) string(\"row-40\")", "the tap reached Row 40's own cell: \(expected.answers)")
        #expect(expected.answers[5].contains("string(\"row-40\")"), "Row 40 is on screen now: \(expected.answers)")
        #expect(expected.answers[6] == "objectPath(\(window)) string(\"row-1000\")", "\(expected.answers)")
        #expect(expected.answers[7].contains("Ambiguous") && expected.answers[7].contains("1000 views"), "\(expected.answers)")
        #expect(expected.log.filter { $0.hasPrefix("Selected") } == ["Selected Row 40", "Selected Row 1000"], "\(expected.log)")
        #expect(!expected.log.contains("Background tap"))
        #expect(actual.answers == expected.answers)
        #expect(actual.log == expected.log)
    }
}
