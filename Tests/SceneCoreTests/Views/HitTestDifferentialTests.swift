@testable import SceneCore
import TestSupport
import Testing

/// The fast hit test against the classic recursive walk (HitTestReference.swift) on random trees and
/// random points: the same view, and the same calls into overrides in the same order, for every
/// case. The trees mix SceneCore's classes with plugin-style overrides, sizes from zero to larger
/// than the root, heavy overlaps, big flat containers (indexed), scrolled bounds, transforms
/// (rotations, scales, singular and non-finite ones), hidden views, alpha around 0.01 and
/// interaction off; between rounds of points the trees change (moves, reorders, removals, new
/// subtrees, flags), so the indexes must follow.
@MainActor
@Suite("Hit testing: the fast path against the reference walk, on random trees")
struct HitTestDifferentialTests {
    static let filter = "HitTestDifferentialTests"

    /// Builds random trees; every view gets a unique `tag`.
    @MainActor
    struct TreeMaker {
        var random: SeededGenerator
        let log: HitCallLog
        var nextTag = 1
        var made: [View] = []

        mutating func makeView(frame: Rect) -> View {
            let roll = random.unit()
            let view: View
            switch roll {
            case ..<0.62: view = View(frame: frame)
            case ..<0.70:
                let overriding = OverridingView(frame: frame, log: log)
                overriding.rule = random.pick([.callsSuper, .passThrough, .redirectWhenHit, .redirectAlways, .transparent])
                overriding.growth = random.chance(0.5) ? 0 : random.range(-8, 12)
                if !made.isEmpty, random.chance(0.8) { overriding.target = random.pick(made) }
                view = overriding
            case ..<0.76:
                let grown = GrownView(frame: frame, log: log)
                grown.growth = random.range(-6, 12)
                view = grown
            case ..<0.78:
                let button = GrownButton(frame: frame, log: log)
                button.growth = random.range(-4, 10)
                view = button
            case ..<0.82: view = Button(frame: frame)
            case ..<0.85: view = Label(frame: frame)
            case ..<0.88: view = ImageView(frame: frame)
            case ..<0.91: view = Switch(frame: frame)
            case ..<0.94: view = Slider(frame: frame)
            default: view = Control(frame: frame)
            }
            view.tag = nextTag
            nextTag += 1
            made.append(view)
            decorate(view)
            return view
        }

        /// Flags, scrolled bounds and transforms, each now and then.
        mutating func decorate(_ view: View) {
            if random.chance(0.06) { view.isHidden = true }
            if random.chance(0.05) { view.isUserInteractionEnabled.toggle() }
            if random.chance(0.08) { view.alpha = random.pick([0, 0.005, 0.0099, 0.01, 0.0100001, 0.011, 0.02, 0.5]) }
            if random.chance(0.08) {
                let size = view.bounds.size
                view.bounds = Rect(
                    x: random.chance(0.5) ? random.range(-40, 40) : Double(random.int(-40, 40)),
                    y: random.chance(0.5) ? random.range(-40, 40) : Double(random.int(-40, 40)),
                    width: size.width, height: size.height)
            }
            if random.chance(0.1) { view.transform = randomTransform() }
        }

        mutating func randomTransform() -> AffineTransform {
            switch random.int(0, 9) {
            case 0: return AffineTransform(scaleX: 0, y: 0)
            case 1: return AffineTransform(scaleX: random.range(0.5, 2), y: 0)
            case 2: return AffineTransform(scaleX: 1e-200, y: 1e-200)  // the determinant underflows to 0
            case 3: return AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            case 4: return AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 3)
            case 5: return AffineTransform(translationX: random.range(-30, 30), y: Double(random.int(-30, 30)))
            case 6: return AffineTransform(scaleX: -1, y: 1)
            default:
                return AffineTransform(rotationAngle: random.range(-3.2, 3.2)).concatenating(
                    AffineTransform(scaleX: random.range(0.3, 2.5), y: random.range(0.3, 2.5)))
            }
        }

