/// One drawing of a window's views into a ``GraphicsContext``, limited to a damage region: the walk
/// behind ``Window/drawHierarchy(in:region:)``.
///
/// It relies on each view's stored extent (window coordinates) to skip, in one comparison, every
/// subtree that paints nothing inside the region, and keeps the transform to window coordinates
/// alongside the context's to tell which views' own bounds meet the region.
///
/// It honours ``View/isOpaque``: the frontmost view that paints the whole region opaquely (opaque,
/// with an opaque background, square corners, no rotation, full alpha down its ancestors, not cut
/// by a rounded clip) hides everything painted before it. The pass then starts at that view, with
/// the transform its ancestors give it, and goes on with what is painted after it (later siblings
/// of it and of its ancestors, the ancestors' borders); the ancestors' clips are left out, since
/// the region lies inside them.
@MainActor
struct DisplayPass {
    let context: any GraphicsContext
    let region: DamageRegion
    let regionBox: Rect
    private(set) var report = DisplayReport()

    /// False: everything is drawn back to front (the reference the occlusion is tested against).
    let skippingHiddenViews: Bool

    init(context: any GraphicsContext, region: DamageRegion, skippingHiddenViews: Bool = true) {
        self.context = context
        self.region = region
        self.regionBox = region.boundingBox
        self.skippingHiddenViews = skippingHiddenViews
    }

    mutating func drawRoot(_ window: Window) {
        guard !region.isEmpty else { return }
        // The window clips its subviews: its bounds are the clip from the start.
        guard skippingHiddenViews, let occluder = findOccluder(window, transform: .identity, clip: window._bounds), occluder !== window
        else {
            drawContents(of: window, transform: .identity, clipsSubviews: true)
            return
        }
        // The chain window → … → occluder, and each one's transform to window coordinates.
        var chain: [View] = []
        var node: View? = occluder
        while let current = node {
            chain.append(current)
            if current === window { break }
            node = current._superview
        }
        chain.reverse()
        var transforms = [AffineTransform.identity]
        for index in 1..<chain.count {
            transforms.append(DisplayGeometry.localTransform(of: chain[index]).concatenating(transforms[index - 1]))
        }
        report.viewsVisited += chain.count - 1
        let last = chain.count - 1
        // The context's transform is built as the full walk builds it, one view's local transform
        // after the other, so that every coordinate is rounded exactly as in a full redraw.
        func enter(_ level: Int) {
            context.saveGState()
            for index in stride(from: 1, through: level, by: 1) {
                context.concatenate(DisplayGeometry.localTransform(of: chain[index]))
            }
        }
        enter(last - 1)
        draw(occluder, parentTransform: transforms[last - 1])
        context.restoreGState()
        // Then, from the occluder's superview up: the later subviews, the border.
        for level in stride(from: last - 1, through: 0, by: -1) {
            let ancestor = chain[level]
            let subviews = ancestor._subviews
            let after = Int(chain[level + 1]._indexInSuperview) + 1
            let box = ancestor.presentedBounds.applying(transforms[level])
            let border = (ancestor._display?.borderWidth ?? 0) > 0 && region.intersects(box)
            let above = ancestor.drawsAboveSubviews && region.intersects(box)
            var first = after
            while first < subviews.count && !paints(subviews[first]) { first += 1 }
            guard border || above || first < subviews.count else { continue }
            enter(level)
            for index in first..<subviews.count {
                draw(subviews[index], parentTransform: transforms[level])
            }
            if above { drawAboveSubviews(of: ancestor) }
            if border, let storage = ancestor._display {
                drawBorder(bounds: ancestor.presentedBounds, storage: storage)
            }
            context.restoreGState()
        }
    }

    /// True for a leaf that has nothing to paint: a plain view without background or border.
    @inline(__always)
    private func paintsNothingItself(_ view: View) -> Bool {
        guard view._subviews.isEmpty, !drawsContent(view) else { return false }
        guard let storage = view._display else { return true }
        return (view.presentedBackgroundColor?.isClear ?? true) && storage.borderWidth <= 0
    }

    /// True when `view` paints something inside the region.
    @inline(__always)
    private func paints(_ view: View) -> Bool {
        guard let extent = view._display?.extent, extent.intersects(regionBox), !DisplayGeometry.isInvisible(view) else {
            return false
        }
        return region.rects.count == 1 || region.intersects(extent)
    }

