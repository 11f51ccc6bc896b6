public import Foundation
public import SceneCore
public import SceneViewTree

/// `GET /source`'s answer written straight from the live views in one walk: the bytes of
/// ``PageSource``'s XML of the host's ``ViewDescription`` tree, without making that tree.
///
/// The walk reads each element's values from its view as ``ViewTreeWalker`` reads them (class name,
/// `accessibilityIdentifier`, `accessibilityLabel`, `accessibilityValue`, role), its actionability
/// from the host's pass (``ActionabilityCursor``), given the same frame, and hands them on as
/// records; ``SourceFormatter`` writes them through ``PageSource``'s own element writer, so tags and
/// attributes are written as the reference writes them. The records are plain values, so the text
/// can be written on another thread while the walk goes on (``formatJSONBody(capacity:on:batch:)``,
/// what `GET /source` does: on two cores the writing, a third of the work, then costs no wall time).
///
/// The frame (the view's bounds in its window) is the one thing computed another way, with the
/// same operations in the same order. `convert(_:to:)` walks from the view up to the screen and
/// back down for each corner; a view with the identity transform maps a point to its superview as
/// `p + (frame.origin − bounds.origin)`, and its window maps it back as `p − (frame.origin −
/// bounds.origin)`. The walk keeps those offsets of the ancestors on a stack (``Translations``) and
/// adds them bottom up, then takes the window's off, exactly as the conversion does, so the frame is
/// bit for bit the conversion's for any values (fractions, NaN, infinities). A view with a transform,
/// or a window nested in a view, and its subtree get `convert(_:to:)` itself.
/// `LivePageSourceTests` compares the bytes with the reference on random scenes under random
/// edits. Main actor.
@MainActor
public struct LivePageSource {
    public let scene: WindowScene
    private let walk: Walk

    /// The source of `scene`; `names` gives class names (``ViewTreeWalker/typeName(of:)``),
    /// `actionability` each view's visible, enabled and hittable.
    public init(scene: WindowScene, names: ViewTreeWalker, tags: TagNames, actionability: any ActionabilityCursor) {
        self.scene = scene
        walk = Walk(names: names, tags: tags, cursor: actionability)
    }

    /// The answer of `GET /source`: `{"value":"…"}` with the XML escaped as a JSON string, written
    /// once into one buffer that starts with room for `capacity` bytes (the last answer's size
    /// spares growing it).
    public func jsonBody(capacity: Int = 64 * 1024) -> Data {
        var formatter = SourceFormatter(scene: sceneValues, jsonEscaped: true, capacity: capacity)
        walkRecords(batch: Int.max) { formatter.write($0) }
        return formatter.finishedData()
    }

    /// ``jsonBody(capacity:)``'s bytes, the views read now and the text written on `queue` (a serial
    /// queue) while the walk goes on: the walk hands its records over `batch` at a time. The
    /// answer is the tree as it is during this call; await it with ``SourceFormattingJob/body()``.
    func formatJSONBody(capacity: Int, on queue: DispatchQueue, batch: Int = 512) -> SourceFormattingJob {
        let job = SourceFormattingJob(scene: sceneValues, jsonEscaped: true, capacity: capacity, queue: queue)
        walkRecords(batch: batch) { job.submit($0) }
        return job
    }

    /// The source as XML text (``PageSource/xml()``'s bytes).
    public func xml() -> String {
        var formatter = SourceFormatter(scene: sceneValues, jsonEscaped: false, capacity: 4096)
        walkRecords(batch: Int.max) { formatter.write($0) }
        return String(decoding: formatter.finishedBytes(), as: UTF8.self)
    }

    private var sceneValues: PageSource.SceneValues {
        PageSource.SceneValues(scene, origin: scene.screenFrame.origin)
    }