        /// Sizes from zero (and negative) to larger than the container; often whole numbers, so that
        /// points land on edges.
        mutating func randomFrame(in size: Size) -> Rect {
            let width = max(size.width, 10), height = max(size.height, 10)
            func length(_ extent: Double) -> Double {
                switch random.int(0, 9) {
                case 0: return 0
                case 1: return -random.range(1, extent / 2)
                case 2: return random.range(0, 3)
                case 3: return Double(random.int(1, Int(extent)))
                case 4: return random.range(extent, extent * 2)
                default: return random.range(2, extent / 2)
                }
            }
            func origin(_ extent: Double) -> Double {
                random.chance(0.5) ? Double(random.int(-20, Int(extent))) : random.range(-20, extent)
            }
            return Rect(x: origin(width), y: origin(height), width: length(width), height: length(height))
        }

        /// A subtree under `parent`: small fan-outs, and now and then a big flat container (which
        /// SceneCore indexes) whose children are of mixed sizes and overlap.
        mutating func grow(_ parent: View, depth: Int, budget: inout Int) {
            guard depth > 0, budget > 0 else { return }
            let size = parent.bounds.size
            let count: Int
            if random.chance(0.12) {
                count = random.int(32, 180)
            } else {
                count = random.int(0, 5)
            }
            for _ in 0..<count where budget > 0 {
                budget -= 1
                let child = makeView(frame: randomFrame(in: Size(width: abs(size.width), height: abs(size.height))))
                parent.addSubview(child)
                if random.chance(count > 20 ? 0.04 : 0.5) { grow(child, depth: depth - 1, budget: &budget) }
            }
        }

        /// A random change of the tree that the next hit tests must see.
        mutating func mutate(_ root: View) {
            var all: [View] = []
            func collect(_ view: View) {
                all.append(view)
                for child in view.subviews { collect(child) }
            }
            collect(root)
            let view = random.pick(all)
            let isRoot = view === root
            switch random.int(0, 11) {
            case 0: view.frame = randomFrame(in: view.superview?.bounds.size ?? Size(width: 400, height: 400))
            case 1: view.isHidden.toggle()
            case 2: view.alpha = random.pick([0, 0.01, 0.0100001, 0.3, 1])
            case 3: view.isUserInteractionEnabled.toggle()
            case 4: view.transform = random.chance(0.4) ? .identity : randomTransform()
            case 5: view.center = Point(x: random.range(-20, 400), y: Double(random.int(-20, 400)))
            case 6:
                if let parent = view.superview, random.chance(0.5) {
                    parent.bringSubviewToFront(view)
                } else {
                    view.superview?.sendSubviewToBack(view)
                }
            case 7:
                if let parent = view.superview, parent.subviews.count > 1 {
                    parent.exchangeSubview(at: random.int(0, parent.subviews.count - 1), withSubviewAt: random.int(0, parent.subviews.count - 1))
                }
            case 8: if !isRoot { view.removeFromSuperview() }
            case 9:
                var budget = 30
                let child = makeView(frame: randomFrame(in: view.bounds.size))
                view.insertSubview(child, at: random.int(0, view.subviews.count))
                grow(child, depth: 2, budget: &budget)
            case 10:
                let size = view.bounds.size
                view.bounds = Rect(x: random.range(-30, 30), y: Double(random.int(-30, 30)), width: size.width, height: size.height)
            default:
                if let overriding = view as? OverridingView {
                    overriding.rule = random.pick([.callsSuper, .passThrough, .redirectWhenHit, .redirectAlways, .transparent])
                    overriding.target = random.pick(all)
                } else if !isRoot {
                    // Reparenting, under any view outside the moving subtree.
                    let hosts = all.filter { !$0.isDescendant(of: view) }
                    if !hosts.isEmpty { random.pick(hosts).addSubview(view) }
                }
            }
        }