    /// The last view in painting order, within `view`'s subtree, that covers the region with opaque
    /// pixels; nil when none does. `clip` is where the ancestors let `view`'s subtree paint (window
    /// coordinates).
    private func findOccluder(_ view: View, transform: AffineTransform, clip: Rect) -> View? {
        let storage = view._display
        let radius = storage?.cornerRadius ?? 0
        // A rounded or rotated clip is not a box: what it lets through is not known here.
        let rectilinear = transform.b == 0 && transform.c == 0
        if !view._subviews.isEmpty && !(view.clipsToBounds && (radius > 0 || !rectilinear)) {
            let childClip = view.clipsToBounds ? clip.intersection(view.presentedBounds.applying(transform)) : clip
            if childClip.contains(regionBox) {
                // Front to back: a later subview, and anything inside it, is painted later.
                for subview in view._subviews.reversed() {
                    guard !DisplayGeometry.isInvisible(subview), subview.presentedAlpha >= 1, let extent = subview._display?.extent,
                        extent.intersects(regionBox)
                    else { continue }
                    let local = DisplayGeometry.localTransform(of: subview).concatenating(transform)
                    if let found = findOccluder(subview, transform: local, clip: childClip) { return found }
                }
            }
        }
        guard storage != nil, let color = view.presentedBackgroundColor, color.alpha >= 1, radius <= 0, rectilinear,
            clip.contains(regionBox), view.presentedBounds.applying(transform).contains(regionBox), view.isOpaque
        else { return nil }
        return view
    }

    private mutating func draw(_ view: View, parentTransform: AffineTransform) {
        guard paints(view), !paintsNothingItself(view) else { return }
        let local = DisplayGeometry.localTransform(of: view)
        context.saveGState()
        context.concatenate(local)
        let alpha = view.presentedAlpha
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
        let bounds = view.presentedBounds
        let box = bounds.applying(transform)
        let drawsOwnArea = region.intersects(box)
        // Clipping to the bounds changes nothing when the damage (the clip already in force) lies
        // inside them: skipped, as most ancestors of a small damaged area are.
        let clipIsRedundant = transform.b == 0 && transform.c == 0 && box.contains(regionBox)
        let storage = view._display
        let radius = storage?.cornerRadius ?? 0
        if drawsOwnArea {
            report.viewsDrawn += 1
            if let color = view.presentedBackgroundColor, !color.isClear {
                if radius > 0 {
                    context.fill(bounds, cornerRadius: radius, with: color)
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
                } else if !clipIsRedundant {
                    context.clip(to: bounds)
                }
                view.draw(dirty.isNull ? bounds : dirty, in: context)
                context.restoreGState()
            }
        }
        if !view._subviews.isEmpty {
            let clips = clipsSubviews && (radius > 0 || !clipIsRedundant)
            if clips {
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
            if clips { context.restoreGState() }
        }
        if drawsOwnArea, view.drawsAboveSubviews { drawAboveSubviews(of: view) }
        if drawsOwnArea, let storage, storage.borderWidth > 0 {
            drawBorder(bounds: bounds, storage: storage)
        }
    }

    /// What `view` draws above its subviews (a scroll view's indicators), cut to its bounds.
    private mutating func drawAboveSubviews(of view: View) {
        report.drawCalls += 1
        context.saveGState()
        context.clip(to: view.presentedBounds)
        view.drawAboveSubviews(in: context)
        context.restoreGState()
    }

    /// The border along the inside of `bounds`, above the subviews.
    private func drawBorder(bounds: Rect, storage: DisplayStorage) {
        let width = storage.borderWidth
        let radius = storage.cornerRadius
        let inner = bounds.insetBy(dx: width / 2, dy: width / 2)
        let path = radius > 0 ? Path(roundedRect: inner, cornerRadius: Swift.max(0, radius - width / 2)) : Path(inner)
        context.stroke(path, with: storage.borderColor, lineWidth: width)
    }

    /// Plain views and windows draw nothing of their own; every other class may.
    @inline(__always)
    private func drawsContent(_ view: View) -> Bool {
        let type = type(of: view)
        return type != View.self && type != Window.self
    }
}
