import Testing

@testable import SceneCtlKit

@Suite("Finding the host")
struct HostLocatorTests {
    let file = "/run/user/1000/scenehost/bus-address"

    @Test("--address is the only candidate when given")
    func explicitAddress() {
        let locator = HostLocator(
            explicitAddress: "unix:path=/a", environmentAddress: "unix:path=/e", sessionAddress: "unix:path=/s",
            publishedAddress: "unix:path=/p", publishedFile: file)
        #expect(locator.candidates == [.init(address: "unix:path=/a", origin: "--address")])
    }

    @Test("SCENEHOST_BUS_ADDRESS is the only candidate without --address")
    func environment() {
        let locator = HostLocator(
            environmentAddress: "unix:path=/e", sessionAddress: "unix:path=/s", publishedAddress: "unix:path=/p", publishedFile: file)
        #expect(locator.candidates == [.init(address: "unix:path=/e", origin: "SCENEHOST_BUS_ADDRESS")])
    }

    @Test("Otherwise the session bus comes first, then the published private bus")
    func discovery() {
        let locator = HostLocator(sessionAddress: "unix:path=/s", publishedAddress: "unix:path=/p", publishedFile: file)
        #expect(
            locator.candidates == [
                .init(address: "unix:path=/s", origin: "the session bus"),
                .init(address: "unix:path=/p", origin: "the private bus published in \(file)"),
            ])
        #expect(HostLocator(sessionAddress: "unix:path=/s", publishedAddress: "unix:path=/s", publishedFile: file).candidates.count == 1)
        #expect(HostLocator(publishedFile: file).candidates.isEmpty)
    }

    @Test("A session bus without a host falls through to the private bus")
    @MainActor
    func fallThrough() async throws {
        let locator = HostLocator(sessionAddress: "unix:path=/s", publishedAddress: "unix:path=/p", publishedFile: file)
        var tried: [String] = []
        let (result, candidate) = try await locator.locate { candidate in
            tried.append(candidate.address)
            if candidate.address == "unix:path=/s" { throw HostLocator.ProbeFailure(reason: "nobody owns it there") }
            return candidate.address.uppercased()
        }
        #expect(tried == ["unix:path=/s", "unix:path=/p"])
        #expect(result == "UNIX:PATH=/P")
        #expect(candidate.origin.hasPrefix("the private bus"))
    }

    @Test("A host on the session bus is used without looking further")
    @MainActor
    func sessionFirst() async throws {
        let locator = HostLocator(sessionAddress: "unix:path=/s", publishedAddress: "unix:path=/p", publishedFile: file)
        var tried: [String] = []
        _ = try await locator.locate { candidate in
            tried.append(candidate.address)
            return 1
        }
        #expect(tried == ["unix:path=/s"])
    }

    @Test("No host anywhere is exit status 69 with every place tried and how to start one")
    @MainActor
    func notFound() async {
        let locator = HostLocator(sessionAddress: "unix:path=/s", publishedAddress: "unix:path=/p", publishedFile: file)
        await #expect {
            _ = try await locator.locate { candidate -> Int in
                throw HostLocator.ProbeFailure(reason: "reason for \(candidate.address)")
            }
        } throws: { error in
            guard let error = error as? ScenectlError else { return false }
            return error.exitStatus == 69 && error.message.contains("the session bus (unix:path=/s): reason for unix:path=/s")
                && error.message.contains("the private bus published in \(file) (unix:path=/p): reason for unix:path=/p")
                && error.message.contains("Start one with `scene-host`")
        }
    }

    @Test("With nothing to try, the message says which variables and file were looked at")
    @MainActor
    func nothingToTry() async {
        await #expect {
            _ = try await HostLocator(publishedFile: file).locate { _ in 0 }
        } throws: { error in
            let message = (error as? ScenectlError)?.message ?? ""
            return message.contains("DBUS_SESSION_BUS_ADDRESS is not set") && message.contains("SCENEHOST_BUS_ADDRESS")
                && message.contains(file)
        }
    }

    @Test("An explicit address that fails is reported alone")
    @MainActor
    func explicitFailure() async {
        await #expect {
            _ = try await HostLocator(explicitAddress: "unix:path=/a", publishedFile: file).locate { _ -> Int in
                throw HostLocator.ProbeFailure(reason: "no socket")
            }
        } throws: { error in
            (error as? ScenectlError)?.message.hasPrefix("no scene-host (org.scenehost.SceneHost) on --address (unix:path=/a): no socket") == true
        }
    }
}
