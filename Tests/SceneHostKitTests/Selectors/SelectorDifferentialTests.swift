import SceneCore
import SceneHostKit
import TestSupport
import Testing

/// A seeded generator, so every failure can be replayed.
typealias SeededGenerator = SplitMix64

/// The matcher (right to left, with backtracking over ancestors) against a plain reference that
/// works left to right over sets, on random trees and random selectors.
@MainActor
@Suite("Selector matching agrees with a left-to-right reference")
struct SelectorDifferentialTests {
    static let identifiers = ["a", "b", "c"]
    static let texts = ["x", "y"]

    /// A random tree of views under `parent`.
    private static func grow(_ parent: View, depth: Int, using random: inout SeededGenerator) {
        guard depth > 0 else { return }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let frame = Rect(x: Double.random(in: -50...350, using: &random), y: Double.random(in: -50...350, using: &random), width: 60, height: 40)
            let view: View
            switch Int.random(in: 0..<4, using: &random) {
            case 0: view = Label(frame: frame, text: texts.randomElement(using: &random)!)
            case 1: view = Button(frame: frame, title: texts.randomElement(using: &random)!)
            case 2: view = FancyButton(frame: frame, title: texts.randomElement(using: &random)!)
            default: view = View(frame: frame)
            }
            if Bool.random(using: &random) { view.accessibilityIdentifier = identifiers.randomElement(using: &random) }
            if Int.random(in: 0..<6, using: &random) == 0 { view.isHidden = true }
            if Int.random(in: 0..<8, using: &random) == 0 { view.isUserInteractionEnabled = false }
            if let button = view as? Button, Int.random(in: 0..<5, using: &random) == 0 { button.isEnabled = false }
            parent.addSubview(view)
            grow(view, depth: depth - 1, using: &random)
        }
    }

    private static func randomCompound(using random: inout SeededGenerator) -> String {
        var text = ["", "", "*", "View", "Label", "Button", "FancyButton", "Control"].randomElement(using: &random)!
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: text += "#" + identifiers.randomElement(using: &random)!
            case 1: text += "[text=\"\(texts.randomElement(using: &random)!)\"]"
            case 2: text += "[title='\(texts.randomElement(using: &random)!)']"
            case 3: text += "[label=\"\(texts.randomElement(using: &random)!)\"]"
            case 4: text += ":visible"
            default: text += ":enabled"
            }
        }
        return text.isEmpty ? "*" : text
    }

    private static func randomSelector(using random: inout SeededGenerator) -> String {
        var text = randomCompound(using: &random)
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            text += Bool.random(using: &random) ? " > " : " "
            text += randomCompound(using: &random)
        }
        return text
    }

    /// Views in depth-first order from `root`.
    private static func preorder(_ root: View) -> [View] {
        [root] + root.subviews.flatMap(preorder)
    }

    /// The reference: the views matching compounds 0…k with the last one as the k-th, left to right.
    private static func reference(_ selector: ViewSelector, window: Window, matcher: SelectorMatcher) -> [ObjectIdentifier] {
        let all = preorder(window)
        var current = Set(all.filter { matcher.matches(selector.compounds[0], $0) }.map(ObjectIdentifier.init))
        for (index, combinator) in selector.combinators.enumerated() {
            let compound = selector.compounds[index + 1]
            current = Set(all.filter { view in
                guard matcher.matches(compound, view) else { return false }
                switch combinator {
                case .child:
                    return view.superview.map { current.contains(ObjectIdentifier($0)) } ?? false
                case .descendant:
                    var ancestor = view.superview
                    while let node = ancestor {
                        if current.contains(ObjectIdentifier(node)) { return true }
                        ancestor = node.superview
                    }
                    return false
                }
            }.map(ObjectIdentifier.init))
        }
        return all.map(ObjectIdentifier.init).filter(current.contains)
    }

    @Test("100 random trees × 25 random selectors: same views, same order", arguments: [UInt64(0x5E1EC7), 0xC0FFEE])
    func agrees(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var compared = 0, nonEmpty = 0
        for _ in 0..<50 {
            let application = Application(clock: ManualClock())
            let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
            Self.grow(root, depth: 4, using: &random)
            let delegate = BuildWindow(views: [root])
            let scene = try application.connectScene(named: "s", delegate: delegate, screenFrame: Rect(x: 0, y: 0, width: 300, height: 300))
            scene.activate()
            let matcher = SelectorMatcher()
            for _ in 0..<25 {
                let text = Self.randomSelector(using: &random)
                let selector = try ViewSelector.parse(text)
                let fast = matcher.matches(selector, in: application).map { ObjectIdentifier($0.view) }
                let plain = Self.reference(selector, window: delegate.window!, matcher: matcher)
                #expect(fast == plain, "seed \(seed): '\(text)'")
                compared += 1
                if !fast.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > compared / 4, "the random selectors match something often enough to mean something (\(nonEmpty) of \(compared))")
    }
}
