import SceneCore
import SceneDisplay
import Testing

@Suite("The pointer hovering over the desktop windows (SV-21)")
struct PointerHoverTests {
    let first = DisplayWindowID(1)
    let second = DisplayWindowID(2)

    @Test("Motion with the button up hovers: each new point is a move, the same point again is none")
    func moves() {
        var hover = PointerHover()
        #expect(hover.move(in: first, to: Point(x: 10, y: 20)) == [.moved(first, location: Point(x: 10, y: 20))])
        #expect(hover.move(in: first, to: Point(x: 10, y: 20)).isEmpty)
        #expect(hover.move(in: first, to: Point(x: 11, y: 20)) == [.moved(first, location: Point(x: 11, y: 20))])
        #expect(hover.state == .over(first, location: Point(x: 11, y: 20)))
    }

    @Test("Leaving the window ends the hover there; a leave of another window changes nothing")
    func leaves() {
        var hover = PointerHover()
        _ = hover.move(in: first, to: Point(x: 1, y: 1))
        #expect(hover.leave(second).isEmpty)
        #expect(hover.leave(first) == [.left(first)])
        #expect(hover.state == .outside)
        #expect(hover.leave(first).isEmpty, "ended once")
    }

    @Test("Motion in another window before the old one's leave ends the old hover first")
    func otherWindow() {
        var hover = PointerHover()
        _ = hover.move(in: first, to: Point(x: 1, y: 1))
        #expect(hover.move(in: second, to: Point(x: 1, y: 1)) == [.left(first), .moved(second, location: Point(x: 1, y: 1))])
        #expect(hover.leave(first).isEmpty, "the late leave of the old window")
    }

    @Test("A button going down ends the hover wherever it is; the next motion hovers again")
    func buttonDown() {
        var hover = PointerHover()
        #expect(hover.end().isEmpty, "nothing hovers yet")
        _ = hover.move(in: first, to: Point(x: 5, y: 5))
        #expect(hover.end() == [.left(first)])
        #expect(hover.move(in: first, to: Point(x: 5, y: 5)) == [.moved(first, location: Point(x: 5, y: 5))], "after the release")
    }

    @Test("A window hidden or closed ends its own hover only")
    func windowGone() {
        var hover = PointerHover()
        _ = hover.move(in: first, to: Point(x: 5, y: 5))
        #expect(hover.end(in: second).isEmpty)
        #expect(hover.end(in: first) == [.left(first)])
    }
}
