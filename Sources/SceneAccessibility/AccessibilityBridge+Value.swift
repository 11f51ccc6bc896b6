import DBusKit
import SceneBusServing
import SceneCore

/// `org.a11y.atspi.Value` for sliders.
extension AccessibilityBridge {
    /// The step assistive tools use for one increment: 1 % of the slider's range.
    static let incrementFraction = 0.01

    func valueInterface(_ slider: Slider) -> InterfaceDescription {
        InterfaceDescription(
            AtspiNames.value, gate: gate,
            properties: [
                Self.property("MinimumValue", .double) { .double(slider.minimumValue) },
                Self.property("MaximumValue", .double) { .double(slider.maximumValue) },
                Self.property("MinimumIncrement", .double) {
                    .double((slider.maximumValue - slider.minimumValue) * Self.incrementFraction)
                },
                gate.property(
                    HostProperty(
                        "CurrentValue", signature: .double, access: .changes, changeBehavior: .notEmitted, get: { .double(slider.value) },
                        set: { value in try self.setValue(value.doubleValue ?? .nan, of: slider) }),
                    of: AtspiNames.value),
                Self.property("Text", .string) { .string(slider.accessibilityValue ?? "") },
            ])
    }

    /// Sets `slider`'s value as a user would: clamped to its range, then `valueChanged` is sent when
    /// the value changed.
    ///
    /// - Throws: `InvalidArgs` naming the value when it is not finite, or the slider is disabled.
    func setValue(_ value: Double, of slider: Slider) throws {
        guard value.isFinite else {
            throw AccessibilityError.invalidArgument("slider value \(value) is not a finite number").busError
        }
        guard slider.isEnabled else {
            throw AccessibilityError.invalidArgument(
                "the slider \(ViewReference.reference(for: slider)) is disabled; its value cannot be set").busError
        }
        let old = slider.value
        slider.setValue(value)
        if slider.value != old { slider.sendActions(for: .valueChanged) }
    }
}
