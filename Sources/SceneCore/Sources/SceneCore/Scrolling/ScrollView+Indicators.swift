/// The scroll indicators [SV-24]: where they are, when they show and fade, and how they are drawn.
///
/// The numbers are UIKit's as flowkey's port reproduces them: bars 2.5 points thick, 2.5 points in from
/// the view's edges, black at 37 % opacity with round ends, as long as the visible part is of the
/// content (at least 30 points), shortened by how far the content is pulled past an edge. The
/// indicators are drawn above the content by the display pass; they are not views.
extension ScrollView {
    /// How thick an indicator is, in points.
    public static let indicatorThickness = 2.5
    /// The room between an indicator and the view's edge, in points (``scrollIndicatorInsets`` adds to it).
    public static let indicatorMargin = 2.5
    /// The shortest an indicator gets while the content is within its edges.
    public static let minimumIndicatorLength = 30.0
    /// An indicator's colour when fully shown.
    public static let indicatorColor = Color(white: 0, alpha: 0.37)

    /// The indicators' frames now, in the view's bounds coordinates (they move with the offset); nil
    /// for an axis whose indicator is turned off or along which the content does not scroll. Shown
    /// or not: see ``scrollIndicatorAlpha``.
    public var scrollIndicatorFrames: (horizontal: Rect?, vertical: Rect?) {
        indicatorFrames(in: bounds)
    }

    /// The indicators' opacity now, from 1 while the content scrolls to 0 once they have faded (the
    /// indicator colour's own alpha multiplies it).
    public var scrollIndicatorAlpha: Double {
        indicatorVisibility.alpha(at: clock?.now ?? 0)
    }

    /// The frames for bounds `bounds` (the model's, or the presented ones when drawing).
    func indicatorFrames(in bounds: Rect) -> (horizontal: Rect?, vertical: Rect?) {
        let horizontalRange = offsetRange(.horizontal), verticalRange = offsetRange(.vertical)
        let horizontal = showsHorizontalScrollIndicator && horizontalRange.upper > horizontalRange.lower
        let vertical = showsVerticalScrollIndicator && verticalRange.upper > verticalRange.lower
        let both = horizontal && vertical
        return (
            horizontal ? Self.indicatorFrame(along: .horizontal, bounds: bounds, range: horizontalRange, insets: scrollIndicatorInsets, besideOther: both) : nil,
            vertical ? Self.indicatorFrame(along: .vertical, bounds: bounds, range: verticalRange, insets: scrollIndicatorInsets, besideOther: both) : nil
        )
    }

    /// The indicator along `axis` for a view whose bounds are `bounds` and whose offsets along `axis`
    /// range over `range`. It runs along the track from the leading edge to the trailing one (each
    /// ``indicatorMargin`` plus the inset in), leaving the corner to the other indicator when
    /// `besideOther`; its length is the track's share the visible part has of the content, at least
    /// ``minimumIndicatorLength``, less the overshoot past an edge (never below its thickness); its
    /// place along the track is the offset's place in its range, at the end it is pulled past.
    static func indicatorFrame(along axis: ScrollAxis, bounds: Rect, range: (lower: Double, upper: Double), insets: EdgeInsets, besideOther: Bool) -> Rect {
        let thickness = indicatorThickness, margin = indicatorMargin
        let vertical = axis == .vertical
        let visible = vertical ? bounds.height : bounds.width
        let offset = vertical ? bounds.minY : bounds.minX
        let trackStart = (vertical ? insets.top : insets.left) + margin
        let trackEnd = visible - (vertical ? insets.bottom : insets.right) - margin - (besideOther ? thickness + margin : 0)
        let track = Swift.max(0, trackEnd - trackStart)
        let content = range.upper - range.lower + visible
        var length = Swift.min(track, Swift.max(minimumIndicatorLength, content > 0 ? track * visible / content : track))
        let overshoot = Swift.max(0, range.lower - offset, offset - range.upper)
        length = Swift.max(Swift.min(thickness, track), length - overshoot)
        let span = range.upper - range.lower
        let progress = span > 0 ? Swift.min(1, Swift.max(0, (offset - range.lower) / span)) : 0
        let along = offset + trackStart + progress * (track - length)
        let across = (vertical ? bounds.maxX - insets.right : bounds.maxY - insets.bottom) - margin - thickness
        return vertical
            ? Rect(x: across, y: along, width: thickness, height: length)
            : Rect(x: along, y: across, width: length, height: thickness)
    }

