import DBusKit
@testable import SceneAccessibility
import SceneCore
import Testing

@MainActor
@Suite("The accessible tree: paths, parents and children")
struct AccessibleTreeTests {
    let fixture = AccessibilityFixture()
    var tree: AccessibleTree { fixture.tree }

    @Test("The root's children are the windows of the connected scenes, in scene order; windows' parent is the root")
    func windows() {
        #expect(tree.children(of: .application).map(ObjectIdentifier.init) == [fixture.main, fixture.second].map(ObjectIdentifier.init))
        #expect(tree.parent(of: .view(fixture.second)).map { if case .application = $0 { true } else { false } } == true)
        #expect(tree.indexInParent(of: .view(fixture.second)) == 1)
        #expect(tree.indexInParent(of: .application) == -1)
        #expect(tree.parent(of: .application) == nil, "the application's parent is the desktop, on the registry")
    }

    @Test("WS-12: a scene's alert window is a child of its frame, after the frame's views; the root keeps the frames")
    func alertsBelongToTheirFrame() {
        let (alert, button) = fixture.showAlert()
        #expect(tree.children(of: .application).map(ObjectIdentifier.init) == [fixture.main, fixture.second].map(ObjectIdentifier.init))
        let children = tree.children(of: .view(fixture.main))
        #expect(children.count == 2 && children.first === fixture.content && children.last === alert)
        #expect(tree.parent(of: .view(alert))?.view === fixture.main)
        #expect(tree.indexInParent(of: .view(alert)) == 1)
        #expect(tree.parent(of: .view(button))?.view === alert)
        #expect(tree.children(of: .view(fixture.second)).count == 1, "another scene's frame does not get it")
        #expect(tree.isExposed(alert) && tree.node(at: tree.path(of: alert))?.view === alert)
        var walked: [(View, View?, Int32)] = []
        tree.walk { node, parent, index, _ in
            if let view = node.view, view === alert || view === button { walked.append((view, parent?.view, index)) }
        }
        #expect(walked.count == 2)
        #expect(walked.first?.0 === alert && walked.first?.1 === fixture.main && walked.first?.2 == 1)
        #expect(walked.last?.0 === button && walked.last?.1 === alert && walked.last?.2 == 0)
    }

    @Test("WS-12: a window below the alert level, or an alert in a scene with no frame, is a root child")
    func alertsWithoutFrames() {
        let (alert, _) = fixture.showAlert()
        alert.windowLevel = .normal
        #expect(tree.children(of: .application).contains { $0 === alert })
        #expect(tree.children(of: .view(fixture.main)).count == 1)
        alert.windowLevel = .alert
        fixture.second.accessibilityElementsHidden = true
        let (lone, _) = fixture.showAlert(in: "second")
        #expect(tree.children(of: .application).last === lone, "the second scene's only exposed window is the alert")
        #expect(tree.parent(of: .view(lone)).map { if case .application = $0 { true } else { false } } == true)
        #expect(tree.children(of: .view(fixture.main)).last === alert)
    }

    @Test("A view gets its path the first time it is named and keeps it; the root's path is fixed")
    func stablePaths() {
        #expect(tree.path(of: .application) == "/org/a11y/atspi/accessible/root")
        #expect(!tree.isKnown(fixture.button))
        let path = tree.path(of: fixture.button)
        #expect(tree.isKnown(fixture.button))
        #expect(path.rawValue.hasPrefix("/org/a11y/atspi/accessible/"))
        #expect(tree.path(of: fixture.button) == path)
        #expect(tree.path(of: fixture.label) != path)
        #expect(tree.node(at: path)?.view === fixture.button)
    }

    @Test("A view that leaves its window no longer resolves, and its path is never given to another view")
    func departedViews() {
        let path = tree.path(of: fixture.label)
        fixture.label.removeFromSuperview()
        #expect(tree.node(at: path) == nil)
        tree.prune()
        #expect(!tree.isKnown(fixture.label))
        let newcomer = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        fixture.content.addSubview(newcomer)
        fixture.content.addSubview(fixture.label)
        #expect(tree.path(of: newcomer) != path)
        #expect(tree.path(of: fixture.label) != path, "a view that comes back is a new object")
    }

