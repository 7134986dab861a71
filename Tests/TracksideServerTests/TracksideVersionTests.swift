import Testing
@testable import TracksideServer

@Suite struct TracksideVersionTests {
    @Test func versionIsSemantic() {
        let parts = TracksideVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }
}
