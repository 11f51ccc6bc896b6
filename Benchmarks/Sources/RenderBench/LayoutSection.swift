import BenchSupport
import SceneCore
import SceneRender

/// Issue 25's layout target: the layout after a resize of the dressed realistic window (482 views)
/// against one full render of that window, in the same run. The tree's frames are written by hand, so
/// the section gives it the masks an app would: a view spanning its superview's width stretches with
/// it (`flexibleWidth`), one that ends in its right fifth stays at the right (`flexibleLeftMargin`),
/// and the same on the vertical axis.
@MainActor
func runLayoutSection(config: MeasureConfig) {
    let report = Report.shared
    report.heading("Layout after a resize")
    let rendered = RenderedTree(DressedTrees.realistic())
    let window = rendered.window
    var flexible = 0
    for view in rendered.views.dropFirst() {
        guard let superview = view.superview else { continue }
        let mask = appMask(of: view.frame, in: superview.bounds.size)
        view.autoresizingMask = mask
        if !mask.isEmpty { flexible += 1 }
    }
    _ = rendered.renderFull()
    rendered.application.layoutIfNeeded()
    let original = rendered.views.map(\.frame)
    let narrow = window.frame, wide = Rect(x: narrow.minX, y: narrow.minY, width: narrow.width + 40, height: narrow.height + 20)

    // One operation: wider, layout, back, layout (two layouts after a resize; reported per layout).
    var resizedViews = 0
    let layout: Workload = { n in
        var checksum = 0
        for _ in 0..<n {
            window.frame = wide
            rendered.application.layoutIfNeeded()
            checksum &+= Int(rendered.views[rendered.views.count / 2].frame.width)
            window.frame = narrow
            rendered.application.layoutIfNeeded()
        }
        return checksum
    }
    let full: Workload = { n in
        var checksum = 0
        for _ in 0..<n { checksum &+= Int(rendered.renderFull().frameNumber) }
        return checksum
    }
    window.frame = wide
    rendered.application.layoutIfNeeded()
    resizedViews = zip(rendered.views, original).filter { $0.frame != $1 }.count
    window.frame = narrow
    rendered.application.layoutIfNeeded()
    if zip(rendered.views, original).contains(where: { $0.frame != $1 }) {
        report.fail("layout: after resizing back, some view's frame differs from before the resize")
    }
    if resizedViews == 0 { report.fail("layout: the resize moved no view") }

    report.progress("layout: calibrating")
    let layoutCount = calibrateCount(layout, seconds: config.minimumTrialSeconds)
    let fullCount = calibrateCount(full, seconds: config.minimumTrialSeconds)
    var layoutTrials = Trials(), fullTrials = Trials()
    for trial in 0..<config.trials {
        report.progress("layout: trial \(trial + 1) of \(config.trials)")
        layoutTrials.nanos.append(timeTrial(layout, layoutCount) / 2)
        fullTrials.nanos.append(timeTrial(full, fullCount))
    }
    let share = layoutTrials.median / fullTrials.median
    report.table(
        ["", "µs", "share of a full render", "target", "result"],
        [
            ["full render of the window", micro(fullTrials), "", "", ""],
            [
                "resize (autoresizing) and layout pass", micro(layoutTrials), Format.fixed(share * 100, 1) + " %", "≤ 10 %",
                verdict(share <= 0.10, "layout after a resize vs full render"),
            ],
        ])
    report.line(
        """
        - \(rendered.views.count) views, \(flexible) with a mask; one resize (390×844 ↔ 430×864) moves or resizes \
        \(resizedViews) of them. A layout: the window's frame set (the masks resize the views at once, LY-3), then \
        `Application.layoutIfNeeded()` (every view marked by a size change or a new subview gets `layoutSubviews`, LY-5). \
        Check: after resizing back every frame equals the original.
        """)
}

/// The mask an app would give a view with `frame` in a superview of `size`: flexible width or height
/// where it spans the superview, a flexible leading margin where it ends in the last fifth.
private func appMask(of frame: Rect, in size: Size) -> AutoresizingMask {
    var mask: AutoresizingMask = []
    if frame.minX <= 0.5, frame.maxX >= size.width - 0.5 {
        mask.insert(.flexibleWidth)
    } else if frame.minX > size.width * 0.5, frame.maxX >= size.width * 0.8 {
        mask.insert(.flexibleLeftMargin)
    }
    if frame.minY <= 0.5, frame.maxY >= size.height - 0.5 {
        mask.insert(.flexibleHeight)
    } else if frame.minY > size.height * 0.5, frame.maxY >= size.height * 0.8 {
        mask.insert(.flexibleTopMargin)
    }
    return mask
}
