import Foundation

/// A parsed selector: which views of the live tree a test means, as a small value tree.
///
/// The language (docs/testing.md, "Selectors"), CSS-like:
///
///     selector  := ["scene=" NAME] compound (combinator compound)*
///     combinator:= whitespace (descendant) | ">" (child)
///     compound  := [TYPE | "*"] ( "#" IDENTIFIER | "[" ATTRIBUTE "=" STRING "]" | ":visible" | ":enabled" )*
///     ATTRIBUTE := id | label | text | title | role
///     STRING    := "…" or '…' (backslash escapes the quote and itself)
///
/// `Button` matches views of that class or a subclass; `#ok` the view whose accessibility identifier
/// is `ok`; `[label="Play"]` its accessibility label; `[text=…]` a label's or text field's text;
/// `[title=…]` a button's current title or a window's title; `[role=…]` the accessibility role
/// (`button`, `table`, …). Parsed once (``parse(_:)``); matched against the live tree by
/// ``SelectorMatcher``.
public struct ViewSelector: Sendable, Equatable, CustomStringConvertible {
    /// What one view must be.
    public struct Compound: Sendable, Equatable {
        /// A class name (matches that class and its subclasses); nil for any (`*` or no type).
        public var typeName: String?
        /// Every test must hold.
        public var tests: [Test] = []

        public init(typeName: String? = nil, tests: [Test] = []) {
            self.typeName = typeName
            self.tests = tests
        }
    }

    /// One condition on a view.
    public enum Test: Sendable, Equatable {
        case attribute(Attribute, equals: String)
        case visible
        case enabled
    }

    /// An attribute a selector can compare.
    public enum Attribute: String, Sendable, CaseIterable {
        /// `accessibilityIdentifier` (`#ok` is `[id="ok"]`).
        case id
        /// `accessibilityLabel` (a label's text and a button's title by default).
        case label
        /// A label's or a text field's text.
        case text
        /// A button's current title, or a window's title.
        case title
        /// The accessibility role's name (`button`, `table`, `static-text`…).
        case role
    }

    /// How a compound relates to the one before it.
    public enum Combinator: Sendable, Equatable {
        /// Whitespace: a descendant at any depth.
        case descendant
        /// `>`: a direct subview.
        case child
    }

    /// Only views of the scene with this name, when set (`scene=gallery …`).
    public var scene: String?
    /// The compounds, outermost first; the last is what the matched view itself must be. Never empty.
    public var compounds: [Compound]
    /// `combinators[i]` relates `compounds[i + 1]` to `compounds[i]`; one fewer than the compounds.
    public var combinators: [Combinator]

    public init(scene: String? = nil, compounds: [Compound], combinators: [Combinator]) {
        precondition(!compounds.isEmpty && combinators.count == compounds.count - 1, "a selector has n compounds and n - 1 combinators")
        self.scene = scene
        self.compounds = compounds
        self.combinators = combinators
    }

    /// The selector written back in its canonical form.
    public var description: String {
        var text = scene.map { "scene=\($0) " } ?? ""
        text += Self.describe(compounds[0])
        for (combinator, compound) in zip(combinators, compounds.dropFirst()) {
            text += combinator == .child ? " > " : " "
            text += Self.describe(compound)
        }
        return text
    }

    private static func describe(_ compound: Compound) -> String {
        var text = compound.typeName ?? (compound.tests.isEmpty ? "*" : "")
        for test in compound.tests {
            switch test {
            case .attribute(.id, let value) where value.unicodeScalars.allSatisfy(SelectorSyntax.isIdentifierScalar) && !value.isEmpty:
                text += "#" + value
            case .attribute(let attribute, let value):
                text += "[\(attribute.rawValue)=\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
            case .visible: text += ":visible"
            case .enabled: text += ":enabled"
            }
        }
        return text
    }
}
