import SceneChannel
import SceneCore
@testable import SceneHostKit
import Testing

@MainActor
@Suite("Scripted samples on the scene channel")
struct InputSampleSceneChannelTests {
    @Test("A sample of every phase becomes a script step and back unchanged")
    func roundTrip() {
        for (index, phase) in InputSample.Phase.allCases.enumerated() {
            let sample = InputSample(slot: UInt32(index), phase: phase, location: Point(x: 10.5 * Double(index), y: 3), delay: 0.25 * Double(index))
            let back = InputSample(sample.sceneStep)
            #expect(back.slot == sample.slot && back.phase == sample.phase && back.location == sample.location && back.delay == sample.delay)
        }
    }
}
