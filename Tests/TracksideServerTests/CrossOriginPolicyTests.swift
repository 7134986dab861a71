import Testing
import WebSocketServer
@testable import TracksideServer

/// CORS on the read-only API: which answers carry which headers, and how preflights are answered (no sockets).
@Suite struct CrossOriginPolicyTests {
    func request(_ method: String, _ target: String, _ headers: [(String, String)]) -> HTTPRequest {
        HTTPRequest(method: method, target: target, headers: HTTPHeaders(headers))
    }

    func request(_ target: String, _ headers: [(String, String)] = []) -> HTTPRequest {
        request("GET", target, headers)
    }

    func finished(_ policy: CrossOriginPolicy, _ request: HTTPRequest, _ response: HTTPResponse = .json(Array("{}".utf8))) -> HTTPResponse {
        var response = response
        policy.finish(&response, for: request)
        return response
    }

    @Test func everySiteMayReadTheAPIAndTheExportsByDefault() {
        let policy = CrossOriginPolicy()
        for target in ["/api/vehicles?bbox=1,2,3,4", "/api/openapi.json", "/gtfs-rt/vehicle-positions.pb", "/api/nothing"] {
            for origin in [[("Origin", "https://app.example")], []] {
                let response = finished(policy, request(target, origin))
                #expect(response.headers["Access-Control-Allow-Origin"] == "*", "\(target)")
                #expect(response.headers["Access-Control-Expose-Headers"] == "ETag")
                #expect(response.headers["Vary"] == nil, "one answer serves every origin")
            }
        }
        let head = finished(policy, request("HEAD", "/api/config", [("Origin", "https://app.example")]))
        #expect(head.headers["Access-Control-Allow-Origin"] == "*")
    }

    @Test func pagesAndTheWebSocketAreNotCovered() {
        let policy = CrossOriginPolicy()
        for target in ["/", "/index.html", "/status", "/metrics", "/ws", "/apiary", "/data/boroughs.geojson"] {
            let response = finished(policy, request(target, [("Origin", "https://app.example")]))
            #expect(response.headers["Access-Control-Allow-Origin"] == nil, "\(target)")
        }
        let post = finished(policy, request("POST", "/api/vehicles", [("Origin", "https://app.example")]))
        #expect(post.headers["Access-Control-Allow-Origin"] == nil, "the API is read-only")
    }

    @Test func anAllowListNamesTheOriginAndVariesOnIt() {
        let policy = CrossOriginPolicy(allowedOrigins: ["https://App.example", "http://127.0.0.1:8080"])
        let allowed = finished(policy, request("/api/config", [("Origin", "https://app.example")]))
        #expect(allowed.headers["Access-Control-Allow-Origin"] == "https://app.example")
        #expect(allowed.headers["Vary"] == "Origin")
        let other = finished(policy, request("/api/config", [("Origin", "https://evil.example")]))
        #expect(other.headers["Access-Control-Allow-Origin"] == nil && other.headers["Vary"] == "Origin")
        let none = finished(policy, request("/api/config"))
        #expect(none.headers["Access-Control-Allow-Origin"] == nil && none.headers["Vary"] == "Origin")
        var gzipped = HTTPResponse.json(Array("{}".utf8))
        gzipped.headers.add("Vary", "Accept-Encoding")
        #expect(finished(policy, request("/api/routes"), gzipped).headers["Vary"] == "Accept-Encoding, Origin")
    }

    @Test func aPreflightIsAnsweredWithTheMethodsHeadersAndMaxAge() throws {
        let policy = CrossOriginPolicy()
        let preflight = request("OPTIONS", "/api/vehicles?bbox=1,2,3,4", [
            ("Origin", "https://app.example"), ("Access-Control-Request-Method", "GET"),
            ("Access-Control-Request-Headers", "If-None-Match, X-Custom"),
        ])
        let response = try #require(policy.answer(preflight))
        #expect(response.status == .noContent && response.body.isEmpty)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS")
        #expect(response.headers["Access-Control-Allow-Headers"] == "if-none-match", "only the allowed headers asked for")
        #expect(response.headers["Access-Control-Max-Age"] == "7200" && response.headers["Vary"] == nil)
    }

    @Test func onlyPreflightsOfTheAPIAreAnsweredBeforeRouting() {
        let policy = CrossOriginPolicy()
        let origin = ("Origin", "https://app.example")
        let method = ("Access-Control-Request-Method", "GET")
        #expect(policy.answer(request("OPTIONS", "/api/config", [origin])) == nil, "plain OPTIONS goes to the router")
        #expect(policy.answer(request("OPTIONS", "/api/config", [method])) == nil, "not from a page")
        #expect(policy.answer(request("OPTIONS", "/index.html", [origin, method])) == nil)
        #expect(policy.answer(request("GET", "/api/config", [origin, method])) == nil)
    }

    @Test func aPreflightFromAnOriginOffTheListIsRefused() throws {
        let policy = CrossOriginPolicy(allowedOrigins: ["https://app.example"])
        let method = ("Access-Control-Request-Method", "GET")
        let refused = try #require(policy.answer(request("OPTIONS", "/api/config", [("Origin", "https://evil.example"), method])))
        #expect(refused.status == .forbidden && refused.headers["Access-Control-Allow-Origin"] == nil)
        #expect(String(decoding: refused.body, as: UTF8.self).contains(#""code":"origin_not_allowed""#))
        let allowed = try #require(policy.answer(request("OPTIONS", "/api/config", [("Origin", "https://APP.example"), method])))
        #expect(allowed.status == .noContent && allowed.headers["Access-Control-Allow-Origin"] == "https://APP.example")
        #expect(allowed.headers["Vary"] == "Origin")
    }
}
