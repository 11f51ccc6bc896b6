import DBusKit
import Foundation
import SceneBusContract
import Testing

/// Gallery's zoomable photo against the real scene-host on the virtual clock [SV-25]: the scroll view
/// `photo` (350 × 260 at window (20, 540), zoom 1…4) holding `photo-image` (which, as UIKit's image
/// views, takes no touches); its middle is window
/// (195, 670), clear of the alert window (window y 300…500).
@MainActor
@Suite("Gallery's photo zooms under two fingers against the real scene-host", .serialized)
struct GalleryPhotoTests {
    let host: HostProcess

    init() throws {
        host = try HostProcess(arguments: ["--clock", "virtual"])
    }

    private static let window = DemoWindow.galleryMain

    /// The photo scroll view's content size, from the window's tree.
    private func contentSize(_ client: HostBusClient) async throws -> [Double]? {
        let tree = try await client.window(Self.window, "DescribeTree")[0].stringValue ?? ""
        let json = try JSONSerialization.jsonObject(with: Data(tree.utf8)) as? [String: Any]
        func find(_ node: [String: Any]) -> [String: Any]? {
            if node["identifier"] as? String == "photo" { return node }
            return (node["children"] as? [[String: Any]] ?? []).lazy.compactMap(find).first
        }
        let photo = (json?["root"] as? [String: Any]).flatMap(find)
        return (photo?["scroll"] as? [String: Any])?["contentSize"] as? [Double]
    }

    @Test("Two fingers spreading from 60 to 120 pt zoom the photo to 2; past the maximum it springs back to 4; each zoom's end is logged")
    func pinchZoomsThePhoto() async throws {
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        try await client.settle()
        client.clear()
        #expect(try await contentSize(client) == [350, 260])
        // The image takes no touches (as UIKit's image views): the pinch lands on the scroll view.
        #expect(try await client.window(Self.window, "Pinch", doubles(195, 670, 60, 120, 0.3)) == [.string("photo")])
        // The virtual clock: the bounce and the indicators' fade end when it is moved on.
        _ = try await client.advanceClock(1)
        try await client.settle()
        #expect(client.logLines(of: "gallery") == ["photo zoomed to 2.0"])
        #expect(try await contentSize(client) == [700, 520])
        // Three times as far apart again: 6 asked of a maximum of 4, banded, then the bounce back.
        #expect(try await client.window(Self.window, "Pinch", doubles(195, 670, 60, 180, 0.3)) == [.string("photo")])
        _ = try await client.advanceClock(1)
        try await client.settle()
        #expect(client.logLines(of: "gallery") == ["photo zoomed to 2.0", "photo zoomed to 4.0"])
        #expect(try await contentSize(client) == [1400, 1040])
    }
}
