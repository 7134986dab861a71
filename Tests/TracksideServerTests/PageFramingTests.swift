import Testing
import WebSocketServer
@testable import TracksideServer

/// `--frame-ancestors` parsing (CSP source lists) and which pages get which policy.
@Suite struct PageFramingTests {
    @Test(arguments: [
        "*", "'self'", "'none'", "https:", "https://lobby.example", "http://127.0.0.1:8081", "*.example.com",
        "https://*.example.com:*", "example.com/lobby/screens", "'self' https://a.example http://b.example:8080/x",
    ])
    func acceptsCSPSources(text: String) throws {
        let ancestors = try FrameAncestors(parsing: text)
        #expect(ancestors.headerValue == "frame-ancestors " + text)
    }

    @Test func separatesOnAnyRunOfSpacesAndTabs() throws {
        #expect(try FrameAncestors(parsing: "  'self' \t https://a.example ").sources == ["'self'", "https://a.example"])
    }

    @Test(arguments: [
        "", "   ", "a;b", "https://a.example; script-src *", "https://a.example,https://b.example", "self", "'unsafe-inline'",
        "https://", "://a.example", "1http://a.example", "a..example", "NONE", "a.example:80x", "a.exa mple;",
        "https://a.example/x?y", "a.example\r\nX-Injected: 1", "ex\u{e4}mple.com", "'none' https:", "*.", "**.a.example",
    ])
    func rejectsWhatWouldBreakTheHeader(text: String) {
        #expect(throws: TracksideConfiguration.ConfigurationError.self) { try FrameAncestors(parsing: text) }
    }

    @Test func theDisplayIsEmbeddableEverywhereByDefaultAndOtherPagesOnlyByTheirOrigin() throws {
        let framing = PageFraming()
        for raw in ["/display", "/display/", "/display/index.html"] {
            #expect(framing.ancestors(for: try #require(RequestPath(raw: raw))) == .anySite)
        }
        for raw in ["/", "/index.html", "/status", "/js/display.js", "/displays/", "/api/display"] {
            #expect(framing.ancestors(for: try #require(RequestPath(raw: raw))) == .sameOrigin)
        }
    }

    @Test func theOptionReplacesTheDisplaysSourcesAndTheHeaderIsSetOnce() throws {
        let framing = PageFraming(display: try FrameAncestors(parsing: "'self' https://lobby.example"))
        var response = HTTPResponse(headers: HTTPHeaders([("Content-Security-Policy", "frame-ancestors *")]))
        framing.apply(to: &response, for: try #require(RequestPath(raw: "/display/")))
        #expect(response.headers.values("Content-Security-Policy") == ["frame-ancestors 'self' https://lobby.example"])
        framing.apply(to: &response, for: try #require(RequestPath(raw: "/")))
        #expect(response.headers.values("Content-Security-Policy") == ["frame-ancestors 'self'"])
        #expect(response.headers["X-Frame-Options"] == nil)
    }
}
