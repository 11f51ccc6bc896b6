import Foundation
import Testing

/// The documentation is a set of Markdown pages that link to each other (README.md, docs/*.md,
/// BENCHMARKS.md, the Python client's README): every relative link must lead to a file of the
/// repository, and every `#anchor` to a heading of the page it names, by GitHub's anchor rules.
@Suite("Links between the documentation pages")
struct DocumentationLinkTests {
    /// A link as written: where, and its target (`docs/host.md#input-scripts`).
    struct Link {
        let place: String
        let target: String
    }

    /// Every Markdown file of the repository (build products and hidden folders aside).
    static let pages = BehaviourSpecTests.files.filter { $0.path.hasSuffix(".md") }

    static func text(_ page: BehaviourSpecTests.TextFile) -> String {
        String(decoding: page.bytes, as: UTF8.self)
    }

    /// The page's lines with fenced code blocks and HTML comments blanked (kept as empty lines, so
    /// that line numbers stay right): nothing in them is a link or a heading.
    static func proseLines(of text: String) -> [String] {
        var lines: [String] = []
        var fence: String?
        var inComment = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                lines.append("")
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                lines.append("")
                continue
            }
            var kept = ""
            var rest = Substring(line)
            while !rest.isEmpty {
                if inComment {
                    guard let close = rest.range(of: "-->") else {
                        rest = ""
                        break
                    }
                    rest = rest[close.upperBound...]
                    inComment = false
                } else if let open = rest.range(of: "<!--") {
                    kept += rest[..<open.lowerBound]
                    rest = rest[open.upperBound...]
                    inComment = true
                } else {
                    kept += rest
                    rest = ""
                }
            }
            lines.append(kept)
        }
        return lines
    }

    /// `line` without its code spans (`` `…` ``): a link inside one is only text.
    static func withoutCodeSpans(_ line: String) -> String {
        line.replacing(#/`[^`]*`/#, with: "")
    }

    /// Every inline link and image of the page: `[text](target)` and `![alt](target "title")`.
    static func links(in page: BehaviourSpecTests.TextFile) -> [Link] {
        var found: [Link] = []
        for (index, line) in proseLines(of: text(page)).enumerated() {
            for match in withoutCodeSpans(line).matches(of: #/\]\((?<target>[^)\s]+)(?:\s+"[^"]*")?\)/#) {
                found.append(Link(place: "\(page.path):\(index + 1)", target: String(match.target)))
            }
        }
        return found
    }

    /// GitHub's anchor for a heading: its text as rendered (a link's text, a code span's content)
    /// lowercased, every character but letters, marks, numbers, `_`, `-` and spaces removed, spaces
    /// made `-`.
    static func slug(_ heading: String) -> String {
        let rendered = heading.replacing(#/!?\[(?<text>[^\]]*)\]\([^)]*\)/#) { String($0.text) }
        var slug = ""
        for scalar in rendered.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
                .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
                slug.unicodeScalars.append(scalar)
            default:
                if scalar == "-" { slug += "-" } else if scalar == " " { slug += "-" }
            }
        }
        return slug
    }

    /// Every anchor a page has: one per heading (a repeated one gets `-1`, `-2`, … as GitHub numbers
    /// them), and every `<a id="…">` or `<a name="…">`.
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        for line in proseLines(of: text) {
            for match in line.matches(of: #/<a (?:id|name)="(?<name>[^"]+)"/#) { anchors.insert(String(match.name)) }
            guard let heading = line.firstMatch(of: #/^ {0,3}#{1,6}\s+(?<text>.*?)(?:\s+#+)?\s*$/#) else { continue }
            let base = slug(String(heading.text))
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    /// Where `link` leads from the page at `path`: a problem, or nil when it leads to a file of the
    /// repository (and, with an anchor, to a heading of that page).
    static func problem(with link: Link, from path: String, anchorsOf: (URL) -> Set<String>? = Self.anchors(atPath:)) -> String? {
        let target = link.target
        if target.firstMatch(of: #/^[a-zA-Z][a-zA-Z0-9+.-]*:/#) != nil { return nil }  // https:, mailto:
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let root = BehaviourSpecTests.root.standardizedFileURL
        let page = root.appendingPathComponent(path)
        let resolved = file.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
        guard resolved.path == root.path || resolved.path.hasPrefix(root.path + "/") else {
            return "\(link.place): '\(target)' leads outside the repository"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
            return "\(link.place): '\(target)': there is no \(resolved.path.dropFirst(root.path.count + 1))"
        }
        guard let fragment, !fragment.isEmpty else { return nil }
        guard resolved.pathExtension == "md", !isDirectory.boolValue, let anchors = anchorsOf(resolved) else {
            return "\(link.place): '\(target)': an anchor into a file that is not a Markdown page"
        }
        guard anchors.contains(fragment) else {
            return "\(link.place): '\(target)': \(resolved.lastPathComponent) has no heading whose anchor is #\(fragment)"
        }
        return nil
    }

    /// The anchors of the Markdown page at `url`; nil when it cannot be read.
    static func anchors(atPath url: URL) -> Set<String>? {
        (try? String(contentsOf: url, encoding: .utf8)).map(anchors(of:))
    }

    @Test("GitHub's anchors: punctuation and symbols go, spaces become dashes, code and link text stay")
    func slugs() {
        #expect(Self.slug("The host (`scene-host`)") == "the-host-scene-host")
        #expect(Self.slug("Tap ÷ Ping (issue 16): pairs of short blocks") == "tap--ping-issue-16-pairs-of-short-blocks")
        #expect(Self.slug("`Host1.SendRemoteControl`") == "host1sendremotecontrol")
        #expect(Self.slug("§9 Scenarios") == "9-scenarios")
        #expect(Self.slug("See [the API](dbus-api.md) — v1") == "see-the-api--v1")
        #expect(Self.anchors(of: "# A\n## B\n```\n# not a heading\n```\n## B\n") == ["a", "b", "b-1"])
    }

    @Test("The checker finds a missing file, a missing anchor and a link out of the repository")
    func checkerFindsBrokenLinks() {
        let from = "docs/testing.md"
        #expect(Self.problem(with: Link(place: "x:1", target: "host.md#input-scripts"), from: from) == nil)
        #expect(Self.problem(with: Link(place: "x:1", target: "#virtual-time"), from: from) == nil)
        #expect(Self.problem(with: Link(place: "x:1", target: "../BENCHMARKS.md"), from: from) == nil)
        #expect(Self.problem(with: Link(place: "x:1", target: "https://example.org/#x"), from: from) == nil)
        #expect(Self.problem(with: Link(place: "x:1", target: "nowhere.md"), from: from)?.contains("there is no docs/nowhere.md") == true)
        #expect(Self.problem(with: Link(place: "x:1", target: "host.md#no-such-heading"), from: from)?.contains("has no heading") == true)
        #expect(Self.problem(with: Link(place: "x:1", target: "../../elsewhere.md"), from: from)?.contains("outside the repository") == true)
    }

    @Test("Every relative link and #anchor in the Markdown pages leads somewhere")
    func everyLinkResolves() {
        let paths = Set(Self.pages.map(\.path))
        #expect(paths.isSuperset(of: ["README.md", "docs/architecture.md", "docs/dbus-api.md", "docs/plugins.md"]), "\(paths.sorted())")
        var checked = 0
        var problems: [String] = []
        var anchors: [URL: Set<String>?] = [:]
        func anchorsOf(_ url: URL) -> Set<String>? {
            if let known = anchors[url] { return known }
            let found = Self.anchors(atPath: url)
            anchors[url] = .some(found)
            return found
        }
        for page in Self.pages {
            for link in Self.links(in: page) {
                checked += 1
                if let problem = Self.problem(with: link, from: page.path, anchorsOf: anchorsOf) { problems.append(problem) }
            }
        }
        #expect(checked > 100, "found only \(checked) links")
        #expect(problems.isEmpty, "broken links:\n\(problems.joined(separator: "\n"))")
    }

    @Test("The README is the entrance: it links to every page in docs/")
    func readmeLinksEveryPage() throws {
        let readme = try #require(Self.pages.first { $0.path == "README.md" })
        let targets = Set(Self.links(in: readme).map { String($0.target.split(separator: "#", maxSplits: 1)[0]) })
        let docs = Self.pages.map(\.path).filter { $0.hasPrefix("docs/") && !$0.dropFirst(5).contains("/") }
        #expect(docs.count >= 8, "\(docs)")
        let missing = docs.filter { !targets.contains($0) }
        #expect(missing.isEmpty, "README.md does not link to \(missing.joined(separator: ", "))")
    }
}