    // MARK: Showing and fading

    /// The content scrolls under a finger or by itself: the indicators show fully, a fade stops.
    func showIndicators() {
        guard indicatorVisibility != .shown else { return }
        indicatorVisibility = indicatorVisibility.scrolled()
        indicatorTimer?.cancel()
        damageIndicators()
    }

    /// The content came to rest: shown indicators start to fade, and the view counts as moving until
    /// the fade ends (waiting for idle waits for it).
    func indicatorsCameToRest() {
        guard let now = clock?.now else {
            hideIndicators()
            return
        }
        let next = indicatorVisibility.cameToRest(at: now)
        guard next != indicatorVisibility, case .fading(let startsAt) = next else { return }
        indicatorVisibility = next
        window?.scrollViewDidStartMoving(self)
        armIndicatorTimer(at: startsAt)
    }

    /// Shows the indicators for a moment, then fades them (``ScrollIndicatorVisibility/flashHold``,
    /// then the fade) [SV-24]: call it when the view comes to the front, to show that it scrolls. The
    /// view counts as moving until the fade ends. Nothing while the content moves (they show already),
    /// outside a window, or when the content does not scroll along an axis whose indicator is on.
    public func flashScrollIndicators() {
        guard case .idle = phase, let now = clock?.now else { return }
        let frames = indicatorFrames(in: bounds)
        guard frames.horizontal != nil || frames.vertical != nil else { return }
        let next = indicatorVisibility.flashed(at: now)
        guard next != indicatorVisibility, case .fading(let startsAt) = next else { return }
        indicatorVisibility = next
        // Drawn again at full opacity: hidden before, or part way through a fade.
        damageIndicators()
        window?.scrollViewDidStartMoving(self)
        armIndicatorTimer(at: startsAt)
    }

    /// Hides the indicators at once (the view left its window).
    func hideIndicators() {
        guard indicatorVisibility != .hidden else { return }
        indicatorVisibility = .hidden
        indicatorTimer?.cancel()
        damageIndicators()
    }

    /// One frame of a fade: the indicators are drawn again at their new opacity; at its end they are
    /// hidden and the view is still. Before the fade starts, nothing is drawn and the next frame is
    /// its start.
    func indicatorFadeFrame() {
        guard let now = clock?.now, case .fading(let startsAt) = indicatorVisibility,
            let end = indicatorVisibility.fadeEndTime
        else { return }
        guard now >= startsAt else {
            armIndicatorTimer(at: startsAt)
            return
        }
        damageIndicators()
        if now >= end {
            indicatorVisibility = .hidden
            window?.scrollViewDidStopMoving(self)
            return
        }
        armIndicatorTimer(at: Swift.min(end, now + Self.frameInterval))
    }

    private func armIndicatorTimer(at deadline: Double) {
        guard let clock else { return }
        if !isKnownUniquelyReferenced(&indicatorTimer) { indicatorTimer = ClockTimer() }
        let timer = indicatorTimer.unsafelyUnwrapped
        timer.arm(at: Swift.max(deadline, clock.now), owner: self)
        clock.schedule(timer)
    }

    /// What places the indicators changed: shown ones are drawn again where they were and where they
    /// are now (the whole view: they may have moved anywhere along its edges).
    func indicatorGeometryDidChange() {
        if indicatorVisibility != .hidden { setNeedsDisplay() }
    }

    /// Marks where the indicators are for drawing again.
    func damageIndicators() {
        let frames = indicatorFrames(in: bounds)
        if let frame = frames.horizontal { setNeedsDisplay(frame) }
        if let frame = frames.vertical { setNeedsDisplay(frame) }
    }

    // MARK: Drawing

    /// Draws the indicators at their opacity now, in the presented bounds' coordinates.
    func drawIndicators(in context: any GraphicsContext) {
        let alpha = scrollIndicatorAlpha
        guard alpha > 0 else { return }
        let color = Self.indicatorColor.withAlphaComponent(Self.indicatorColor.alpha * alpha)
        let frames = indicatorFrames(in: presentedBounds)
        for frame in [frames.horizontal, frames.vertical].compactMap({ $0 }) {
            context.fill(frame, cornerRadius: Self.indicatorThickness / 2, with: color)
        }
    }
}
