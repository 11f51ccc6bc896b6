import CLibXML2

/// An XML document held by libxml2, built element by element, and XPath 1.0 queries on it through
/// libxml2's XPath engine (the whole language: axes, predicates, functions, unions).
///
/// Elements are numbered in the order they are opened (document order, from 0); a query's node set
/// comes back as those numbers, so the caller maps them to whatever it built the elements from.
///
/// Not thread-safe: one thread builds and queries a document (the WebDriver endpoint's main actor).
/// Every libxml2 pointer stays inside this type; nothing of libxml2 appears in its interface.
public final class XPathDocument {
    private let document: xmlDocPtr
    /// Every element, by number.
    private var elements: [xmlNodePtr] = []
    /// The element being filled, and its ancestors' chain through `parent`.
    private var open: xmlNodePtr?

    /// The most XPath steps one query may take before it is stopped (libxml2's operation limit): a
    /// query that would revisit the whole tree for every node (`//*[count(//*) > 0]` on 10,000
    /// elements) fails with an error instead of holding its caller for seconds.
    public static let operationLimit: UInt = 20_000_000

    /// An empty document.
    public init() {
        xmlInitParser()
        // A StaticString, not a literal: a literal would match the C-pointer overload through a
        // temporary buffer that is freed before libxml2 copies it.
        let version: StaticString = "1.0"
        document = xmlNewDoc(Self.xmlString(version))
        // Element and attribute names are interned once in the document's dictionary.
        document.pointee.dict = xmlDictCreate()
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// How many elements were opened.
    public var elementCount: Int { elements.count }

    /// Opens an element named `name` (a valid XML name) inside the open one, or as the root; its
    /// attributes follow with ``addAttribute(_:_:)``, its children with more opens, and it ends with
    /// ``closeElement()``. Returns the element's number.
    @discardableResult
    public func openElement(_ name: String) -> Int {
        let node = name.withCString { xmlNewDocNode(document, nil, Self.xmlString($0), nil)! }
        let number = elements.count
        // The number rides in the node's user pointer (offset by one: 0 would read as "none").
        node.pointee._private = UnsafeMutableRawPointer(bitPattern: number + 1)
        if let open {
            xmlAddChild(open, node)
        } else {
            xmlDocSetRootElement(document, node)
        }
        elements.append(node)
        open = node
        return number
    }

    /// Adds an attribute to the open element.
    public func addAttribute(_ name: String, _ value: String) {
        guard let open else { preconditionFailure("addAttribute(\(name)) with no open element") }
        name.withCString { name in
            value.withCString { value in
                _ = xmlNewProp(open, Self.xmlString(name), Self.xmlString(value))
            }
        }
    }

    /// Adds an attribute to the open element (a name known at compile time: no string is made for it).
    public func addAttribute(_ name: StaticString, _ value: String) {
        guard let open else { preconditionFailure("addAttribute(\(name)) with no open element") }
        value.withCString { value in
            _ = xmlNewProp(open, Self.xmlString(name), Self.xmlString(value))
        }
    }

    /// Closes the open element: the next one opened is its next sibling.
    public func closeElement() {
        guard let node = open else { preconditionFailure("closeElement() with no open element") }
        let parent = node.pointee.parent
        open = parent.flatMap { $0.pointee.type == XML_ELEMENT_NODE ? $0 : nil }
    }

    /// Evaluates an XPath 1.0 expression with element `context` as the context node (the root element
    /// when nil), as WebDriver's Find Element From Element does.
    ///
    /// - Throws: ``XPathError`` naming the expression, libxml2's reason and the offset where it
    ///   stopped: a syntax error, an unknown function or variable, a query over the operation limit.
    public func evaluate(_ expression: String, context: Int? = nil) throws(XPathError) -> XPathResult {
        guard let context_ = xmlXPathNewContext(document) else {
            throw XPathError(expression: expression, reason: "libxml2 could not make an XPath context", offset: nil)
        }
        defer { xmlXPathFreeContext(context_) }
        // Errors are read from lastError after the call; the callback only keeps libxml2 from
        // printing them on standard error.
        context_.pointee.error = { _, _ in }
        context_.pointee.opLimit = UInt(Self.operationLimit)
        if let context {
            context_.pointee.node = elements[context]
        } else {
            context_.pointee.node = xmlDocGetRootElement(document) ?? UnsafeMutablePointer(OpaquePointer(document))
        }
        let compiled = expression.withCString { xmlXPathCtxtCompile(context_, Self.xmlString($0)) }
        guard let compiled else { throw error(of: context_, expression) }
        defer { xmlXPathFreeCompExpr(compiled) }
        guard let object = xmlXPathCompiledEval(compiled, context_) else { throw error(of: context_, expression) }
        defer { xmlXPathFreeObject(object) }
        switch object.pointee.type {
        case XPATH_NODESET, XPATH_XSLT_TREE:
            guard let set = object.pointee.nodesetval, set.pointee.nodeNr > 0 else { return .elements([]) }
            var numbers: [Int] = []
            var others: [String] = []
            numbers.reserveCapacity(Int(set.pointee.nodeNr))
            for index in 0..<Int(set.pointee.nodeNr) {
                guard let node = set.pointee.nodeTab[index] else { continue }
                if node.pointee.type == XML_ELEMENT_NODE, let marker = node.pointee._private {
                    numbers.append(Int(bitPattern: marker) - 1)
                } else {
                    others.append(Self.kindName(node.pointee.type))
                }
            }
            if !others.isEmpty { return .otherNodes(kinds: others) }
            numbers.sort()
            return .elements(numbers)
        case XPATH_BOOLEAN:
            return .boolean(object.pointee.boolval != 0)
        case XPATH_NUMBER:
            return .number(object.pointee.floatval)
        case XPATH_STRING:
            return .string(object.pointee.stringval.map { String(cString: $0) } ?? "")
        default:
            return .otherNodes(kinds: ["an XPath value of type \(object.pointee.type.rawValue)"])
        }
    }

    /// libxml2's words for its XPath errors, by `xmlXPathError` value (the table it prints from is
    /// not exported; with an error callback set it fills in only the code).
    private static let reasons = [
        "ok", "number encoding", "unfinished literal", "start of literal", "expected $ for variable reference", "undefined variable",
        "invalid predicate", "invalid expression", "missing closing curly brace", "unregistered function", "invalid operand",
        "invalid type", "invalid number of arguments", "invalid context size", "invalid context position", "memory allocation error",
        "syntax error", "resource error", "sub resource error", "undefined namespace prefix", "encoding error", "character out of XML range",
        "invalid or incomplete context", "stack usage error", "forbidden variable",
        "the query takes more than \(operationLimit) steps (operation limit exceeded)", "recursion limit exceeded",
    ]

    private func error(of context: xmlXPathContextPtr, _ expression: String) -> XPathError {
        let last = context.pointee.lastError
        let index = Int(last.code) - Int(XML_XPATH_EXPRESSION_OK.rawValue)
        var reason = last.message.map { String(cString: $0) } ?? (Self.reasons.indices.contains(index) ? Self.reasons[index] : "libxml2 error \(last.code)")
        while reason.last?.isNewline == true { reason.removeLast() }
        let offset = last.domain == Int32(XML_FROM_XPATH.rawValue) ? Int(last.int1) : nil
        xmlResetError(&context.pointee.lastError)
        return XPathError(expression: expression, reason: reason, offset: offset)
    }

    private static func kindName(_ type: xmlElementType) -> String {
        switch type {
        case XML_ATTRIBUTE_NODE: "an attribute"
        case XML_TEXT_NODE: "a text node"
        case XML_DOCUMENT_NODE: "the document node"
        case XML_NAMESPACE_DECL: "a namespace node"
        default: "a node of type \(type.rawValue)"
        }
    }

    private static func xmlString(_ text: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
        UnsafeRawPointer(text).assumingMemoryBound(to: xmlChar.self)
    }

    private static func xmlString(_ text: StaticString) -> UnsafePointer<xmlChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: xmlChar.self)
    }
}
