import SceneCore

/// A graphics context that records what is drawn, with every shape's box converted to the
/// coordinates the context started in (window coordinates for `drawHierarchy`), and measures text
/// with fixed metrics: each character is `0.6 × size` wide, each line `1.2 × size` tall.
final class RecordingContext: GraphicsContext {
    enum Operation: Equatable, CustomStringConvertible {
        case fill(Rect, Color)
        case stroke(Rect, Color)
        case image(Rect)
        case text(String, Rect, Color)
        case beginLayer(Double)
        case endLayer

        var description: String {
            switch self {
            case .fill(let rect, let color): "fill \(rect) \(color)"
            case .stroke(let rect, let color): "stroke \(rect) \(color)"
            case .image(let rect): "image \(rect)"
            case .text(let text, let rect, _): "text '\(text)' \(rect)"
            case .beginLayer(let alpha): "begin layer \(alpha)"
            case .endLayer: "end layer"
            }
        }
    }

    private struct GState {
        var transform = AffineTransform.identity
        var clip = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
        var alpha = 1.0
    }

    private(set) var operations: [Operation] = []
    /// Effective alpha of each operation (the context's alpha when it was recorded).
    private(set) var alphas: [Double] = []
    private var state = GState()
    private var stack: [GState] = []
    private var layerStates: [GState] = []
    private(set) var maximumDepth = 0

    init(clip: Rect? = nil) {
        if let clip { state.clip = clip }
    }

    var fills: [(Rect, Color)] {
        operations.compactMap { if case .fill(let rect, let color) = $0 { (rect, color) } else { nil } }
    }

    var texts: [String] {
        operations.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }
    }

    func saveGState() {
        stack.append(state)
        maximumDepth = max(maximumDepth, stack.count)
    }

    func restoreGState() {
        state = stack.removeLast()
    }

    func concatenate(_ transform: AffineTransform) {
        state.transform = transform.concatenating(state.transform)
    }

    func clip(to rect: Rect) {
        state.clip = state.clip.intersection(rect.applying(state.transform))
    }

    func clip(to path: Path) {
        clip(to: path.boundingBox)
    }

    var alpha: Double {
        get { state.alpha }
        set { state.alpha = newValue }
    }

    var clipBoundingBox: Rect {
        guard let inverse = state.transform.inverted(), !state.clip.isNull else { return .null }
        return state.clip.applying(inverse)
    }

    func beginTransparencyLayer(alpha: Double) {
        record(.beginLayer(alpha))
        layerStates.append(state)
        state.alpha = 1
    }

    func endTransparencyLayer() {
        state = layerStates.removeLast()
        record(.endLayer)
    }

    func fill(_ rect: Rect, with color: Color) {
        record(.fill(rect.applying(state.transform), color))
    }

    func fill(_ path: Path, with color: Color) {
        record(.fill(path.boundingBox.applying(state.transform), color))
    }

    func stroke(_ path: Path, with color: Color, lineWidth: Double) {
        record(.stroke(path.boundingBox.applying(state.transform), color))
    }

    func draw(_ image: Image, in rect: Rect) {
        record(.image(rect.applying(state.transform)))
    }

    func drawText(_ text: String, in rect: Rect, style: TextStyle) {
        record(.text(text, rect.applying(state.transform), style.color))
    }

    func measureText(_ text: String, style: TextStyle, width: Double?, height: Double?) -> Size {
        let size = style.font.pointSize
        let natural = Double(text.count) * 0.6 * size
        let lineWidth = width.map { min($0, natural) } ?? natural
        return Size(width: lineWidth, height: 1.2 * size)
    }

    private func record(_ operation: Operation) {
        operations.append(operation)
        alphas.append(state.alpha)
    }
}
