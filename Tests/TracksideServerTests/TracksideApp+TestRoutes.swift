@testable import WebSocketServer
@testable import TracksideServer

extension TracksideApp {
    /// The handler the app's routes give `GET target`, bound to its request, as the transport
    /// would call it: the REST answers read without sockets. Nil when no immediate route takes it.
    func routedGET(_ target: String) -> (() -> HTTPResponse)? {
        let router = Router()
        installRoutes(on: router)
        let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders([("Host", "h")]))
        guard case .respond(.immediate(let handler), let routed) = router.resolve(request, remoteAddress: "127.0.0.1:1") else {
            return nil
        }
        return { handler(routed) }
    }
}
