/// One drawing of a window's views into a ``GraphicsContext``, limited to a damage region: the walk
/// behind ``Window/drawHierarchy(in:region:)``.
///
/// It relies on each view's stored extent (window coordinates) to skip, in one comparison, every
/// subtree that paints nothing inside the region, and keeps the transform to window coordinates
/// alongside the context's to tell which views' own bounds meet the region.
@MainActor
struct DisplayPass {
    let context: any GraphicsContext
    let region: DamageRegion
    let regionBox: Rect
    private(set) var report = DisplayReport()

    init(context: any GraphicsContext, region: DamageRegion) {
        self.context = context
        self.region = region
        self.regionBox = region.boundingBox
    }

    mutating func drawRoot(_ window: Window) {
        guard !region.isEmpty else { return }
        drawContents(of: window, transform: .identity, clipsSubviews: true)
    }

    private mutating func draw(_ view: View, parentTransform: AffineTransform) {
        guard !DisplayGeometry.isInvisible(view), let extent = view._display?.extent, region.intersects(extent) else {
            return
        }
        let local = DisplayGeometry.localTransform(of: view)
        context.saveGState()
        context.concatenate(local)
        let alpha = view._alpha
        let usesLayer = alpha < 1 && (!view._subviews.isEmpty || drawsContent(view) || view.borderWidth > 0)
        if usesLayer {
            context.beginTransparencyLayer(alpha: alpha)
        } else if alpha < 1 {
            context.alpha *= alpha
        }
        drawContents(of: view, transform: local.concatenating(parentTransform), clipsSubviews: view.clipsToBounds)
        if usesLayer { context.endTransparencyLayer() }
        context.restoreGState()
    }

    /// Background, content, subviews and border of `view`, in its bounds coordinates.
    private mutating func drawContents(of view: View, transform: AffineTransform, clipsSubviews: Bool) {
        report.viewsVisited += 1
        let bounds = view._bounds
        let box = bounds.applying(transform)
        let drawsOwnArea = region.intersects(box)
        let storage = view._display
        let radius = storage?.cornerRadius ?? 0
        if drawsOwnArea {
            report.viewsDrawn += 1
            if let color = storage?.backgroundColor, !color.isClear {
                if radius > 0 {
                    context.fill(Path(roundedRect: bounds, cornerRadius: radius), with: color)
                } else {
                    context.fill(bounds, with: color)
                }
            }
            if drawsContent(view) {
                report.drawCalls += 1
                let dirty = transform.inverted().map { regionBox.applying($0).intersection(bounds) } ?? bounds
                context.saveGState()
                // Like a layer's contents: cut to the bounds, and to the rounded bounds when the view
                // clips with a corner radius (masksToBounds).
                if clipsSubviews && radius > 0 {
                    context.clip(to: Path(roundedRect: bounds, cornerRadius: radius))
                } else {
                    context.clip(to: bounds)
                }
                view.draw(dirty.isNull ? bounds : dirty, in: context)
                context.restoreGState()
            }
        }
        if !view._subviews.isEmpty {
            if clipsSubviews {
                context.saveGState()
                if radius > 0 {
                    context.clip(to: Path(roundedRect: bounds, cornerRadius: radius))
                } else {
                    context.clip(to: bounds)
                }
            }
            for subview in view._subviews {
                draw(subview, parentTransform: transform)
            }
            if clipsSubviews { context.restoreGState() }
        }
        if drawsOwnArea, let storage, storage.borderWidth > 0 {
            let width = storage.borderWidth
            let inner = bounds.insetBy(dx: width / 2, dy: width / 2)
            let path = radius > 0 ? Path(roundedRect: inner, cornerRadius: Swift.max(0, radius - width / 2)) : Path(inner)
            context.stroke(path, with: storage.borderColor, lineWidth: width)
        }
    }

    /// Plain views and windows draw nothing of their own; every other class may.
    @inline(__always)
    private func drawsContent(_ view: View) -> Bool {
        let type = type(of: view)
        return type != View.self && type != Window.self
    }
}
