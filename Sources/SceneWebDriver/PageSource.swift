public import SceneCore
public import SceneViewTree
public import SceneXPath

/// A scene's page source: the host's tree description (``ViewDescription``, the walk DescribeTree
/// renders as JSON) rendered as XML for WebDriver clients, and the same elements as an XPath document.
///
///     <WindowScene type="WindowScene" name="findview" … x="0" y="0" width="390" height="844" …>
///       <Window type="Window" …>
///         <BlueView type="BlueView" name="blue" label="" value="" identifier="blue" enabled="true"
///                   visible="true" hittable="true" x="200" y="200" width="100" height="100"
///                   bounds="[200,200][300,300]" screenX="200" screenY="200" role="none"/>
///
/// Tags are the view classes (made valid XML names). Every element carries `type`, `name`
/// (identifier, else label), `label`, `value`, `identifier`, `enabled`, `visible`, `hittable`, the
/// geometry `x`, `y`, `width`, `height` and `bounds` (`[x1,y1][x2,y2]`, whole points) in the scene's
/// coordinates — the coordinates of its screenshot and of W3C actions — `screenX`/`screenY` on the
/// host's screen, and the accessibility `role`. Elements are numbered in document order from 0 (the
/// scene); ``view(at:)`` maps a number back to its view.
@MainActor
public final class PageSource {
    public let scene: WindowScene
    /// The scene's windows, described.
    public let windows: [ViewDescription]
    /// The view of each element, by number; nil for the scene element.
    public private(set) var views: [View?] = []
    private let origin: Point
    private let tags: TagNames

    /// Describes every window of `scene` through `host` (one walk per window). Without
    /// `actionability` the elements' `visible`, `enabled` and `hittable` read false, true and false,
    /// and without `geometry` their coordinates are wrong: for a query that cannot look at them (it
    /// saves a hit test, and a conversion to the window, per view).
    public convenience init(scene: WindowScene, host: any WebDriverHost, tags: TagNames, actionability: Bool = true, geometry: Bool = true) {
        self.init(scene: scene, windows: scene.windows.map { host.describe($0, actionability: actionability, geometry: geometry) }, tags: tags)
    }

    /// The source of `scene` from its windows' descriptions, back to front.
    public init(scene: WindowScene, windows: [ViewDescription], tags: TagNames) {
        self.scene = scene
        self.tags = tags
        origin = scene.screenFrame.origin
        self.windows = windows
        views.reserveCapacity(1 + windows.count * 16)
        views.append(nil)
        for window in windows { number(window) }
    }

    private func number(_ node: ViewDescription) {
        views.append(node.view)
        for child in node.children { number(child) }
    }

    /// The view of element `number`; nil for the scene element.
    public func view(at number: Int) -> View? { views[number] }

    /// The number of `view`'s element, if it is in this source.
    public func number(of view: View) -> Int? {
        views.firstIndex { $0 === view }
    }

    // MARK: XML text

    /// The source as XML text.
    public func xml() -> String {
        String(decoding: xmlBytes(jsonEscaped: false), as: UTF8.self)
    }

    /// The source as UTF-8 XML, or — `jsonEscaped` — as the inside of a JSON string holding it (what
    /// `GET /source` answers, written once rather than written and then escaped).
    public func xmlBytes(jsonEscaped: Bool) -> [UInt8] {
        var writer = XMLTextWriter(jsonEscaped: jsonEscaped, capacity: 64 + views.count * 280)
        writer.text("<?xml version='1.0' encoding='UTF-8'?>")
        writer.newline()
        write(to: &writer)
        return writer.bytes
    }

    /// The same elements as an XPath document, with every attribute, or only those named in
    /// `attributes` (what a query can read; see ``XPathAttributes``).
    public func xpathDocument(attributes: Set<String>? = nil) -> XPathDocument {
        XPathContent(of: self, attributes: attributes).document()
    }

    /// Writes the elements to `sink` (the scene's, then each window's subtree, in document order).
    func write(to sink: inout some ElementSink) {
        Self.writeScene(scene, origin: origin, windows: windows, tags: tags, to: &sink)
    }

    /// The scene's element, at `origin` on the screen, with `windows` (its windows as nodes, back to
    /// front) inside: the one writer of ``PageSource``, ``PageOutline`` and ``LivePageSource``.
    static func writeScene<Node: PageSourceNode>(
        _ scene: WindowScene, origin: Point, windows: [Node], tags: TagNames, to sink: inout some ElementSink
    ) {
        writeScene(scene, origin: origin, tags: tags, to: &sink) { write in windows.forEach(write) }
    }

    /// ``writeScene(_:origin:windows:tags:to:)`` with the windows' nodes made one at a time, each
    /// after the previous window's subtree was written (a node made top down during the walk).
    static func writeScene<Node: PageSourceNode>(
        _ scene: WindowScene, origin: Point, tags: TagNames, to sink: inout some ElementSink, windows: ((Node) -> Void) -> Void
    ) {
        openScene(SceneValues(scene, origin: origin), to: &sink)
        windows { write($0, origin: origin, tags: tags, to: &sink) }
        sink.close()
    }

