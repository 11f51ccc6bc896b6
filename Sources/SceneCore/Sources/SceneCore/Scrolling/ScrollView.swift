/// A view whose content is larger than itself and moves under a finger: UIKit's `UIScrollView`
/// [SV-1 … SV-16].
///
/// **Geometry [SV-1].** ``contentOffset`` is `bounds.origin`: scrolling moves the bounds over the
/// content, so subviews are drawn and hit where the offset puts them [HT-6], and clipped to the
/// bounds (``View/clipsToBounds`` starts true). ``contentSize`` is the
/// size of the content, ``contentInset`` room around it; the offset ranges from
/// `−adjustedContentInset.left/top` to `contentSize + inset − bounds.size` (never below the start).
///
/// **Scrolling.** A drag moves the content through the view's own ``panGestureRecognizer`` [SV-3],
/// past an edge with a rubber band [SV-6]. When the finger lifts, the content decelerates at
/// ``decelerationRate`` [SV-5], springs back from past an edge [SV-6] or settles on a page [SV-8].
/// ``setContentOffset(_:animated:)`` and ``scrollRectToVisible(_:animated:)`` scroll from code [SV-9].
/// Every moving offset is a closed-form function of the application's clock (``ScrollAxisMotion``),
/// sampled at frames ``frameInterval`` apart from the start of the motion and shown on whole points
/// until its exact end [SV-26], so that a scrolled frame's picture can be moved instead of redrawn
/// [SV-27]; a finger touching down stops it where it is [SV-11]. The ``delegate`` hears about it in UIKit's order [SV-10].
///
/// **Touches in the content [SV-12 … SV-15].** With ``delaysContentTouches`` a content view gets its
/// `touchesBegan` only once the scroll view knows the touch is not a scroll (after
/// ``contentTouchDelay``, or at once when the finger lifts first); a drag that begins cancels content
/// touches unless ``canCancelContentTouches`` is false or ``touchesShouldCancel(in:)`` refuses, as it
/// does for controls.
///
/// **Indicators [SV-24].** While the content scrolls under a finger or coasts, thin bars at the right
/// and bottom edges show where the visible part lies in the content; they fade once it rests
/// (``showsVerticalScrollIndicator``, ``scrollIndicatorInsets``). They are drawn above the content,
/// not made of views: the view tree, hit testing and accessibility do not see them.
///
/// **Zooming [SV-25].** When the delegate gives a view for zooming and ``maximumZoomScale`` exceeds
/// ``minimumZoomScale``, two fingers pinch that view's scale (``zoomScale``, its transform) about
/// their centroid, past the limits with a rubber band that bounces back (``bouncesZoom``);
/// ``setZoomScale(_:animated:)`` and ``zoom(to:animated:)`` zoom from code. The content size follows
/// the zooming view's scaled frame.
///
/// Main actor, like every view.
@MainActor
open class ScrollView: View {
    isolated deinit {
        frameTimer?.cancel()
        indicatorTimer?.cancel()
    }

    /// A scroll view is a scroll pane for assistive technologies.
    override var defaultAccessibilityRole: AccessibilityRole { .scrollPane }

    // MARK: Geometry [SV-1]

    /// The size of the content, in the content's (the view's bounds) coordinates. Default zero.
    public var contentSize: Size = .zero {
        didSet { if oldValue != contentSize { indicatorGeometryDidChange() } }
    }

    /// Extra room around the content, inside the view's edges. Default zero.
    public var contentInset: EdgeInsets = .zero

    /// The inset the offsets are computed with: ``contentInset`` plus the safe area, which SceneCore
    /// does not model yet, so equal to ``contentInset`` [SV-1].
    public var adjustedContentInset: EdgeInsets { contentInset }

    /// The point of the content shown at the view's top-left corner: `bounds.origin` [SV-1]. Setting it
    /// stops a deceleration or animation where it is and calls `scrollViewDidScroll` when it changed.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The offset nearest to `offset` that stays within the content along both axes (UIKit's range: from
    /// minus the leading inset to the content's end plus the trailing inset, less the bounds): where a
    /// programmatic scroll that must not rubber-band ends.
    public func clampedContentOffset(_ offset: Point) -> Point {
        Point(x: clamped(offset.x, along: .horizontal), y: clamped(offset.y, along: .vertical))
    }

    /// `offset` clamped into ``offsetRange(_:)`` along `axis`.
    func clamped(_ offset: Double, along axis: ScrollAxis) -> Double {
        let range = offsetRange(axis)
        return Swift.min(range.upper, Swift.max(range.lower, offset))
    }

