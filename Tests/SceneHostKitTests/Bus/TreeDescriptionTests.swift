import DBusKit
import Foundation
import SceneCore
@testable import SceneHostKit
import Testing

/// A view that places its subview in `layoutSubviews`, from its own width.
private final class TrailingBadgeView: View {
    let badge = Label(frame: .zero, text: "3")

    override init(frame: Rect) {
        super.init(frame: frame)
        addSubview(badge)
    }

    override func layoutSubviews() {
        badge.frame = Rect(x: bounds.width - 20, y: 0, width: 20, height: 20)
    }
}

@MainActor
@Suite("Window1.DescribeTree's JSON")
struct TreeDescriptionTests {
    let application = Application(clock: ManualClock())

    @Test("The tree is described after the window's pending layout [LY-5]: frames are the ones that will be drawn")
    func describesLaidOutFrames() throws {
        let view = TrailingBadgeView(frame: Rect(x: 0, y: 0, width: 120, height: 40))
        let delegate = BuildWindow(views: [view])
        let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 400, height: 400))
        scene.activate()
        #expect(view.needsLayout)
        #expect(try badgeFrame(in: delegate.window!) == [100, 0, 20, 20])
        view.frame.size.width = 300
        #expect(try badgeFrame(in: delegate.window!) == [280, 0, 20, 20])
    }

    private func badgeFrame(in window: Window) throws -> [Double]? {
        let json = TreeDescription.json(of: window, path: ObjectPath("/org/scenehost/SceneHost/window/1"))
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        var node = document?["root"] as? [String: Any]
        // Window > TrailingBadgeView > Label
        for _ in 0..<2 { node = (node?["children"] as? [[String: Any]])?.first }
        return node?["frame"] as? [Double]
    }
}
