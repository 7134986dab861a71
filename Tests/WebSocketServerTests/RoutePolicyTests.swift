import Testing
@testable import WebSocketServer

/// A `RoutePolicy` answers before any route and finishes every response, the router's own errors included.
@Suite struct RoutePolicyTests {
    struct Marking: RoutePolicy {
        func answer(_ request: HTTPRequest) -> HTTPResponse? {
            request.method == "OPTIONS" ? HTTPResponse(status: .noContent) : nil
        }

        func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
            response.headers.set("X-Policy", request.method)
        }
    }

    func resolve(_ router: Router, _ method: String, _ target: String) -> HTTPResponse? {
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders([("Host", "h")]))
        switch router.resolve(request, remoteAddress: "127.0.0.1:1") {
        case .response(let response): return router.finish(response, for: request)
        case .respond(.immediate(let handler), let routed): return router.finish(handler(routed), for: request)
        case .respond: return nil
        }
    }

    @Test func theAnswerComesBeforeRoutingAndEveryResponseIsFinished() {
        let router = Router()
        router.get("/x") { _ in .text("x") }
        #expect(resolve(router, "OPTIONS", "/x")?.status == .methodNotAllowed, "without a policy")
        #expect(resolve(router, "GET", "/x")?.headers["X-Policy"] == nil)
        router.setPolicy(Marking())
        let preflight = resolve(router, "OPTIONS", "/x")
        #expect(preflight?.status == .noContent && preflight?.headers["X-Policy"] == "OPTIONS")
        #expect(resolve(router, "GET", "/x")?.headers["X-Policy"] == "GET")
        let missing = resolve(router, "GET", "/nothing")
        #expect(missing?.status == .notFound && missing?.headers["X-Policy"] == "GET")
    }
}