    /// The range of offsets along one axis, for the view's ``contentSize``.
    func offsetRange(_ axis: ScrollAxis) -> (lower: Double, upper: Double) {
        offsetRange(axis, contentSize: contentSize)
    }

    /// The range of offsets along one axis for content `contentSize` large (a zoom computes where it
    /// will end before the content has that size).
    func offsetRange(_ axis: ScrollAxis, contentSize: Size) -> (lower: Double, upper: Double) {
        let inset = adjustedContentInset
        switch axis {
        case .horizontal:
            let lower = -inset.left
            return (lower, Swift.max(lower, contentSize.width + inset.right - bounds.size.width))
        case .vertical:
            let lower = -inset.top
            return (lower, Swift.max(lower, contentSize.height + inset.bottom - bounds.size.height))
        }
    }

    /// Whether a drag may move the content along `axis` [SV-3]: the content is longer than the view
    /// there, or the view bounces there always.
    func canScroll(_ axis: ScrollAxis) -> Bool {
        let range = offsetRange(axis)
        if range.upper > range.lower { return true }
        switch axis {
        case .horizontal: return bounces && alwaysBounceHorizontal
        case .vertical: return bounces && alwaysBounceVertical
        }
    }

    // MARK: Settings (defaults [SV-2])

    /// Told about scrolling in UIKit's order [SV-10]; not kept alive.
    public weak var delegate: (any ScrollViewDelegate)?

    /// The recognizer that drags the content [SV-3], with a finger or a trackpad, and takes wheel steps
    /// (its ``PanGestureRecognizer/allowedScrollTypesMask`` is `.all`) [SV-17]. Its delegate is not used by the scroll view; the
    /// scroll view decides whether it begins in ``gestureRecognizerShouldBegin(_:)``.
    public let panGestureRecognizer = PanGestureRecognizer()

    /// The recognizer that holds content touches back [SV-12] (UIKit's delayed-touches-began
    /// recognizer).
    let contentTouchRecognizer = ContentTouchDelayRecognizer()

    /// False stops dragging: the pan recognizer is disabled. Default true.
    public var isScrollEnabled: Bool {
        get { panGestureRecognizer.isEnabled }
        set { panGestureRecognizer.isEnabled = newValue }
    }

    /// When true, a drag moves along the axis it started along only [SV-4]. Default false.
    public var isDirectionalLockEnabled = false

    /// When true (the default), the content follows a drag past an edge with a rubber band and springs
    /// back [SV-6]; when false it stops at the edges.
    public var bounces = true

    /// With ``bounces``, a drag moves the content vertically even when it is not taller than the view
    /// [SV-6]. Default false.
    public var alwaysBounceVertical = false

    /// With ``bounces``, a drag moves the content horizontally even when it is not wider than the
    /// view [SV-6]. Default false.
    public var alwaysBounceHorizontal = false

    /// When true, the content comes to rest on multiples of the view's size [SV-8]. Default false.
    public var isPagingEnabled = false

    /// How quickly a flick slows down [SV-5]. Default `.normal`.
    public var decelerationRate: DecelerationRate = .normal

    /// When true (the default), content views get `touchesBegan` only once the touch is known not to
    /// be a scroll: after ``contentTouchDelay``, or at once when the finger lifts first [SV-12].
    public var delaysContentTouches: Bool {
        get { contentTouchRecognizer.delaysTouchesBegan }
        set { contentTouchRecognizer.delaysTouchesBegan = newValue }
    }

    /// Seconds a content touch is held back with ``delaysContentTouches`` [SV-12]. Default
    /// ``InteractionDefaults/scrollContentTouchDelay`` (0.15 s). A negative value is stored as 0; NaN
    /// or an infinity as the default (a touch held back forever would never reach the content).
    public var contentTouchDelay: Double = InteractionDefaults.scrollContentTouchDelay {
        didSet {
            if !contentTouchDelay.isFinite {
                contentTouchDelay = InteractionDefaults.scrollContentTouchDelay
            } else if contentTouchDelay < 0 {
                contentTouchDelay = 0
            }
        }
    }

    /// When true (the default), a drag that begins cancels the touches content views are tracking
    /// (as ``touchesShouldCancel(in:)`` allows); when false, once a content view tracks the touch the
    /// content does not scroll [SV-13].
    public var canCancelContentTouches = true

    /// Seconds between the frames at which a moving offset is sampled (a 60 Hz display). The frames
    /// of a motion fall at `start + k · frameInterval`, and on its end.
    public static let frameInterval = 1.0 / 60

    // MARK: Zooming [SV-25] (see ScrollView+Zooming.swift)

