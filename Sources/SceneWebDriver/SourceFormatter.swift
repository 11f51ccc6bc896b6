import Foundation
import SceneCore

/// Writes a page source from records of its elements in document order: the scene's element, then
/// each element below it as ``PageSource`` writes it (``PageSource/openElement(_:origin:to:)``, the
/// one writer), its close made when a later record is no deeper, or at the end.
///
/// It reads no view, so it may run on any thread: ``LivePageSource`` reads the views on the main
/// actor and hands the records over (``SourceFormattingJob``). The calls it makes on the XML writer
/// are the ones the recursive writer makes for the same tree (open, attributes, the children's,
/// close), so the bytes are the same.
struct SourceFormatter {
    /// One element below the scene: its depth (0: a window) and its values.
    struct Record: Sendable {
        let depth: Int
        let element: PageSource.ElementValues
    }

    private var writer: XMLTextWriter
    /// Elements below the scene opened and not yet closed.
    private var openElements = 0
    private let origin: Point

    /// A formatter that has written the prolog and opened the scene's element; with `jsonEscaped`,
    /// the text is the inside of `{"value":"…"}` and that object is written around it.
    init(scene: PageSource.SceneValues, jsonEscaped: Bool, capacity: Int) {
        writer = XMLTextWriter(jsonEscaped: jsonEscaped, capacity: capacity)
        origin = scene.origin
        if jsonEscaped { writer.text(#"{"value":""#) }
        writer.text("<?xml version='1.0' encoding='UTF-8'?>")
        writer.newline()
        PageSource.openScene(scene, to: &writer)
    }

    /// Writes `records`, which follow the ones written before in document order.
    mutating func write(_ records: [Record]) {
        // Read in place: a `for … in` copy of each record would retain and release its strings.
        records.withUnsafeBufferPointer { records in
            for index in records.indices {
                while openElements > records[index].depth {
                    writer.close()
                    openElements -= 1
                }
                PageSource.openElement(records[index].element, origin: origin, to: &writer)
                openElements += 1
            }
        }
    }

    /// Closes every element still open, the scene's last (and the JSON object).
    private mutating func finish() {
        while openElements > 0 {
            writer.close()
            openElements -= 1
        }
        writer.close()
        if writer.jsonEscaped { writer.text(#""}"#) }
    }

    /// Finishes the text and hands it over without a copy; the formatter is spent.
    mutating func finishedData() -> Data {
        finish()
        return writer.takeData()
    }

    /// Finishes the text and returns a copy of its bytes; the formatter is spent.
    mutating func finishedBytes() -> [UInt8] {
        finish()
        return writer.bytes
    }
}