    /// What the scene's element is made of, read on the main actor to be written anywhere.
    struct SceneValues: Sendable {
        let name: String
        let isShown: Bool
        let size: Size
        let origin: Point
        let activation: String

        @MainActor
        init(_ scene: WindowScene, origin: Point) {
            name = scene.name
            isShown = scene.activationState == .foregroundActive || scene.activationState == .foregroundInactive
            size = scene.screenFrame.size
            self.origin = origin
            activation = String(describing: scene.activationState)
        }
    }

    /// What one element below the scene is made of (a ``PageSourceNode``'s values), read on the main
    /// actor to be written anywhere.
    struct ElementValues: Sendable {
        let tag: String
        let typeName: String
        let identifier: String?
        let label: String?
        let value: String?
        let actionability: ViewDescription.Actionability?
        let screenOrigin: Point
        let frame: Rect
        let role: String
    }

    /// Opens the scene's element and writes its attributes; its windows and its close follow.
    nonisolated static func openScene(_ scene: SceneValues, to sink: inout some ElementSink) {
        sink.open("WindowScene")
        sink.attribute("type", "WindowScene")
        sink.attribute("name", scene.name)
        sink.attribute("label", scene.name)
        sink.attribute("value", "")
        sink.attribute("identifier", scene.name)
        sink.attribute("enabled", flag: true)
        sink.attribute("visible", flag: scene.isShown)
        sink.attribute("hittable", flag: false)
        writeGeometry(Rect(origin: .zero, size: scene.size), screen: scene.origin, to: &sink)
        sink.attribute("role", "application")
        sink.attribute("activation", scene.activation)
    }

    /// The attributes of one element as the source gives them, for `GET …/attribute/:name`.
    public static func attributes(of node: ViewDescription, sceneOrigin: Point, tags: TagNames) -> [(name: String, value: String)] {
        var collector = AttributeCollector()
        write(node, origin: sceneOrigin, tags: tags, to: &collector)
        return collector.attributes
    }

    private static func write<Node: PageSourceNode>(_ node: Node, origin: Point, tags: TagNames, to sink: inout some ElementSink) {
        openElement(
            ElementValues(
                tag: tags.tag(for: node.typeName), typeName: node.typeName, identifier: node.identifier, label: node.label, value: node.value,
                actionability: node.actionability, screenOrigin: node.screenOrigin, frame: node.frame, role: node.role),
            origin: origin, to: &sink)
        node.forEachChild { write($0, origin: origin, tags: tags, to: &sink) }
        sink.close()
    }

    /// Opens one element below the scene (at `origin` on the screen) and writes its attributes; its
    /// children and its close follow.
    nonisolated static func openElement(_ element: ElementValues, origin: Point, to sink: inout some ElementSink) {
        sink.open(element.tag)
        sink.attribute("type", element.typeName)
        sink.attribute("name", element.identifier ?? element.label ?? "")
        sink.attribute("label", element.label ?? "")
        sink.attribute("value", element.value ?? "")
        sink.attribute("identifier", element.identifier ?? "")
        let actionability = element.actionability
        sink.attribute("enabled", flag: actionability?.isEnabled ?? true)
        sink.attribute("visible", flag: actionability?.isVisible ?? false)
        sink.attribute("hittable", flag: actionability?.isHittable ?? false)
        let screen = element.screenOrigin
        writeGeometry(
            Rect(x: screen.x - origin.x, y: screen.y - origin.y, width: element.frame.width, height: element.frame.height), screen: screen,
            to: &sink)
        sink.attribute("role", element.role)
    }

    private nonisolated static func writeGeometry(_ rect: Rect, screen: Point, to sink: inout some ElementSink) {
        sink.attribute("x", number: rect.minX)
        sink.attribute("y", number: rect.minY)
        sink.attribute("width", number: rect.width)
        sink.attribute("height", number: rect.height)
        sink.attribute("bounds", bounds: (whole(rect.minX), whole(rect.minY), whole(rect.maxX), whole(rect.maxY)))
        sink.attribute("screenX", number: screen.x)
        sink.attribute("screenY", number: screen.y)
    }

    /// A coordinate as short text: whole numbers without a fraction, others to 1/1000 of a point
    /// (`3.9`, `-0.125`); non-finite ones as `0`.
    nonisolated static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        XMLTextWriter.decimal(value) { bytes.append($0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bounds`' text: `[x1,y1][x2,y2]`.
    nonisolated static func boundsText(_ bounds: (Int64, Int64, Int64, Int64)) -> String {
        "[\(bounds.0),\(bounds.1)][\(bounds.2),\(bounds.3)]"
    }

    private nonisolated static func whole(_ value: Double) -> Int64 {
        guard value.isFinite, abs(value) < 1e15 else { return 0 }
        return Int64(value.rounded())
    }
}