    /// The smallest ``zoomScale`` a pinch or code may leave (a pinch goes below it only with the
    /// rubber band). Default 1. A value that is not a positive finite number is stored as 1.
    public var minimumZoomScale = 1.0 {
        didSet {
            if !(minimumZoomScale.isFinite && minimumZoomScale > 0) { minimumZoomScale = 1 }
            zoomLimitsDidChange()
        }
    }

    /// The largest ``zoomScale`` a pinch or code may leave. Default 1: no zooming until it is raised
    /// above ``minimumZoomScale``. A value that is not a positive finite number is stored as 1.
    public var maximumZoomScale = 1.0 {
        didSet {
            if !(maximumZoomScale.isFinite && maximumZoomScale > 0) { maximumZoomScale = 1 }
            zoomLimitsDidChange()
        }
    }

    /// When true (the default), a pinch past a zoom limit follows with a rubber band and the scale
    /// animates back to the limit when the fingers lift; when false the scale stops at the limits.
    public var bouncesZoom = true

    /// The recognizer that zooms the content with two fingers [SV-25]: present while
    /// ``maximumZoomScale`` exceeds ``minimumZoomScale`` (nil otherwise, as in UIKit). It recognizes
    /// together with ``panGestureRecognizer``, and begins only when the delegate gives a view for
    /// zooming.
    public internal(set) var pinchGestureRecognizer: PinchGestureRecognizer?

    // MARK: Indicators [SV-24] (see ScrollView+Indicators.swift)

    /// Whether the vertical indicator shows while the content scrolls (when it is taller than the
    /// view). Default true.
    public var showsVerticalScrollIndicator = true {
        didSet { if oldValue != showsVerticalScrollIndicator { indicatorGeometryDidChange() } }
    }

    /// Whether the horizontal indicator shows while the content scrolls (when it is wider than the
    /// view). Default true.
    public var showsHorizontalScrollIndicator = true {
        didSet { if oldValue != showsHorizontalScrollIndicator { indicatorGeometryDidChange() } }
    }

    /// Room between the view's edges and its indicators, besides their own margin
    /// (``indicatorMargin``). Default zero.
    public var scrollIndicatorInsets: EdgeInsets = .zero {
        didSet { if oldValue != scrollIndicatorInsets { indicatorGeometryDidChange() } }
    }

    /// Whether the indicators show now, or since when they fade.
    var indicatorVisibility: ScrollIndicatorVisibility = .hidden
    /// The timer of a fade's frames; armed again for each frame.
    var indicatorTimer: ClockTimer?

    override var drawsAboveSubviews: Bool { indicatorVisibility != .hidden }

    override func drawAboveSubviews(in context: any GraphicsContext) {
        drawIndicators(in: context)
    }

    // MARK: State

    /// What the offset is doing.
    var phase: ScrollViewPhase = .idle
    /// The frame timer of a motion; armed again for each frame.
    var frameTimer: ClockTimer?
    /// The frame number the frame timer is armed for, counted from the motion's start.
    var nextFrame = 0
    /// Whether the last drag is still to be finished (its deceleration is running): `isDragging` stays
    /// true until the deceleration ends.
    var dragIsDecelerating = false

    /// True while a finger that touched the view (or its content) is down [SV-7].
    public var isTracking: Bool {
        Self.hasLiveTouch(panGestureRecognizer) || Self.hasLiveTouch(contentTouchRecognizer)
    }

    /// True from the moment a drag begins moving the content until it comes to rest [SV-7].
    public var isDragging: Bool {
        if case .dragging = phase { return true }
        return dragIsDecelerating
    }

    /// True while the content coasts by itself after a drag [SV-7].
    public var isDecelerating: Bool {
        if case .moving(let motion) = phase { return motion.kind == .deceleration }
        return false
    }

    /// True while two fingers pinch the content [SV-25].
    public var isZooming: Bool {
        if case .pinching = phase { return true }
        return false
    }

    /// True while the scale (and the offset) spring back within the zoom limits and the content's
    /// edges after a pinch [SV-25].
    public var isZoomBouncing: Bool {
        if case .moving(let motion) = phase { return motion.kind == .zoomBounce }
        return false
    }

    private static func hasLiveTouch(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.touchesSinceReset.contains { !$0.phase.isTerminal }
    }

    // MARK: Life