    @Test(
        "Paths that name nothing resolve to nothing",
        arguments: [
            "/org/a11y/atspi/accessible", "/org/a11y/atspi/accessible/99999", "/org/a11y/atspi/accessible/blue",
            "/org/a11y/atspi/accessible/1/2", "/org/a11y/atspi/cache", "/",
        ])
    func unknownPaths(path: String) throws {
        _ = tree.path(of: fixture.button)
        #expect(tree.node(at: try ObjectPath(path)) == nil)
        #expect(throws: AccessibilityError.self) { try tree.existingNode(at: try ObjectPath(path)) }
    }

    @Test("Subtrees hidden from assistive technologies are not children; their views do not resolve")
    func accessibilityHiddenSubtrees() {
        let children = tree.children(of: .view(fixture.content))
        #expect(children.contains { $0 === fixture.hidden }, "a hidden view stays in the tree; its states say so")
        #expect(!children.contains { $0 === fixture.secret })
        let covered = tree.path(of: fixture.covered)
        #expect(tree.node(at: covered) == nil)
        #expect(!tree.isExposed(fixture.covered))
    }

    @Test("Parent and index in parent follow the exposed children")
    func parentsAndIndices() throws {
        #expect(tree.parent(of: .view(fixture.field))?.view === fixture.content)
        #expect(tree.indexInParent(of: .view(fixture.field)) == 4)
        #expect(tree.indexInParent(of: .view(fixture.hidden)) == 5)
        #expect(try tree.child(of: .view(fixture.content), at: 1).view === fixture.button)
        #expect(throws: AccessibilityError.invalidArgument("child index 6 is out of range: \(tree.path(of: .view(fixture.content))) has 6 children (0…5)")) {
            try tree.child(of: .view(fixture.content), at: 6)
        }
        #expect(throws: AccessibilityError.self) { try tree.child(of: .view(fixture.plain), at: 0) }
    }

    @Test("A walk visits the root, then every exposed view depth first, with parent, index and children")
    func walk() {
        var visited: [(String, Int32, Int)] = []
        tree.walk { node, _, index, childCount in visited.append((tree.name(of: node), index, childCount)) }
        #expect(visited.map(\.0) == ["scene-host", "Main", "Content", "Title", "OK", "", "", "", "", "", "Second", ""])
        #expect(visited.first?.1 == -1 && visited.first?.2 == 2)
        #expect(visited.map(\.1) == [-1, 0, 0, 0, 1, 2, 3, 4, 5, 0, 1, 0])
    }
}

@MainActor
@Suite("The accessible tree: names, roles, states and interfaces")
struct AccessibleSemanticsTests {
    let fixture = AccessibilityFixture()
    var tree: AccessibleTree { fixture.tree }

    @Test("Names come from the label, the window title or the controller's title; an identifier is never a name, only AccessibleId")
    func names() {
        #expect(tree.name(of: .application) == "scene-host")
        #expect(tree.name(of: .view(fixture.main)) == "Main")
        #expect(tree.name(of: .view(fixture.content)) == "Content")
        #expect(tree.name(of: .view(fixture.label)) == "Title")
        #expect(tree.name(of: .view(fixture.button)) == "OK")
        #expect(tree.name(of: .view(fixture.toggle)) == "", "a switch with only an identifier has no name")
        #expect(tree.name(of: .view(fixture.plain)) == "")
        fixture.button.accessibilityLabel = "Confirm"
        #expect(tree.name(of: .view(fixture.button)) == "Confirm")
        #expect(tree.description(of: .view(fixture.button)) == "Confirms")
        #expect(tree.accessibleID(of: .view(fixture.toggle)) == "toggle")
        #expect(tree.accessibleID(of: .view(fixture.button)) == "Button#0.1", "the host's view reference")
    }

    @Test("Roles follow the views' accessibility roles; the root is the application")
    func roles() {
        #expect(tree.role(of: .application) == .application)
        #expect(tree.role(of: .view(fixture.main)) == .frame)
        #expect(tree.role(of: .view(fixture.button)) == .pushButton)
        #expect(tree.role(of: .view(fixture.toggle)) == .toggleButton)
        #expect(tree.role(of: .view(fixture.slider)) == .slider)
        #expect(tree.role(of: .view(fixture.label)) == .label)
        #expect(tree.role(of: .view(fixture.plain)) == .panel)
    }

