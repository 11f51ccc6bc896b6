extension ViewSelector {
    /// The longest selector accepted, in characters.
    public static let maximumLength = 4096

    /// Parses `text` (see the type's description for the language).
    ///
    /// - Throws: ``SelectorError`` naming the column where the text stops making sense and what was
    ///   expected there: an empty selector, an unknown attribute or pseudo-class, an unclosed `[` or
    ///   string, a combinator with nothing after it.
    public static func parse(_ text: String) throws(SelectorError) -> ViewSelector {
        var parser = SelectorParser(text)
        return try parser.parseSelector()
    }
}

/// A recursive-descent parser over the selector's Unicode scalars; columns count scalars from 1.
private struct SelectorParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private var column: Int { index + 1 }
    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func error(_ message: String) -> SelectorError {
        SelectorError(column: column, message)
    }

    /// What is at the current position, for messages: `'x'` or "the end".
    private var found: String {
        guard let current else { return "the end of the selector" }
        return "'\(Character(current))'"
    }

    mutating func parseSelector() throws(SelectorError) -> ViewSelector {
        guard scalars.count <= ViewSelector.maximumLength else {
            throw SelectorError(
                column: ViewSelector.maximumLength + 1, "the selector is \(scalars.count) characters long; the limit is \(ViewSelector.maximumLength)")
        }
        skipSpaces()
        guard current != nil else {
            throw error("the selector is empty; write a type (Button), #identifier, [label=\"…\"], [text=\"…\"] or [title=\"…\"]")
        }
        let scene = try parseSceneScope()
        var compounds = [try parseCompound()]
        var combinators: [ViewSelector.Combinator] = []
        while true {
            let hadSpace = skipSpaces()
            guard let scalar = current else { break }
            if scalar == ">" {
                index += 1
                skipSpaces()
                guard current != nil else { throw error("'>' needs a view after it") }
                combinators.append(.child)
            } else if hadSpace {
                combinators.append(.descendant)
            } else {
                throw error("unexpected \(found); expected #, [, :, '>' or a space before the next view")
            }
            compounds.append(try parseCompound())
        }
        return ViewSelector(scene: scene, compounds: compounds, combinators: combinators)
    }

    /// `scene=NAME` followed by a space, or nothing.
    private mutating func parseSceneScope() throws(SelectorError) -> String? {
        let prefix = Array("scene=".unicodeScalars)
        guard scalars.count >= index + prefix.count, Array(scalars[index..<(index + prefix.count)]) == prefix else { return nil }
        index += prefix.count
        let name = takeWhile(SelectorSyntax.isIdentifierScalar)
        guard !name.isEmpty else { throw error("scene= needs a scene name ([A-Za-z0-9_-]); found \(found)") }
        guard skipSpaces(), current != nil else {
            throw error("scene=\(name) must be followed by a space and the views to find in it")
        }
        return name
    }

    private mutating func parseCompound() throws(SelectorError) -> ViewSelector.Compound {
        var compound = ViewSelector.Compound()
        let start = column
        if current == "*" {
            index += 1
        } else if let scalar = current, SelectorSyntax.isNameScalar(scalar) {
            guard !("0"..."9").contains(scalar) else { throw error("a type name cannot start with a digit; found \(found)") }
            compound.typeName = takeWhile(SelectorSyntax.isNameScalar)
        }
        while let scalar = current {
            switch scalar {
            case "#":
                index += 1
                let identifier = takeWhile(SelectorSyntax.isIdentifierScalar)
                guard !identifier.isEmpty else {
                    throw error("'#' needs an identifier ([A-Za-z0-9_.-]; use [id=\"…\"] for others); found \(found)")
                }
                compound.tests.append(.attribute(.id, equals: identifier))
            case "[":
                compound.tests.append(try parseAttribute())
            case ":":
                index += 1
                let nameColumn = column
                let name = takeWhile(SelectorSyntax.isNameScalar)
                switch name {
                case "visible": compound.tests.append(.visible)
                case "enabled": compound.tests.append(.enabled)
                default:
                    throw SelectorError(
                        column: nameColumn, name.isEmpty ? "':' needs visible or enabled; found \(found)" : "unknown pseudo-class ':\(name)'; use :visible or :enabled")
                }
            default:
                guard column != start else {
                    throw error("expected a view (a type, *, #identifier, [attribute=\"value\"] or :visible); found \(found)")
                }
                return compound
            }
        }
        return compound
    }

    /// `[name="value"]` (the `[` is current).
    private mutating func parseAttribute() throws(SelectorError) -> ViewSelector.Test {
        index += 1
        skipSpaces()
        let nameColumn = column
        let name = takeWhile(SelectorSyntax.isNameScalar)
        guard !name.isEmpty else { throw error("'[' needs an attribute name (\(Self.attributeNames)); found \(found)") }
        guard let attribute = ViewSelector.Attribute(rawValue: name) else {
            throw SelectorError(column: nameColumn, "unknown attribute '\(name)'; use \(Self.attributeNames)")
        }
        skipSpaces()
        guard current == "=" else { throw error("expected '=' after [\(name); found \(found)") }
        index += 1
        skipSpaces()
        let value = try parseString()
        skipSpaces()
        guard current == "]" else { throw error("expected ']' to close [\(name)=…; found \(found)") }
        index += 1
        return .attribute(attribute, equals: value)
    }

    private static var attributeNames: String {
        ViewSelector.Attribute.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// A string in double or single quotes; a backslash escapes the next character.
    private mutating func parseString() throws(SelectorError) -> String {
        guard let quote = current, quote == "\"" || quote == "'" else {
            throw error("expected a quoted value (\"…\" or '…'); found \(found)")
        }
        let openColumn = column
        index += 1
        var value = String.UnicodeScalarView()
        while let scalar = current {
            index += 1
            if scalar == quote { return String(value) }
            if scalar == "\\" {
                guard let escaped = current else { break }
                value.append(escaped)
                index += 1
            } else {
                value.append(scalar)
            }
        }
        throw SelectorError(column: openColumn, "the string opened here is not closed (\(Character(quote)))")
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = index
        while let scalar = current, SelectorSyntax.isSpace(scalar) { index += 1 }
        return index > start
    }

    private mutating func takeWhile(_ predicate: (Unicode.Scalar) -> Bool) -> String {
        var view = String.UnicodeScalarView()
        while let scalar = current, predicate(scalar) {
            view.append(scalar)
            index += 1
        }
        return String(view)
    }
}