    /// A scroll view at `frame` that clips its content to its bounds, as UIKit's does [SV-1].
    public override init(frame: Rect) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.name = "scrollPan"
        panGestureRecognizer.allowedScrollTypesMask = .all
        panGestureRecognizer.addAction { [weak self] recognizer in
            self?.panDidChange(recognizer)
        }
        addGestureRecognizer(contentTouchRecognizer)
        addGestureRecognizer(panGestureRecognizer)
    }

    /// Leaving its window stops a moving offset where it is [SV-5]: nothing would sample it.
    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        if newWindow !== window {
            stopMotion()
            hideIndicators()
        }
    }

    // MARK: Touches in the content [SV-12 … SV-15] (see ScrollView+ContentTouches.swift)

    /// Asked before touches go to `view`, a view of the content: at once without
    /// ``delaysContentTouches``, else when the delay ends or the finger lifts. Return false to keep the
    /// touches from the view. Default true [SV-14].
    open func touchesShouldBegin(_ touches: TouchSet, with event: Event?, in view: View) -> Bool {
        true
    }

    /// Asked, when a drag is about to begin, for each content view already tracking one of its
    /// touches (not asked when ``canCancelContentTouches`` is false). True lets the drag begin and
    /// cancel the view's touches; false keeps them, and the content does not scroll. Default: true,
    /// except for controls [SV-13].
    open func touchesShouldCancel(in view: View) -> Bool {
        !(view is Control)
    }

    /// [SV-3, SV-13, SV-15] The scroll view's own pan begins only when the drag is this view's to take
    /// and no content view tracking the touch keeps it (see `panShouldBegin()`); any other recognizer
    /// whose touches are bound here may begin.
    /// [SV-25] Its pinch begins only when the delegate gives a view for zooming.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if gestureRecognizer === pinchGestureRecognizer { return zoomingView != nil }
        guard gestureRecognizer === panGestureRecognizer else { return true }
        return panShouldBegin()
    }

    // MARK: Programmatic scrolling [SV-9]

    /// Moves the offset to `offset`: at once (one `scrollViewDidScroll` when it changed), or over
    /// ``ScrollPhysics/animationDuration`` ending with `scrollViewDidEndScrollingAnimation`. Either stops
    /// a running deceleration or animation where it is. The offset is not limited to the content.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        if animated, offset != bounds.origin, let clock = clock {
            let duration = ScrollPhysics.animationDuration
            let motion = ScrollMotion(
                kind: .animation,
                x: .ease(from: bounds.origin.x, to: offset.x, duration: duration),
                y: .ease(from: bounds.origin.y, to: offset.y, duration: duration),
                startTime: clock.now)
            start(motion)
            return
        }
        moveOffset(to: offset)
    }

    /// Scrolls as little as needed for `rect` (content coordinates) to be inside the view's visible
    /// area (the bounds minus the adjusted inset), within the content's offsets; nothing when it is
    /// already visible [SV-9]. A rectangle larger than the visible area shows its top-left part.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let inset = adjustedContentInset
        var target = bounds.origin
        target.x = Self.closestOffset(
            showing: rect.minX, rect.maxX, from: target.x, visibleLength: bounds.size.width - inset.left - inset.right,
            leading: inset.left, range: offsetRange(.horizontal))
        target.y = Self.closestOffset(
            showing: rect.minY, rect.maxY, from: target.y, visibleLength: bounds.size.height - inset.top - inset.bottom,
            leading: inset.top, range: offsetRange(.vertical))
        guard target != bounds.origin else { return }
        setContentOffset(target, animated: animated)
    }

    /// The offset nearest to `current` that shows `low…high` in a visible part `visibleLength` long that
    /// starts `leading` points into the view, clamped into `range`.
    private static func closestOffset(
        showing low: Double, _ high: Double, from current: Double, visibleLength: Double, leading: Double,
        range: (lower: Double, upper: Double)
    ) -> Double {
        let visibleStart = current + leading
        var offset = current
        if high - low > visibleLength || low < visibleStart {
            offset = low - leading
        } else if high > visibleStart + visibleLength {
            offset = high - visibleLength - leading
        }
        return Swift.min(range.upper, Swift.max(range.lower, offset))
    }

    // MARK: Moving the offset

    /// The clock of the view's application; nil outside a window.
    var clock: (any EventClock)? {
        applicationClock(ofView: UInt(bitPattern: ObjectIdentifier(self)))
    }

    /// Sets `bounds.origin` and calls `scrollViewDidScroll` when it changed.
    func moveOffset(to offset: Point) {
        guard offset != bounds.origin else { return }
        var newBounds = bounds
        newBounds.origin = offset
        bounds = newBounds
        // [SV-24] Under a finger or coasting, the indicators show.
        if isDragging || isDecelerating { showIndicators() }
        delegate?.scrollViewDidScroll(self)
    }

    /// Starts following `motion`: its first frame is due one frame interval after its start (its start
    /// is now, where the offset is).
    func start(_ motion: ScrollMotion) {
        phase = .moving(motion)
        nextFrame = 1
        window?.scrollViewDidStartMoving(self)
        scheduleFrame(of: motion)
    }

    /// Stops a deceleration or animation where the offset is; no delegate calls. A zoom bounce or zoom
    /// animation is not left part way (its scale may be past a limit, and the delegate is between
    /// `scrollViewWillBeginZooming` and `scrollViewDidEndZooming`): it comes to its end at once, with
    /// `scrollViewDidEndZooming` [SV-25]. Returns whether one was running; the view is idle after.
    @discardableResult
    func stopMotion() -> Bool {
        guard case .moving(let motion) = phase else { return false }
        if motion.scale != nil {
            frameTimer?.cancel()
            finish(motion)
            // Unless the delegate set it moving again, which stops where it is.
            if case .moving = phase { halt() }
            return true
        }
        halt()
        return true
    }

    /// ``stopMotion()``'s stop where the offset is, for any motion.
    private func halt() {
        phase = .idle
        dragIsDecelerating = false
        frameTimer?.cancel()
        window?.scrollViewDidStopMoving(self)
        indicatorsCameToRest()
    }

    /// Arms the frame timer for frame `nextFrame` of `motion`, or for its end when that comes first.
    private func scheduleFrame(of motion: ScrollMotion) {
        guard let clock else {
            // Out of any window: nothing samples the motion; it ends where it would have.
            finish(motion)
            return
        }
        let frameTime = motion.startTime + Double(nextFrame) * Self.frameInterval
        let deadline = Swift.min(frameTime, motion.endTime)
        if !isKnownUniquelyReferenced(&frameTimer) { frameTimer = ClockTimer() }
        let timer = frameTimer.unsafelyUnwrapped
        timer.arm(at: Swift.max(deadline, clock.now), owner: self)
        clock.schedule(timer)
    }

    /// One frame: the offset the motion has at the clock's time; at its end, the delegate's last calls.
    private func frame() {
        guard case .moving(let motion) = phase, let now = clock?.now else {
            stopMotion()
            return
        }
        if now >= motion.endTime {
            finish(motion)
            return
        }
        if let scale = motion.zoomScale(at: now) {
            applyZoom(scale: scale, offset: motion.offset(at: now))
        } else {
            moveOffset(to: Self.wholePoints(motion.offset(at: now)))
        }
        // The frame after the clock's time (a clock that fires late skips the frames it missed).
        nextFrame = Swift.max(nextFrame + 1, Int(((now - motion.startTime) / Self.frameInterval).rounded(.down)) + 1)
        scheduleFrame(of: motion)
    }

    /// `offset` on whole points [SV-26]: where a moving offset is shown between its start and its end,
    /// so that each frame moves the content by whole pixels at any integer scale and its picture can
    /// be moved instead of redrawn [SV-27].
    static func wholePoints(_ offset: Point) -> Point {
        Point(x: offset.x.rounded(), y: offset.y.rounded())
    }

    /// The motion is at rest: the offset is exactly its end; then `scrollViewDidEndDecelerating` or
    /// `scrollViewDidEndScrollingAnimation` [SV-10].
    private func finish(_ motion: ScrollMotion) {
        phase = .idle
        dragIsDecelerating = false
        window?.scrollViewDidStopMoving(self)
        if let scale = motion.scale {
            applyZoom(scale: scale.finalPosition, offset: motion.finalOffset)
        } else {
            moveOffset(to: motion.finalOffset)
        }
        switch motion.kind {
        case .deceleration: delegate?.scrollViewDidEndDecelerating(self)
        case .animation: delegate?.scrollViewDidEndScrollingAnimation(self)
        case .zoomBounce, .zoomAnimation:
            delegate?.scrollViewDidEndZooming(self, with: zoomingView, atScale: zoomScale)
        }
        // Unless the delegate set it moving again.
        if case .idle = phase { indicatorsCameToRest() }
    }

    /// The clock time at which the running motion comes to rest; nil when the offset is not moving.
    var motionEndTime: Double? {
        if case .moving(let motion) = phase { return motion.endTime }
        return nil
    }

    /// The clock time at which the view is still by itself: its motion's end, or else its
    /// indicators' fade's end [SV-24]; nil when neither runs (what waiting for idle waits for).
    var settleTime: Double? {
        motionEndTime ?? indicatorVisibility.fadeEndTime
    }
}

extension ScrollView: ClockTimerOwner {
    func clockTimerFired(_ timer: ClockTimer) {
        if timer === indicatorTimer {
            indicatorFadeFrame()
        } else {
            frame()
        }
    }
}
