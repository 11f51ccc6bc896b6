import Foundation
import Testing

/// The repository stands alone: every rule id and scenario the code and documents cite is defined in
/// `docs/behaviour.md`, and nothing points at notes that live outside the repository.
@Suite("docs/behaviour.md: every rule the code cites is defined there")
struct BehaviourSpecTests {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let specPath = "docs/behaviour.md"


    /// A rule as defined in the spec: a bold id at the start of a list item (`- **HT-2 — …**`).
    static var ruleDefinition: Regex<(Substring, id: Substring)> { #/^- \*\*(?<id>[A-Z]{2}-[0-9]+[a-z]?) /#.anchorsMatchLineEndings() }

    /// A scenario as cited (`§9/36`, `§9-23`) and as defined (a numbered item in §9).
    static var scenarioCitation: Regex<(Substring, number: Substring)> { #/§9[/-](?<number>[0-9]+)/# }
    static var scenarioDefinition: Regex<(Substring, number: Substring)> { #/^(?<number>[0-9]+)\. \*\*/#.anchorsMatchLineEndings() }

    /// Pointers at material outside the repository (the team's shared notes and seed articles).
    /// (The patterns are joined from parts so that this file does not itself point outside.)
    static let outsidePointers: [(name: String, text: String)] = [
        ("a path into the shared folder", "../" + "shared"), ("a path into the shared folder", "/work/" + "shared"),
        ("a research note", "research" + "/"), ("a research note", "uikit-semantics"), ("a research note", "perf.md"),
        ("a research note", "atspi.md"), ("a research note", "dbus.md"), ("a research note", "plugins.md"),
        ("a research note", "style.md"), ("the architecture notes", "ARCHITECTURE"), ("a seed file", "seeds/0"),
    ]

    /// A text file of the repository, as bytes (scanning bytes keeps the walk over the whole
    /// repository well under a second in a debug build).
    struct TextFile: Sendable {
        let path: String
        let bytes: [UInt8]

        /// Calls `body` with each line's number (from 1) and bytes.
        func forEachLine(_ body: (Int, ArraySlice<UInt8>) -> Void) {
            var start = 0
            var number = 1
            for index in bytes.indices where bytes[index] == 10 {
                body(number, bytes[start..<index])
                start = index + 1
                number += 1
            }
            body(number, bytes[start...])
        }
    }

    /// Every text file of the repository except build products, hidden folders and this file (whose
    /// patterns name what they look for), read once.
    static let files = repositoryFiles()

    static func repositoryFiles() -> [TextFile] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var files: [TextFile] = []
        let rootPath = root.standardizedFileURL.path
        let ownPath = URL(fileURLWithPath: #filePath).standardizedFileURL.path
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            let path = url.standardizedFileURL.path
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true, path != ownPath,
                let data = FileManager.default.contents(atPath: path), data.count < 2_000_000
            else { continue }
            let bytes = [UInt8](data)
            guard !bytes.contains(0) else { continue }
            files.append(TextFile(path: String(path.dropFirst(rootPath.count + 1)), bytes: bytes))
        }
        return files
    }

    static func spec() throws -> String {
        try String(contentsOf: root.appendingPathComponent(specPath), encoding: .utf8)
    }

    /// What `find` finds on each line of each file, with its `path:line`.
    static func citations(in files: [TextFile], find: (ArraySlice<UInt8>) -> [String]) -> [(value: String, place: String)] {
        var found: [(value: String, place: String)] = []
        for file in files {
            file.forEachLine { number, line in
                for value in find(line) {
                    found.append((value, "\(file.path):\(number)"))
                }
            }
        }
        return found
    }

    /// What `pattern` matches on each line that contains one of `hints` (Regex is slow; most lines
    /// contain none of them).
    static func citations<Output>(
        of pattern: Regex<Output>, hints: [String], in files: [TextFile], capture: @escaping (Regex<Output>.Match) -> String
    ) -> [(value: String, place: String)] {
        citations(in: files) { line in
            guard hints.contains(where: { contains(line, $0) }) else { return [] }
            return String(decoding: line, as: UTF8.self).matches(of: pattern).map(capture)
        }
    }

    /// Whether `needle` occurs in `bytes` (Foundation's search: a byte loop in a debug build is too
    /// slow for the whole repository).
    static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).range(of: needle) != nil
    }

