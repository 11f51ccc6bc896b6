// The realistic tree (Trees.swift) dressed as an app would draw it: its views given colours, its
// labels texts, its buttons titles. One description for the three sides that draw it: SceneRender
// here, the GTK peer and the host's FixtureManyViews plugin (through the tree file, TreeFile.swift).

/// An 8-bit RGBA colour (straight alpha).
struct RGBA: Equatable {
    var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255

    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// "RRGGBBAA".
    var hex: String {
        [red, green, blue, alpha].map { byte in
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    static let white = RGBA(255, 255, 255)
    static let black = RGBA(0, 0, 0)
    static let systemBlue = RGBA(0, 122, 255)
    static let systemGray = RGBA(142, 142, 147)
    static let groupedBackground = RGBA(242, 242, 247)
    static let separator = RGBA(198, 198, 200)
    static let barBackground = RGBA(248, 248, 248)
    static let secondaryLabel = RGBA(60, 60, 67, 153)
    static let indicator = RGBA(0, 0, 0, 77)
}

/// How one view is drawn.
enum DressKind: String {
    case view, label, button
}

/// The look of one view of the tree.
struct Dress {
    var kind: DressKind = .view
    var background: RGBA?
    var text: String?
    var textColor: RGBA = .black
    var fontSize: Double = 17
    var cornerRadius: Double = 0
    var clipsToBounds = false
}

/// A tree with a look for every view.
struct DressedTree {
    let spec: TreeSpec
    let dress: [Dress]
    let landmarks: Trees.RealisticLandmarks
    /// Build index of the button whose highlight the redraw benchmark toggles (cell 15's, on screen).
    let highlightButton: Int

    var buttonCount: Int { dress.filter { $0.kind == .button }.count }
    var labelCount: Int { dress.filter { $0.kind == .label || ($0.kind == .button && $0.text != nil) }.count }
}

enum DressedTrees {
    /// The realistic tree: a white window; the view controller's grouped-grey view; a white table
    /// that clips, scrolled to cells 14–22; per cell a white background, a coloured 60×60 image with
    /// rounded corners, the labels "Item N" (17 pt) and "Detail text N" (13 pt, secondary grey), a
    /// blue rounded "Get" button (white 15 pt title; its icon slot empty) and a grey separator; a
    /// translucent scroll indicator; a nav bar with a "Back" button (blue icon and label), the title
    /// "Items" and a "+" button; a tab bar with four items (icon and "Tab N", the first in blue).
    static func realistic() -> DressedTree {
        let (spec, marks) = Trees.realisticWithLandmarks()
        var dress = [Dress](repeating: Dress(), count: spec.count)
        var cellIndex = -1
        var tabIndex = -1
        var highlightButton = -1
        for (index, node) in spec.nodes.enumerated() {
            var look = Dress()
            switch node.role {
            case .view:
                if index == 0 { look.background = .white }
                if index == marks.controllerView { look.background = .groupedBackground }
                if index == marks.table {
                    look.background = .white
                    look.clipsToBounds = true
                }
            case .tableHeader: look.background = RGBA(229, 229, 234)
            case .cell:
                cellIndex += 1
                look.background = .white
            case .cellContent, .buttonStack, .tabItem: break
            case .image:
                look.background = hue(Double(cellIndex) / 50)
                look.cornerRadius = 8
            case .title:
                look = Dress(kind: .label, text: "Item \(cellIndex)", textColor: .black, fontSize: 17)
            case .subtitle:
                look = Dress(kind: .label, text: "Detail text \(cellIndex)", textColor: .secondaryLabel, fontSize: 13)
            case .button:
                look = Dress(kind: .button, background: .systemBlue, text: "Get", textColor: .white, fontSize: 15, cornerRadius: 8)
                if cellIndex == 15 { highlightButton = index }
            case .icon:
                // A titled button's icon slot stays empty (its title shows); the other icons are coloured.
                if dress[node.parent].kind == .button && dress[node.parent].text != nil { break }
                if spec.nodes[node.parent].role == .tabItem {
                    look.background = tabIndex == 0 ? .systemBlue : .systemGray
                } else {
                    look.background = .systemBlue
                }
                look.cornerRadius = 6
            case .separator: look.background = .separator
            case .scrollIndicator:
                look.background = .indicator
                look.cornerRadius = 1.5
            case .barBackground: look.background = .barBackground
            case .barButton:
                // The back button's title is its label subview; the right one shows "+".
                let hasLabel = spec.nodes.contains { $0.parent == index && $0.role == .barLabel }
                look = Dress(kind: .button, text: hasLabel ? nil : "+", textColor: .systemBlue, fontSize: 22)
            case .barLabel: look = Dress(kind: .label, text: "Back", textColor: .systemBlue, fontSize: 17)
            case .barTitle: look = Dress(kind: .label, text: "Items", textColor: .black, fontSize: 17)
            case .tabLabel:
                look = Dress(kind: .label, text: "Tab \(tabIndex + 1)", textColor: tabIndex == 0 ? .systemBlue : .systemGray, fontSize: 10)
            }
            if node.role == .tabItem { tabIndex += 1 }
            dress[index] = look
        }
        precondition(highlightButton >= 0, "the realistic tree has no button in cell 15")
        return DressedTree(spec: spec, dress: dress, landmarks: marks, highlightButton: highlightButton)
    }

    /// A saturated colour around the hue circle (fraction 0…1).
    private static func hue(_ fraction: Double) -> RGBA {
        let h = fraction * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let up = UInt8((f * 200).rounded()) + 40, down = UInt8(((1 - f) * 200).rounded()) + 40
        switch sector {
        case 0: return RGBA(240, up, 40)
        case 1: return RGBA(down, 240, 40)
        case 2: return RGBA(40, 240, up)
        case 3: return RGBA(40, down, 240)
        case 4: return RGBA(up, 40, 240)
        default: return RGBA(240, 40, down)
        }
    }
}
