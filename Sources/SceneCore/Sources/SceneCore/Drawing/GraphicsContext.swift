/// Where views draw: a canvas with a current transform, clip and alpha, implemented by a renderer
/// (SceneRender draws with Cairo and Pango). The part of Core Graphics' `CGContext` that views need.
///
/// Coordinates are the current user space: inside ``View/draw(_:in:)`` that is the view's bounds
/// coordinates, with the clip already limited to the view's bounds and to the area being redrawn.
/// Every method draws over what is there ("source over"), multiplied by ``alpha``.
///
/// State (transform, clip, alpha) is saved and restored as a stack with ``saveGState()`` and
/// ``restoreGState()``; calls must balance. Implementations are used on one thread at a time.
public protocol GraphicsContext: AnyObject {
    // MARK: State

    /// Pushes the transform, clip and alpha.
    func saveGState()
    /// Pops what the matching ``saveGState()`` pushed.
    func restoreGState()
    /// Applies `transform` before the current transform (it acts on coordinates given from now on).
    func concatenate(_ transform: AffineTransform)
    /// Narrows the clip to `rect`; nothing outside it is drawn until the state is restored.
    func clip(to rect: Rect)
    /// Narrows the clip to the inside of `path` (nonzero winding), antialiased at its edges.
    func clip(to path: Path)
    /// A factor, 0…1, applied to the alpha of everything drawn; part of the saved state.
    var alpha: Double { get set }
    /// The smallest rectangle in user space that holds the current clip.
    var clipBoundingBox: Rect { get }

    // MARK: Layers

    /// Starts drawing into a transparent layer; ``endTransparencyLayer()`` composites it onto the
    /// canvas at `alpha`, so overlapping shapes inside it are blended as one (group opacity).
    func beginTransparencyLayer(alpha: Double)
    /// Ends the layer begun last and composites it.
    func endTransparencyLayer()

    // MARK: Drawing

    /// Fills `rect` with `color`.
    func fill(_ rect: Rect, with color: Color)
    /// Fills the inside of `path` (nonzero winding) with `color`, antialiased.
    func fill(_ path: Path, with color: Color)
    /// Fills `rect` with its corners rounded by `cornerRadius` (clamped to half the shorter side),
    /// antialiased: the same pixels as filling `Path(roundedRect:cornerRadius:)`. Renderers may
    /// draw it faster (SceneRender reuses the shape's coverage for the same size and pixel phase).
    func fill(_ rect: Rect, cornerRadius: Double, with color: Color)
    /// Strokes `path` with `color`; the line is centered on the path.
    func stroke(_ path: Path, with color: Color, lineWidth: Double)
    /// Draws `image` scaled to fill `rect` (smoothly when scaled).
    func draw(_ image: Image, in rect: Rect)
    /// Lays `text` out in a box `rect.width` wide (wrapping, ellipsizing and aligning as `style`
    /// says) and draws it from the box's top-left corner. Lines beyond `style.numberOfLines`, or
    /// beyond `rect.height` when that is 0, are not drawn.
    func drawText(_ text: String, in rect: Rect, style: TextStyle)
    /// The size `text` takes when laid out as ``drawText(_:in:style:)`` would in a box `width`
    /// wide (nil: unlimited, one line per paragraph) and `height` high (nil: unlimited).
    func measureText(_ text: String, style: TextStyle, width: Double?, height: Double?) -> Size
}

extension GraphicsContext {
    /// Fills `Path(roundedRect: rect, cornerRadius: cornerRadius)`.
    public func fill(_ rect: Rect, cornerRadius: Double, with color: Color) {
        fill(Path(roundedRect: rect, cornerRadius: cornerRadius), with: color)
    }

    public func translateBy(x: Double, y: Double) {
        concatenate(AffineTransform(translationX: x, y: y))
    }

    public func scaleBy(x: Double, y: Double) {
        concatenate(AffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians (positive turns +x towards +y, clockwise on screen).
    public func rotate(by angle: Double) {
        concatenate(AffineTransform(rotationAngle: angle))
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: Rect, with color: Color) {
        fill(Path(ellipseIn: rect), with: color)
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: Rect, with color: Color, lineWidth: Double) {
        stroke(Path(ellipseIn: rect), with: color, lineWidth: lineWidth)
    }

    /// Strokes the outline of `rect`, centered on its edges.
    public func stroke(_ rect: Rect, with color: Color, lineWidth: Double) {
        stroke(Path(rect), with: color, lineWidth: lineWidth)
    }

    /// Strokes a straight line.
    public func strokeLine(from start: Point, to end: Point, with color: Color, lineWidth: Double) {
        var path = Path()
        path.move(to: start)
        path.addLine(to: end)
        stroke(path, with: color, lineWidth: lineWidth)
    }

    /// The size of `text` laid out in a box `width` wide (nil: unlimited) of unlimited height.
    public func measureText(_ text: String, style: TextStyle, width: Double?) -> Size {
        measureText(text, style: style, width: width, height: nil)
    }
}