    @Test("A shown, enabled control is visible, showing, enabled and sensitive; the root has no state")
    func plainStates() {
        #expect(tree.states(of: .application) == [])
        #expect(tree.states(of: .view(fixture.button)) == AtspiStateSet([.visible, .showing, .enabled, .sensitive, .focusable]))
    }

    @Test("Hidden and transparent views are not visible; their subviews are visible but not showing")
    func visibility() {
        #expect(!tree.states(of: .view(fixture.hidden)).contains(.visible))
        #expect(tree.states(of: .view(fixture.inner)).contains(.visible))
        #expect(!tree.states(of: .view(fixture.inner)).contains(.showing))
        fixture.label.alpha = 0
        #expect(!tree.states(of: .view(fixture.label)).contains(.visible))
        fixture.second.isHidden = true
        #expect(!tree.states(of: .view(fixture.plain)).contains(.showing))
    }

    @Test("A disabled control is neither enabled nor sensitive")
    func disabled() {
        fixture.button.isEnabled = false
        let states = tree.states(of: .view(fixture.button))
        #expect(!states.contains(.enabled) && !states.contains(.sensitive))
    }

    @Test("FO-1, FO-2: controls and first-responder views are focusable; focused is the key window's focused view only, and a focused button is not first responder")
    func focus() {
        #expect(tree.states(of: .view(fixture.field)) == AtspiStateSet([.visible, .showing, .enabled, .sensitive, .focusable]))
        #expect(fixture.field.becomeFirstResponder())
        #expect(tree.states(of: .view(fixture.field)).contains(.focused))
        #expect(tree.states(of: .view(fixture.button)).contains(.focusable))
        #expect(!tree.states(of: .view(fixture.plain)).contains(.focusable))
        #expect(fixture.main.setFocusedView(fixture.button))
        #expect(tree.states(of: .view(fixture.button)).contains(.focused) && !fixture.button.isFirstResponder)
        #expect(!tree.states(of: .view(fixture.field)).contains(.focused))
        // A focused view in a window that is not key is not focused for assistive technologies.
        let focusable = FocusableView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        fixture.plain.addSubview(focusable)
        #expect(focusable.becomeFirstResponder() && focusable.isFocused)
        #expect(!tree.states(of: .view(focusable)).contains(.focused))
        var focused = 0
        tree.walk { node, _, _, _ in if tree.states(of: node).contains(.focused) { focused += 1 } }
        #expect(focused == 1, "at most one object in the application is focused")
    }

    @Test("Only the application's key window is active")
    func active() {
        #expect(fixture.application.keyWindow === fixture.main)
        #expect(tree.states(of: .view(fixture.main)).contains(.active))
        #expect(!tree.states(of: .view(fixture.second)).contains(.active))
        #expect(!tree.states(of: .view(fixture.content)).contains(.active))
    }

    @Test("A switch is checkable, and checked while on; a slider is horizontal")
    func controls() {
        #expect(tree.states(of: .view(fixture.toggle)).isSuperset(of: [AtspiStateSet([.checkable, .checked])]))
        fixture.toggle.isOn = false
        #expect(!tree.states(of: .view(fixture.toggle)).contains(.checked))
        #expect(tree.states(of: .view(fixture.slider)).contains(.horizontal))
    }

    @Test("Controls (not sliders) and views keyboard focus can reach have the click action; sliders have Value")
    func interfaces() {
        #expect(tree.interfaces(of: .application).map(\.rawValue) == ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"])
        #expect(tree.interfaces(of: .view(fixture.plain)).map(\.rawValue) == ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"])
        #expect(tree.interfaces(of: .view(fixture.button)).contains(AtspiNames.action))
        #expect(tree.interfaces(of: .view(fixture.slider)).suffix(2) == [AtspiNames.component, AtspiNames.value])
        #expect(tree.interfaces(of: .view(fixture.field)).contains(AtspiNames.action), "a view that can become first responder")
        #expect(tree.interfaces(of: .view(fixture.label)).contains(AtspiNames.text))
        fixture.plain.addGestureRecognizer(TapGestureRecognizer(name: "tap") { _ in })
        #expect(tree.hasClickAction(fixture.plain))
    }
}
