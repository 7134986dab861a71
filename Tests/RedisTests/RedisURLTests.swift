import Redis
import Testing

@Suite struct RedisURLTests {
    @Test func hostAloneTakesTheDefaults() throws {
        let url = try RedisURL("redis://cache.internal")
        #expect(url == RedisURL(host: "cache.internal"))
        #expect(url.port == 6379 && url.database == 0 && url.user == nil && url.password == nil)
        #expect(url.commandTimeout == .seconds(2) && url.connectTimeout == .seconds(2))
    }

    @Test func everyPartIsRead() throws {
        let url = try RedisURL("redis://edge%40east:p%3Ass%2Fw@10.0.0.5:6380/3?timeout=0.5&connect_timeout=4")
        #expect(url.user == "edge@east")
        #expect(url.password == "p:ss/w")
        #expect(url.host == "10.0.0.5" && url.port == 6380 && url.database == 3)
        #expect(url.commandTimeout == .milliseconds(500) && url.connectTimeout == .seconds(4))
        let passwordOnly = try RedisURL("redis://:secret@localhost/")
        #expect(passwordOnly.user == nil && passwordOnly.password == "secret" && passwordOnly.database == 0)
        let ipv6 = try RedisURL("redis://[::1]:7000/1")
        #expect(ipv6.host == "::1" && ipv6.port == 7000 && ipv6.database == 1)
    }

    @Test func thePasswordIsNeverPrinted() throws {
        let url = try RedisURL("redis://edge:hunter2@db:6380/2")
        #expect(url.description == "redis://edge:***@db:6380/2")
        #expect(!"\(url)".contains("hunter2") && !String(reflecting: url.description).contains("hunter2"))
        #expect(try RedisURL("redis://[::1]").description == "redis://[::1]:6379/0")
    }

    @Test(arguments: [
        ("http://host", RedisURLError.unsupportedScheme), ("rediss://host", .tlsNotSupported),
        ("redis://", .missingHost), ("redis://:6379", .missingHost), ("redis://host:0", .invalidPort("0")),
        ("redis://host:65536", .invalidPort("65536")), ("redis://host:x", .invalidPort("x")),
        ("redis://host/-1", .invalidDatabase("-1")), ("redis://host/a", .invalidDatabase("a")),
        ("redis://user@host", .userWithoutPassword), ("redis://host?timeout=0", .invalidOption("timeout=0")),
        ("redis://host?timeout=abc", .invalidOption("timeout=abc")), ("redis://host?tls=1", .invalidOption("tls=1")),
        ("redis://:%zz@host", .invalidPercentEncoding),
    ])
    func malformedURLsAreRefused(text: String, expected: RedisURLError) {
        #expect(throws: expected) { try RedisURL(text) }
    }

    @Test func errorsNeverQuoteThePassword() {
        do {
            _ = try RedisURL("redis://:hunter2@host:bad")
            Issue.record("accepted a bad port")
        } catch {
            #expect(!error.description.contains("hunter2"))
        }
    }
}
