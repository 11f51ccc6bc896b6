import SceneDisplay
import SceneHostKit
import Testing

@Suite("Configuration of the desktop display")
struct DisplayConfigurationTests {
    @Test("display: MODE is the short form; the default is auto with Alt as the two-finger modifier, finger dots and a one-second input wait")
    func shortForm() throws {
        #expect(HostConfiguration().display.mode == .auto)
        #expect(HostConfiguration().display.twoFingerModifier == .alt && HostConfiguration().display.fingerDots)
        #expect(HostConfiguration().display.inputWait == 1 && HostConfiguration.embeddedDefault.display.inputWait == 1)
        let on = try HostConfiguration.parse(yaml: "mpris: off\ndisplay: on", file: "d.yaml")
        #expect(on.display.mode == .on && on.display.modeSource == "d.yaml:2")
        #expect(try HostConfiguration.parse(yaml: "display: off", file: "d.yaml").display.mode == .off)
    }

    @Test("The long form sets the mode, the two-finger modifier, the finger dots and the input wait, which 0 turns off")
    func longForm() throws {
        let configuration = try HostConfiguration.parse(
            yaml: "display:\n  mode: on\n  two-finger-modifier: control\n  finger-dots: false\n  input-wait: 2.5", file: "d.yaml")
        #expect(configuration.display.mode == .on && configuration.display.modeSource == "d.yaml:2")
        #expect(configuration.display.twoFingerModifier == .control)
        #expect(!configuration.display.fingerDots)
        #expect(configuration.display.inputWait == 2.5)
        #expect(try HostConfiguration.parse(yaml: "display:\n  input-wait: 0", file: "d.yaml").display.inputWait == 0)
        #expect(configuration.display != HostConfiguration().display, "the input wait counts in a comparison")
    }

    @Test(
        "Bad display settings name the file, the line and the key",
        arguments: [
            ("display: maybe", "d.yaml:1: display: 'maybe' is not one of: auto, on, off"),
            ("display:\n  mode: wayland", "d.yaml:2: display.mode: 'wayland' is not one of: auto, on, off"),
            ("display:\n  two-finger-modifier: option", "d.yaml:2: display.two-finger-modifier: 'option' is not one of: alt, control, command, none"),
            ("display:\n  finger-dots: sometimes", "d.yaml:2: display.finger-dots: expected true or false, found 'sometimes'"),
            ("display:\n  modifier: alt", "d.yaml:2: display.modifier: unknown key 'modifier' (expected one of: mode, two-finger-modifier, finger-dots, input-wait)"),
            ("display:\n  input-wait: 11", "d.yaml:2: display.input-wait: 11.0 seconds is not between 0 and 10: give the seconds the display waits for the host after an input (0 turns the waits off)"),
            ("display:\n  input-wait: -1", "d.yaml:2: display.input-wait: -1.0 seconds is not between 0 and 10: give the seconds the display waits for the host after an input (0 turns the waits off)"),
            ("display:\n  input-wait: soon", "d.yaml:2: display.input-wait: expected a number, found 'soon'"),
            ("display: [on]", "d.yaml:1: display: expected a string, found a list"),
        ])
    func errors(yaml: String, expected: String) {
        do {
            _ = try HostConfiguration.parse(yaml: yaml, file: "d.yaml")
            Issue.record("expected an error for \(yaml)")
        } catch {
            #expect(error.description == expected, "got: \(error.description)")
        }
    }

    @Test("A display exists when WAYLAND_DISPLAY or DISPLAY names one")
    func environment() {
        #expect(!DisplayEnvironment.hasDesktop([:]))
        #expect(!DisplayEnvironment.hasDesktop(["DISPLAY": "", "WAYLAND_DISPLAY": ""]))
        #expect(DisplayEnvironment.hasDesktop(["DISPLAY": ":0"]))
        #expect(DisplayEnvironment.hasDesktop(["WAYLAND_DISPLAY": "wayland-0"]))
    }
}
