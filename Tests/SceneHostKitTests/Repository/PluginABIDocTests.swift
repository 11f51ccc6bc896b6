import Foundation
import Testing

@Suite("docs/plugins.md lists every @frozen type of SceneCore")
struct PluginABIDocTests {
    @Test("The documented @frozen types are exactly those in the sources")
    func frozenTypes() throws {
        let root = BehaviourSpecTests.root
        let doc = try String(contentsOf: root.appendingPathComponent("docs/plugins.md"), encoding: .utf8)
        let start = try #require(doc.range(of: "<!-- frozen-types"))
        let end = try #require(doc.range(of: "<!-- end frozen-types -->"))
        let documented = doc[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("- `"), line.hasSuffix("`") else { return nil }
            return String(line.dropFirst(3).dropLast())
        }
        let sources = root.appendingPathComponent("Sources/SceneCore/Sources/SceneCore")
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            var enclosing: String?
            for (index, line) in lines.enumerated() {
                if let match = line.firstMatch(of: #/^(?:public |open |@MainActor )*(?:final )?(?:class|struct|enum|extension) (?<name>[A-Za-z]+)/#) {
                    enclosing = String(match.name)
                }
                guard line.trimmingCharacters(in: .whitespaces) == "@frozen", index + 1 < lines.count,
                    let declaration = lines[index + 1].firstMatch(of: #/(?:struct|enum) (?<name>[A-Za-z]+)/#)
                else { continue }
                let nested = line.hasPrefix(" ") ? enclosing.map { "\($0)." } ?? "" : ""
                found.append(nested + declaration.name)
            }
        }
        #expect(documented == found.sorted(), "update the list in docs/plugins.md")
    }
}
