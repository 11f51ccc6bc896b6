import Foundation

/// A find command's `using` and `value`, checked.
///
/// | strategy | matches |
/// |---|---|
/// | `accessibility id` | the accessibility identifier |
/// | `id` | the accessibility identifier, or the view reference (`BlueView#0.2`) |
/// | `name` | the `name` attribute of the source: the identifier, else the accessibility label |
/// | `class name` | the class or a superclass (`Button`, `View`) |
/// | `xpath` | XPath 1.0 on the page source, by libxml2's engine |
/// | `-scenehost selector` | the host's selectors (README "Selectors") |
/// | `css selector` | the host's selectors too (they are CSS-like); Selenium's `[id="…"]`, `[name="…"]` and `.Class` forms included |
enum Locator: Equatable {
    case accessibilityID(String)
    case id(String)
    case name(String)
    case className(String)
    case xpath(String)
    /// A host selector, as given (`css selector` values translated).
    case selector(String)

    static let strategies = ["accessibility id", "id", "name", "class name", "xpath", "-scenehost selector", "css selector"]

    /// Reads `using` and `value` from a find command's body.
    ///
    /// - Throws: `invalid argument` for a missing or mistyped member, `invalid selector` for a
    ///   strategy SceneHost does not have (naming the ones it has) or an empty value.
    init(body: JSON) throws(WebDriverError) {
        guard let using = body["using"] else {
            throw WebDriverError(.invalidArgument, "the body has no 'using'; send {\"using\": \"accessibility id\", \"value\": \"…\"}")
        }
        guard let strategy = using.stringValue else { throw WebDriverError(.invalidArgument, "'using' must be a string, not \(using.kindName)") }
        guard let valueJSON = body["value"] else { throw WebDriverError(.invalidArgument, "the body has no 'value'; send {\"using\": \"\(strategy)\", \"value\": \"…\"}") }
        guard let value = valueJSON.stringValue else { throw WebDriverError(.invalidArgument, "'value' must be a string, not \(valueJSON.kindName)") }
        guard !value.isEmpty else { throw WebDriverError(.invalidSelector, "the \(strategy) locator's value is empty") }
        switch strategy {
        case "accessibility id": self = .accessibilityID(value)
        case "id": self = .id(value)
        case "name": self = .name(value)
        case "class name":
            guard Self.isTypeName(value) else {
                throw WebDriverError(.invalidSelector, "class name '\(value)' is not a class name (letters, digits and _, not starting with a digit)")
            }
            self = .className(value)
        case "xpath": self = .xpath(value)
        case "-scenehost selector": self = .selector(value)
        case "css selector": self = Self.css(value)
        default:
            throw WebDriverError(
                .invalidSelector,
                "locator strategy '\(strategy)' is not one SceneHost has; use \(Self.strategies.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }

    /// Selenium turns `By.ID`, `By.NAME` and `By.CLASS_NAME` into CSS (`[id="x"]`, `[name="x"]`,
    /// `.x`); anything else goes to the host's CSS-like selectors as written.
    private static func css(_ value: String) -> Locator {
        if let quoted = attribute("name", in: value) { return .name(quoted) }
        if value.hasPrefix("."), isTypeName(String(value.dropFirst())) { return .className(String(value.dropFirst())) }
        return .selector(value)
    }

    /// The value of `[attribute="…"]` when that is the whole text.
    private static func attribute(_ attribute: String, in text: String) -> String? {
        let prefix = "[\(attribute)=\""
        guard text.hasPrefix(prefix), text.hasSuffix("\"]"), text.count >= prefix.count + 2 else { return nil }
        let inner = text.dropFirst(prefix.count).dropLast(2)
        guard !inner.contains("\"") else { return nil }
        return String(inner)
    }

    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// `text` as a quoted string of the selector language.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    var strategyName: String {
        switch self {
        case .accessibilityID: "accessibility id"
        case .id: "id"
        case .name: "name"
        case .className: "class name"
        case .xpath: "xpath"
        case .selector: "-scenehost selector"
        }
    }

    var value: String {
        switch self {
        case .accessibilityID(let value), .id(let value), .name(let value), .className(let value), .xpath(let value), .selector(let value): value
        }
    }
}
