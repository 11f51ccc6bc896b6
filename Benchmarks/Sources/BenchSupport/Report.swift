import Glibc

/// Prints markdown as the run goes and remembers every missed target or mismatch.
@MainActor
public final class Report {
    public static let shared = Report()

    public private(set) var failures: [String] = []
    public private(set) var notes: [String] = []

    public func heading(_ text: String) {
        emit("\n## \(text)\n")
    }

    public func line(_ text: String) {
        emit(text)
    }

    public func table(_ headers: [String], _ rows: [[String]]) {
        emit("| " + headers.joined(separator: " | ") + " |")
        emit("|" + headers.map { _ in "---" }.joined(separator: "|") + "|")
        for row in rows { emit("| " + row.joined(separator: " | ") + " |") }
        emit("")
    }

    /// Records a failure (missed target or wrong result); the run exits non-zero.
    public func fail(_ text: String) {
        failures.append(text)
        emit("**FAIL:** \(text)")
    }

    /// Progress on stderr, so stdout stays a clean markdown report.
    public func progress(_ text: String) {
        var message = text + "\n"
        message.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }

    private func emit(_ text: String) {
        print(text)
        fflush(nil)  // all streams: stdout is a pipe when the report is captured
    }
}

/// Number formatting for the tables.
public enum Format {
    /// 3 significant digits, thousands separated: 342,436 / 3,580 / 75.1 / 0.912.
    public static func ns(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        if value.rounded() >= 100 { return grouped(Int(value.rounded())) }
        if value >= 10 { return fixed(value, 1) }
        return fixed(value, 2)
    }

    public static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return (value >= 100 ? grouped(Int(value.rounded())) : fixed(value, value >= 10 ? 1 : 2)) + "×"
    }

    public static func percent(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return String(Int((value * 100).rounded())) + "%"
    }

    public static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return decimals == 0 ? sign + String(whole) : sign + String(whole) + "." + fraction
    }

    public static func pass(_ ok: Bool) -> String { ok ? "pass" : "**FAIL**" }
}
