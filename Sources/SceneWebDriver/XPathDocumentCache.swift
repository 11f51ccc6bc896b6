public import SceneXPath

/// The XPath documents of the last few finds, kept with their ``XPathContent``: a find whose content
/// is equal to a kept one's (nothing that goes into its document changed) evaluates on that
/// document instead of building another (libxml2's nodes for 10,000 views are most of a find).
///
/// Exact by construction, with no notification to miss: every find still walks the tree and makes
/// the content; only the document is reused, and only for equal content. Main actor.
@MainActor
public final class XPathDocumentCache {
    private var entries: [(content: XPathContent, document: XPathDocument)] = []
    /// How many documents are kept (one per attribute set a client alternates between).
    public static let capacity = 4

    public init() {}

    /// A document holding `content`: a kept one when one holds equal content, else a new one (kept
    /// in place of the least recently used).
    public func document(for content: XPathContent) -> XPathDocument {
        if let index = entries.firstIndex(where: { $0.content == content }) {
            let entry = entries.remove(at: index)
            entries.insert(entry, at: 0)
            return entry.document
        }
        let document = content.document()
        // The same attribute set with other content: that document can no longer be used.
        entries.removeAll { $0.content.attributes == content.attributes }
        entries.insert((content, document), at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
        return document
    }
}
