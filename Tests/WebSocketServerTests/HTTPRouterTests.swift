import Testing
@testable import WebSocketServer

private func request(_ target: String, method: String = "GET") -> HTTPRequest {
    HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Host", "h")]))
}

/// Resolves and runs an immediate route; nil for deferred or upgrade routes.
private func respond(_ router: Router, _ target: String, method: String = "GET") -> HTTPResponse? {
    switch router.resolve(request(target, method: method), remoteAddress: "127.0.0.1:1") {
    case .response(let response): return response
    case .respond(.immediate(let handler), let routed): return handler(routed)
    case .respond: return nil
    }
}

private func bodyText(_ response: HTTPResponse?) -> String? {
    response.map { String(decoding: $0.body, as: UTF8.self) }
}

@Suite struct HTTPRouterTests {
    @Test func bindsPathParametersAfterDecoding() {
        let router = Router()
        router.get("/api/stations/{id}") { .text("station \($0.parameters["id"] ?? "?")") }
        #expect(bodyText(respond(router, "/api/stations/127")) == "station 127")
        #expect(bodyText(respond(router, "/api/stations/A%20B")) == "station A B")
        // An encoded slash stays inside the parameter instead of adding a segment.
        #expect(bodyText(respond(router, "/api/stations/a%2Fb")) == "station a/b")
        #expect(respond(router, "/api/stations/")?.status == .notFound)
        #expect(respond(router, "/api/stations/1/2")?.status == .notFound)
    }

    @Test func headIsAnsweredByGetRoutes() {
        let router = Router()
        router.get("/x") { _ in .text("x") }
        #expect(respond(router, "/x", method: "HEAD")?.status == .ok)
    }

    @Test func wrongMethodIs405WithAllow() throws {
        let router = Router()
        router.get("/api/things") { _ in .text("list") }
        router.add("POST", "/api/things") { _ in .text("made") }
        let response = try #require(respond(router, "/api/things", method: "DELETE"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func unmatchedPathsGoToTheFallbackOrAre404() {
        let router = Router()
        #expect(bodyText(respond(router, "/api/none")) == #"{"error":{"code":"not_found","message":"no such resource"}}"#)
        #expect(respond(router, "/page")?.headers["Content-Type"] == "text/plain; charset=utf-8")
        router.setFallback { _ in .text("fallback") }
        #expect(bodyText(respond(router, "/page")) == "fallback")
    }

    @Test func optionsAsteriskIsAnsweredWithTheServersMethods() throws {
        let router = Router()
        router.get("/api/things") { _ in .text("list") }
        router.add("POST", "/api/things") { _ in .text("made") }
        router.setFallback { _ in .text("fallback") }
        let response = try #require(respond(router, "*", method: "OPTIONS"))
        #expect(response.status == .ok)
        #expect(response.body.isEmpty)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS, POST")
    }

    @Test func malformedPercentEncodingIs400() {
        let router = Router()
        router.setFallback { _ in .text("fallback") }
        #expect(respond(router, "/a%zz")?.status == .badRequest)
        #expect(respond(router, "/a%c3")?.status == .badRequest)
        #expect(respond(router, "/api/a%")?.headers["Content-Type"] == "application/json")
    }

    @Test func queryParametersAreDecoded() {
        let router = Router()
        router.get("/api/vehicles") { routed in
            .text("\(routed.query["bbox"] ?? "-")|\(routed.query.values("layer"))|\(routed.query["q"] ?? "-")")
        }
        #expect(bodyText(respond(router, "/api/vehicles?bbox=-74.1%2C40.6&layer=bus&layer=subway&q=a+b%26c"))
                == "-74.1,40.6|[\"bus\", \"subway\"]|a b&c")
    }

    @Test func upgradeAndDeferredRoutesAreFound() {
        let router = Router()
        router.upgrade("/ws") { _ in .reject(.text("no", status: .upgradeRequired)) }
        router.addDeferred("GET", "/slow") { _, promise in promise.succeed(.text("late")) }
        guard case .respond(.upgrade(let decide), let routed) = router.resolve(request("/ws"), remoteAddress: "") else {
            Issue.record("expected the upgrade route")
            return
        }
        guard case .reject(let response) = decide(routed) else {
            Issue.record("expected a rejection")
            return
        }
        #expect(response.status == .upgradeRequired)
        guard case .respond(.deferred, _) = router.resolve(request("/slow"), remoteAddress: "") else {
            Issue.record("expected the deferred route")
            return
        }
    }
}

@Suite struct HTTPPathAndQueryTests {
    @Test func percentDecoding() {
        #expect(PercentDecoding.decode("a%20b%2fc") == "a b/c")
        #expect(PercentDecoding.decode("caf%C3%A9") == "café")
        #expect(PercentDecoding.decode("a+b") == "a+b")
        #expect(PercentDecoding.decode("a+b", plusIsSpace: true) == "a b")
        #expect(PercentDecoding.decode("%") == nil)
        #expect(PercentDecoding.decode("%4") == nil)
        #expect(PercentDecoding.decode("%g0") == nil)
        #expect(PercentDecoding.decode("%ff") == nil)
    }

    @Test func requestPathSegments() {
        #expect(RequestPath(raw: "/")?.segments == [""])
        #expect(RequestPath(raw: "/a/b/")?.segments == ["a", "b", ""])
        #expect(RequestPath(raw: "/a/b/")?.hasTrailingSlash == true)
        #expect(RequestPath(raw: "/%2e%2e/x")?.segments == ["..", "x"])
        #expect(RequestPath(raw: "/a%2Fb")?.segments == ["a/b"])
        #expect(RequestPath(raw: "relative") == nil)
    }

    @Test func queryParsing() {
        let query = QueryParameters(parsing: "a=1&b=&c&=skip&d=%zz&a=2")
        #expect(query.pairs.map { "\($0.name)=\($0.value)" } == ["a=1", "b=", "c=", "a=2"])
        #expect(query.values("a") == ["1", "2"])
        #expect(QueryParameters(parsing: nil as String?).pairs.isEmpty)
    }
}