        /// A point to test: anywhere around the root, on whole numbers, on a view's edge or corner, or
        /// not finite.
        mutating func randomPoint(in root: View, size: Size) -> Point {
            switch random.int(0, 19) {
            case 0: return Point(x: random.pick([Double.nan, .infinity, -.infinity, 1e300]), y: random.range(0, size.height))
            case 1..<5:
                let view = made.isEmpty ? root : random.pick(made)
                let bounds = view.bounds
                let corner = Point(x: random.pick([bounds.minX, bounds.maxX, bounds.midX]), y: random.pick([bounds.minY, bounds.maxY, bounds.midY]))
                return view.convert(corner, to: root)
            case 5..<8: return Point(x: Double(random.int(-10, Int(size.width) + 10)), y: Double(random.int(-10, Int(size.height) + 10)))
            default: return Point(x: random.range(-10, size.width + 10), y: random.range(-10, size.height + 10))
            }
        }
    }

    /// How many containers the cases searched through each kind of spatial index.
    struct IndexKinds {
        var grids = 0
        var hierarchies = 0

        @MainActor
        mutating func count(_ view: View) {
            if let index = view._childIndex {
                switch index.spatial {
                case .grid: grids += 1
                case .hierarchy: hierarchies += 1
                case .linear, .empty: break
                }
            }
            for child in view.subviews { count(child) }
        }
    }

    /// Runs `trees` random trees of `rounds` × `points` cases each; returns the cases compared, or
    /// records the first mismatch (with its seed) and stops.
    private func compare(seed: UInt64, trees: Int, rounds: Int, points: Int, kinds: inout IndexKinds) -> Int {
        let log = HitCallLog()
        var maker = TreeMaker(random: SeededGenerator(seed: seed), log: log)
        var cases = 0
        for treeIndex in 0..<trees {
            maker.made.removeAll()
            let rootSize = Size(width: 400, height: 400)
            let root: View
            if maker.random.chance(0.15) {
                let window = Window(frame: Rect(origin: .zero, size: rootSize))
                window.isHidden = false
                root = window
            } else if maker.random.chance(0.1) {
                root = maker.makeView(frame: Rect(origin: .zero, size: rootSize))
            } else {
                root = View(frame: Rect(origin: .zero, size: rootSize))
            }
            root.tag = 0
            var budget = maker.random.int(1, 400)
            maker.grow(root, depth: 5, budget: &budget)
            for round in 0..<rounds {
                let reference = HitReferenceNode(root)
                for _ in 0..<points {
                    let point = maker.randomPoint(in: root, size: rootSize)
                    var expectedCalls: [HitCallLog.Call] = []
                    let expected = reference.hitTest(point, log: &expectedCalls)
                    log.calls.removeAll(keepingCapacity: true)
                    let actual = root.hitTest(point, with: nil)
                    cases += 1
                    if expected !== actual || expectedCalls != log.calls {
                        let firstDifference = zip(expectedCalls, log.calls).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? Swift.min(expectedCalls.count, log.calls.count)
                        Issue.record(
                            """
                            Hit test differs from the reference walk (\(DifferentialSeed.replay(seed, filter: Self.filter))): \
                            tree \(treeIndex), round \(round), point \(LoggedPoint(point)): reference \(expected?.tag.description ?? "nil"), \
                            SceneCore \(actual?.tag.description ?? "nil"); calls \(expectedCalls.count) vs \(log.calls.count), \
                            first difference at \(firstDifference): reference \(expectedCalls.dropFirst(firstDifference).prefix(4)), \
                            SceneCore \(log.calls.dropFirst(firstDifference).prefix(4))
                            """)
                        return cases
                    }
                }
                kinds.count(root)
                for _ in 0..<maker.random.int(1, 4) { maker.mutate(root) }
            }
        }
        return cases
    }

    @Test("100,000 random cases: the same view and the same override calls, in order, as the reference walk")
    func fastPathAgreesWithTheReferenceWalk() {
        let seed = DifferentialSeed.base()
        let trees = DifferentialSeed.scaled(500)
        var kinds = IndexKinds()
        let cases = compare(seed: seed, trees: trees, rounds: 5, points: 40, kinds: &kinds)
        #expect(cases == trees * 5 * 40, "stopped at the first mismatch (\(DifferentialSeed.replay(seed, filter: Self.filter)))")
        // Both spatial indexes were searched, many times.
        #expect(kinds.grids >= 20 && kinds.hierarchies >= 20, "grids \(kinds.grids), hierarchies \(kinds.hierarchies)")
    }
}
