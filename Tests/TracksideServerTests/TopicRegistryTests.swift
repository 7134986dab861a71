import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct TopicRegistryTests {
    let a = ClientID(1)
    let b = ClientID(2)

    @Test func followersAreCountedPerTopicAndTheLastToLeaveForgetsWhatWasSent() {
        var registry = TopicRegistry()
        let first = registry.follow(.station("127"), by: a)
        let again = registry.follow(.station("127"), by: a)
        #expect(first && !again, "following twice is one follow")
        registry.follow(.station("127"), by: b)
        registry.follow(.vehicle("bus-1"), by: b)
        #expect(registry.followers(of: .station("127")) == [a, b])
        #expect(registry.followers(of: .vehicle("bus-1")) == [b])
        registry.record({ $0.alerts = ["x": PublishedAlert(DisplayAlert(id: "x", header: "Delays", routes: [], stations: [], when: .now))] }, for: .station("127"))
        registry.unfollow(.station("127"), by: a)
        #expect(registry.sent(to: .station("127")).alerts?.keys.sorted() == ["x"], "one follower is left")
        registry.unfollow(.station("127"), by: b)
        #expect(registry.followers(of: .station("127")).isEmpty)
        #expect(registry.sent(to: .station("127")).alerts == nil)
        #expect(registry.topics.keys.map { $0 } == [.vehicle("bus-1")])
    }

    @Test func whatNobodyFollowsIsNotRecorded() {
        var registry = TopicRegistry()
        registry.record({ $0.alerts = [:] }, for: .route("A"))
        #expect(registry.sent(to: .route("A")).alerts == nil)
    }

    @Test func aSessionsTopicsAreItsViewStationsAndRoutes() {
        var hub = PushHub(configuration: PushHub.Configuration(epoch: "e", source: "demo"))
        _ = hub.connect(a)
        _ = hub.receive(#"{"op":"watch","station":"127"}"#, from: a, now: 0)
        _ = hub.receive(#"{"op":"watch","route":"A"}"#, from: a, now: 0)
        _ = hub.receive(#"{"op":"subscribe","bbox":[-74.0,40.7,-73.99,40.71]}"#, from: a, now: 0)
        #expect(hub.watchCount == 2 && hub.subscriptionCount == 1 && hub.regionCount == 1)
        hub.disconnect(a)
        #expect(hub.watchCount == 0 && hub.subscriptionCount == 0 && hub.regionCount == 0 && hub.watchedStations.isEmpty)
    }
}
