import SceneCore
import TestSupport

/// Text measured as 10 points per character and 1.25 × the font size per line, wrapped by whole
/// words of the width given: easy to check by hand.
@MainActor
final class GridTextMeasurer: TextMeasuring {
    private(set) var calls = 0

    func size(of text: String, style: TextStyle, width: Double?) -> Size {
        calls += 1
        guard !text.isEmpty else { return .zero }
        let lineHeight = style.font.pointSize * 1.25
        guard let width else { return Size(width: Double(text.count) * 10, height: lineHeight) }
        var lines: [Int] = [0]
        for word in text.split(separator: " ") {
            let needed = (lines[lines.count - 1] == 0 ? 0 : lines[lines.count - 1] + 1) + word.count
            if lines[lines.count - 1] > 0, Double(needed) * 10 > width { lines.append(word.count) } else { lines[lines.count - 1] = needed }
        }
        if style.numberOfLines > 0, lines.count > style.numberOfLines { lines = Array(lines.prefix(style.numberOfLines)) }
        return Size(width: Double(lines.max() ?? 0) * 10, height: lineHeight * Double(lines.count))
    }
}

/// A window in a connected scene whose application measures text with ``GridTextMeasurer``.
@MainActor
struct MeasuredWindow {
    let application = Application(clock: ManualClock())
    let window: Window

    init(measured: Bool = true) {
        if measured { application.textMeasurer = GridTextMeasurer() }
        window = application.connectKeyWindowScene().window
    }
}
