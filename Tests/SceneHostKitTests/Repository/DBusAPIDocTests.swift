import Foundation
import Testing

/// docs/dbus-api.md is generated: `scripts/generate-dbus-docs` makes it from the contract
/// (`Config/dbus/*.xml`) and its template (`Config/dbus/dbus-api.md.in`). The committed page must be
/// what the script makes of today's contract, so that the reference never drifts from the API.
@Suite("docs/dbus-api.md is generated from Config/dbus")
struct DBusAPIDocTests {
    static let command = "scripts/generate-dbus-docs"

    /// What the script prints with `--stdout`, run by Debian's `/usr/bin/python3` (else the first
    /// `python3` on the path).
    static func generated() throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        let script = BehaviourSpecTests.root.appendingPathComponent(command).path
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script, "--stdout"]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, "--stdout"]
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both to the end before waiting: the page is larger than a pipe's buffer.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    @Test("The committed page is exactly what scripts/generate-dbus-docs makes of Config/dbus/*.xml")
    func committedPageIsGenerated() throws {
        let result = try Self.generated()
        #expect(result.status == 0, "\(Self.command) --stdout failed: \(result.errors)")
        try #require(result.status == 0)
        let committed = try String(contentsOf: BehaviourSpecTests.root.appendingPathComponent("docs/dbus-api.md"), encoding: .utf8)
        guard committed != result.output else { return }
        let want = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let have = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(want.count, have.count)).first { want[$0] != have[$0] } ?? min(want.count, have.count)
        Issue.record(
            """
            docs/dbus-api.md is not what \(Self.command) makes of Config/dbus/*.xml and Config/dbus/dbus-api.md.in \
            (first difference at line \(line + 1): committed '\(line < have.count ? have[line] : "(end)")', \
            generated '\(line < want.count ? want[line] : "(end)")'); regenerate it: \(Self.command)
            """)
    }

    @Test("The page documents every method, signal and property of the contract, and every org.scenehost.Error name")
    func pageCoversTheContract() throws {
        let page = try String(contentsOf: BehaviourSpecTests.root.appendingPathComponent("docs/dbus-api.md"), encoding: .utf8)
        let folder = BehaviourSpecTests.root.appendingPathComponent("Config/dbus")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }.sorted()
        #expect(files == ["org.scenehost.Host1.xml", "org.scenehost.Scene1.xml", "org.scenehost.Window1.xml"])
        var members = 0
        for file in files {
            let short = file.dropLast(".xml".count).split(separator: ".").last.map(String.init) ?? ""
            let xml = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in xml.matches(of: #/<(?<kind>method|signal) name="(?<name>[A-Za-z]+)"/#) {
                members += 1
                #expect(page.contains("#### `\(short).\(match.name)`"), "\(match.kind) \(short).\(match.name) is not in docs/dbus-api.md")
            }
            for match in xml.matches(of: #/<property name="(?<name>[A-Za-z]+)" type="(?<type>[^"]+)"/#) {
                members += 1
                #expect(page.contains("| `\(match.name)` | `\(match.type)` |"), "property \(short).\(match.name) is not in docs/dbus-api.md")
            }
        }
        #expect(members > 60, "read only \(members) members")
        let contract = try String(
            contentsOf: BehaviourSpecTests.root.appendingPathComponent("Sources/SceneBusContract/SceneBusContract.swift"), encoding: .utf8)
        let errorNames = contract.matches(of: #/"(?<name>org\.scenehost\.Error\.[A-Za-z]+)"/#).map { String($0.name) }
        #expect(errorNames.count >= 14)
        for name in errorNames {
            #expect(page.contains("`\(name)`"), "\(name) (SceneBusContract.ErrorNames) is not in the Errors table of Config/dbus/dbus-api.md.in")
        }
    }
}