    /// Walks every window, back to front, each view before its subviews, and hands the records to
    /// `emit` in that order, at most `batch` at a time (the last batch may be shorter).
    private func walkRecords(batch: Int, _ emit: ([SourceFormatter.Record]) -> Void) {
        var records: [SourceFormatter.Record] = []
        records.reserveCapacity(min(batch, 1024))
        // The walk's parts as locals: read once, not through `walk` at every view. The offsets are a
        // local value, so reading them takes no exclusive access of an object.
        let names = walk.names, tags = walk.tags, cursor = walk.cursor
        var translations = Translations()
        // The class of the view before and its names: siblings are mostly of one class.
        var lastClass: ObjectIdentifier?
        var typeName = "", tag = ""
        func visit(_ view: View, window: Window, depth: Int, parentTranslated: Bool) {
            let translated = parentTranslated && translations.enter(view, depth: depth)
            let viewClass = ObjectIdentifier(type(of: view))
            if viewClass != lastClass {
                typeName = names.typeName(of: view)
                tag = tags.tag(for: typeName)
                lastClass = viewClass
            }
            let identifier = view.accessibilityIdentifier
            let label = view.accessibilityLabel
            let value = view.accessibilityValue
            let bounds = view.bounds
            let frame = translated ? translations.frame(of: bounds) : view.convert(bounds, to: nil)
            let screenOrigin = window.convertToScreen(frame.origin)
            let actionability = cursor.enter(view, frame: frame, depth: depth)
            records.append(
                SourceFormatter.Record(
                    depth: depth,
                    element: PageSource.ElementValues(
                        tag: tag, typeName: typeName, identifier: identifier, label: label, value: value,
                        actionability: actionability, screenOrigin: screenOrigin, frame: frame, role: view.accessibilityRole.rawValue)))
            if records.count >= batch {
                emit(records)
                records = []
                records.reserveCapacity(batch)
            }
            for subview in view.subviews {
                visit(subview, window: window, depth: depth + 1, parentTranslated: translated)
            }
        }
        for window in scene.windows {
            visit(window, window: window, depth: 0, parentTranslated: true)
        }
        if !records.isEmpty { emit(records) }
    }

    /// What every element of one walk shares.
    @MainActor
    private final class Walk {
        let names: ViewTreeWalker
        let tags: TagNames
        let cursor: any ActionabilityCursor

        init(names: ViewTreeWalker, tags: TagNames, cursor: any ActionabilityCursor) {
            self.names = names
            self.tags = tags
            self.cursor = cursor
        }
    }

    /// The offsets (`frame.origin − bounds.origin`) of the views from the walk's window (depth 0) down
    /// to the view being entered, each with the identity transform: what `convert(_:to:)` adds on
    /// the way up to the screen. A stack by depth, like the actionability cursor's; a value, so that
    /// the walk's reads of it take no exclusive access of an object.
    @MainActor
    struct Translations {
        private(set) var offsets: [Point] = []

        init() { offsets.reserveCapacity(64) }

        /// Enters `view` at `depth` (its ancestors' offsets are on the stack); false, and nothing
        /// kept, when its own placement is not a translation (a transform, a window nested in a view).
        mutating func enter(_ view: View, depth: Int) -> Bool {
            if offsets.count > depth { offsets.removeSubrange(depth...) }
            guard view.transform.isIdentity, depth == 0 ? view.superview == nil : !(view is Window) else { return false }
            // The identity-transform frame is the stored origin: convertToSuperview's own operands.
            let origin = view.frame.origin, boundsOrigin = view.bounds.origin
            offsets.append(Point(x: origin.x - boundsOrigin.x, y: origin.y - boundsOrigin.y))
            return true
        }

        /// `bounds` of the view entered last, in its window: `convert(_:to: nil)`'s bounding box of
        /// the corners, each taken up through every offset (the view's first) and down through the
        /// window's.
        func frame(of bounds: Rect) -> Rect {
            let (x0, x1) = Self.extremes(up(bounds.minX, x: true), up(bounds.maxX, x: true))
            let (y0, y1) = Self.extremes(up(bounds.minY, x: false), up(bounds.maxY, x: false))
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }

        @inline(__always)
        private func up(_ value: Double, x: Bool) -> Double {
            var result = value
            var index = offsets.count - 1
            while index >= 0 {
                result = result + (x ? offsets[index].x : offsets[index].y)
                index -= 1
            }
            return result - (x ? offsets[0].x : offsets[0].y)
        }

        /// The least and greatest of the corners `[a, b, a, b]` as `convert(_:to:)` folds them (a later
        /// value replaces only when strictly beyond; a NaN never does).
        private static func extremes(_ a: Double, _ b: Double) -> (Double, Double) {
            (b < a ? b : a, a < b ? b : a)
        }
    }
}