    /// The rule ids cited on a line: two capitals, a dash, a number and an optional small letter, not
    /// inside a longer word (`HT-2`, `GR-7a`; not `CRC-32` or `UTF-8`).
    static func ruleIDs(in line: ArraySlice<UInt8>) -> [String] {
        func isUpper(_ i: Int) -> Bool { i < line.endIndex && line[i] >= 65 && line[i] <= 90 }
        func isLower(_ i: Int) -> Bool { i < line.endIndex && line[i] >= 97 && line[i] <= 122 }
        func isDigit(_ i: Int) -> Bool { i < line.endIndex && line[i] >= 48 && line[i] <= 57 }
        func isWord(_ i: Int) -> Bool { isUpper(i) || isLower(i) || isDigit(i) || (i < line.endIndex && line[i] == 95) }
        var ids: [String] = []
        var i = line.startIndex
        while i + 3 < line.endIndex {
            guard isUpper(i), isUpper(i + 1), line[i + 2] == 45, isDigit(i + 3), i == line.startIndex || !isWord(i - 1) else {
                i += 1
                continue
            }
            var end = i + 3
            while isDigit(end) { end += 1 }
            if isLower(end) { end += 1 }
            if !isWord(end) { ids.append(String(decoding: line[i..<end], as: UTF8.self)) }
            i = end
        }
        return ids
    }

    @Test("The repository has its files to check (the walk found the sources, the tests and the spec)")
    func theWalkFindsTheRepository() throws {
        let paths = Set(Self.files.map(\.path))
        #expect(paths.contains("Package.swift"))
        #expect(paths.contains(Self.specPath))
        #expect(paths.contains("Sources/SceneCore/Sources/SceneCore/Views/View+HitTesting.swift"))
        #expect(paths.count > 200, "found \(paths.count) files under \(Self.root.path)")
    }

    @Test("Every rule id cited in sources, tests and documents is defined in docs/behaviour.md")
    func everyCitedRuleIsDefined() throws {
        let spec = try Self.spec()
        let defined = Set(spec.matches(of: Self.ruleDefinition).map { String($0.id) })
        #expect(defined.count >= 81, "docs/behaviour.md defines \(defined.count) rules")
        let cited = Self.citations(in: Self.files, find: Self.ruleIDs)
        #expect(cited.count > 500)
        let missing = cited.filter { !defined.contains($0.value) }
        #expect(
            missing.isEmpty,
            "cited but not defined in docs/behaviour.md (add the rule there, with its source): \(missing.map { "\($0.value) at \($0.place)" }.joined(separator: ", "))"
        )
    }

    @Test("Every §9 scenario cited is one of docs/behaviour.md's scenarios")
    func everyCitedScenarioExists() throws {
        let spec = try Self.spec()
        guard let section = spec.range(of: "## §9 Scenarios") else {
            Issue.record("docs/behaviour.md has no '## §9 Scenarios' section")
            return
        }
        let defined = Set(spec[section.upperBound...].matches(of: Self.scenarioDefinition).map { Int($0.number) ?? 0 })
        #expect(defined == Set(1...38))
        let cited = Self.citations(of: Self.scenarioCitation, hints: ["§9"], in: Self.files) { String($0.number) }
        #expect(!cited.isEmpty)
        let missing = cited.filter { !defined.contains(Int($0.value) ?? 0) }
        #expect(missing.isEmpty, "scenarios not in docs/behaviour.md §9: \(missing.map { "§9/\($0.value) at \($0.place)" }.joined(separator: ", "))")
    }

    /// Whether `line` names `text` other than as one of the repository's own pages: a note outside
    /// shares its file name with a page in docs/ (`plugins.md`), which is named as `docs/plugins.md`
    /// or linked as `](plugins.md…` (a link the documentation link test resolves inside the repository).
    static func pointsOutside(_ line: ArraySlice<UInt8>, _ text: String) -> Bool {
        guard contains(line, text) else { return false }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("docs/" + text).path) else { return true }
        let string = String(decoding: line, as: UTF8.self)
        return string.ranges(of: text).contains { range in
            let before = string[..<range.lowerBound]
            return !before.hasSuffix("docs/") && !before.hasSuffix("](")
        }
    }

    @Test("Nothing in the repository points at notes outside it (cite docs/behaviour.md, the README or BENCHMARKS.md)")
    func nothingPointsOutside() {
        for pointer in Self.outsidePointers {
            let files = Self.files.filter { Self.contains($0.bytes[...], pointer.text) }
            let found = Self.citations(in: files) { line in Self.pointsOutside(line, pointer.text) ? [pointer.text] : [] }
            #expect(found.isEmpty, "\(pointer.name): \(found.map { "'\($0.value)' at \($0.place)" }.joined(separator: ", "))")
        }
    }

    @Test("A note outside that shares a page's name is still found where it is not that page")
    func outsideNoteSharingAPageName() {
        func line(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }
        #expect(!Self.pointsOutside(line("see [Plugins](docs/plugins.md#the-plugin-abi)"), "plugins.md"))
        #expect(!Self.pointsOutside(line("the [ABI](plugins.md#the-plugin-abi) below"), "plugins.md"))
        #expect(Self.pointsOutside(line("as plugins.md says"), "plugins.md"))
        #expect(Self.pointsOutside(line("docs/plugins.md, and plugins.md too"), "plugins.md"))
        #expect(Self.pointsOutside(line("see perf.md"), "perf.md"))
    }
}
