import Testing

@testable import SceneCtlKit

/// A DescribeTree answer as GestureLab's window gives it (trimmed), with a hidden, dimmed,
/// non-interactive view and a switch added.
private let sampleTree = #"""
    {"root":{"alpha":1,"children":[{"alpha":1,"children":[{"alpha":1,"children":[],"control":{"enabled":true,"highlighted":false,"selected":false},"frame":[20,260,160,50],"gestures":[],"hidden":false,"identifier":"button","interaction":true,"label":"Button","ref":"button","role":"push-button","type":"Button"},{"alpha":0.5,"children":[],"control":{"enabled":false,"highlighted":true,"on":true,"selected":true},"frame":[20,320,51,31],"gestures":[],"hidden":true,"interaction":false,"ref":"Switch#0.0.1","role":"toggle-button","type":"Switch"}],"frame":[0,0,390,360],"gestures":["background-tap"],"hidden":false,"identifier":"background","interaction":true,"label":"Background","ref":"background","role":"panel","type":"View"},{"alpha":1,"children":[],"firstResponder":true,"frame":[200,380,170,120],"gestures":[],"hidden":false,"identifier":"player","interaction":true,"label":"Player","ref":"player","role":"panel","type":"PlayerView"},{"alpha":1,"children":[],"frame":[20,520,350,300],"gestures":["pan","pinch","rotation"],"hidden":false,"identifier":"canvas","interaction":true,"label":"Canvas","ref":"canvas","role":"canvas","type":"View"}],"frame":[0,0,390,844],"gestures":[],"hidden":false,"interaction":true,"ref":"Window#","role":"frame","type":"Window"},"window":{"firstResponder":"player","frame":[400,0,390,844],"hidden":false,"key":true,"level":0,"path":"\/org\/scenehost\/SceneHost\/window\/2","title":"GestureLab"}}
    """#

@Suite("tree: rendering DescribeTree")
struct TreeRendererTests {
    @Test("The tree renders one indented line per view with its reference, type, frame, role and flags")
    func rendering() throws {
        let tree = try ViewTree.parse(sampleTree)
        #expect(
            TreeRenderer.render(tree) == """
                window 2 "GestureLab": screen (400, 0, 390, 844), level 0, visible, key, first responder player
                Window#  Window  (0, 0, 390, 844)  frame
                  background  View "Background"  (0, 0, 390, 360)  panel  gestures: background-tap
                    button  Button "Button"  (20, 260, 160, 50)  push-button  control: enabled
                    Switch#0.0.1  Switch  (20, 320, 51, 31)  toggle-button  hidden  alpha 0.5  interaction off  control: disabled, highlighted, selected, on
                  player  PlayerView "Player"  (200, 380, 170, 120)  panel  first responder
                  canvas  View "Canvas"  (20, 520, 350, 300)  canvas  gestures: pan, pinch, rotation
                """)
    }

    @Test("The document decodes every field, including the optional ones")
    func decoding() throws {
        let tree = try ViewTree.parse(sampleTree)
        #expect(tree.window.path == "/org/scenehost/SceneHost/window/2")
        #expect(tree.root.children.count == 3)
        let toggle = tree.root.children[0].children[1]
        #expect(toggle.control == ViewTree.Control(enabled: false, highlighted: true, selected: true, on: true, value: nil))
        #expect(toggle.identifier == nil && toggle.label == nil && toggle.alpha == 0.5)
        #expect(tree.root.children[1].firstResponder)
    }

    @Test("A slider's value and a sparse node still render")
    func sparse() throws {
        let tree = try ViewTree.parse(
            #"{"window":{"path":"/x","title":"T"},"root":{"ref":"Slider#","type":"Slider","frame":[0,0,10.5,2],"control":{"value":0.25}}}"#)
        #expect(TreeRenderer.render(tree) == "/x \"T\": screen (), level 0, visible, first responder (none)\nSlider#  Slider  (0, 0, 10.5, 2)  control: value 0.25")
    }

    @Test("A scroll view's line ends with its offset and content size, and its inset only when it has one")
    func scrollViews() throws {
        let tree = try ViewTree.parse(
            #"""
            {"window":{"path":"/org/scenehost/SceneHost/window/1","title":"T"},"root":{"ref":"Window#","type":"Window","frame":[0,0,390,844],"children":[
             {"ref":"table","type":"TableView","frame":[20,60,350,180],"role":"table","scroll":{"contentOffset":[0,132.5],"contentSize":[350,44000],"contentInset":[0,0,0,0]}},
             {"ref":"pager","type":"ScrollView","frame":[0,300,390,200],"scroll":{"contentOffset":[-8,0],"contentSize":[1170,200],"contentInset":[0,8,0,8]}}]}}
            """#)
        #expect(tree.root.children[0].scroll == ViewTree.Scroll(contentOffset: [0, 132.5], contentSize: [350, 44000], contentInset: [0, 0, 0, 0]))
        #expect(
            TreeRenderer.render(tree) == """
                window 1 "T": screen (), level 0, visible, first responder (none)
                Window#  Window  (0, 0, 390, 844)
                  table  TableView  (20, 60, 350, 180)  table  scroll: offset (0, 132.5), content 350 × 44000
                  pager  ScrollView  (0, 300, 390, 200)  scroll: offset (-8, 0), content 1170 × 200, inset (0, 8, 0, 8)
                """)
    }

    @Test("Text that is not a view tree fails with exit status 1")
    func invalid() {
        #expect {
            try ViewTree.parse("{}")
        } throws: { error in
            (error as? ScenectlError)?.exitStatus == 1
        }
    }
}
