import Testing
import WebSocketServer

@Suite struct WebSocketHandshakeTests {
    private static let baseHeaders: [(name: String, value: String)] = [
        ("Host", "127.0.0.1:8080"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
    ]

    private func request(method: String = "GET", version: (Int, Int) = (1, 1),
                         replacing replacements: [String: String?] = [:],
                         adding extra: [(name: String, value: String)] = []) -> HTTPRequest {
        var headers = Self.baseHeaders.compactMap { header -> (name: String, value: String)? in
            guard let replacement = replacements[header.name] else { return header }
            return replacement.map { (header.name, $0) }
        }
        headers += extra
        return HTTPRequest(method: method, target: "/ws", version: HTTPVersion(major: version.0, minor: version.1),
                           headers: HTTPHeaders(headers.map { ($0.name, $0.value) }))
    }

    private func status(_ request: HTTPRequest,
                        configuration: WebSocketConfiguration = WebSocketConfiguration()) -> Int {
        switch WebSocketHandshake.accept(request, configuration: configuration) {
        case .success: 101
        case .failure(let rejection): rejection.status.code
        }
    }

    private func header(_ name: String, in acceptance: WebSocketHandshake.Acceptance) -> String? {
        acceptance.headers[name]
    }

    @Test func acceptsTheRFCExampleAndComputesTheAcceptKey() throws {
        let acceptance = try WebSocketHandshake.accept(request(), configuration: WebSocketConfiguration()).get()
        #expect(header("Sec-WebSocket-Accept", in: acceptance) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(header("Upgrade", in: acceptance) == "websocket")
        #expect(header("Connection", in: acceptance) == "Upgrade")
        #expect(acceptance.compression == nil && acceptance.subprotocol == nil)
    }

    @Test func headerNamesAndTokensAreCaseInsensitiveAndListsAreSplit() {
        let mixed = HTTPRequest(method: "GET", target: "/", headers: HTTPHeaders([
            ("host", "example"), ("UPGRADE", "h2c, WebSocket"), ("connection", "keep-alive, UPGRADE"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="), ("SEC-WEBSOCKET-VERSION", "13"),
        ]))
        #expect(status(mixed) == 101)
    }

    @Test func rejectsWrongMethodVersionAndMissingHost() {
        #expect(status(request(method: "POST")) == 405)
        #expect(status(request(version: (1, 0))) == 400)
        #expect(status(request(replacing: ["Host": nil])) == 400)
    }

    @Test func headIsCheckedLikeGetButNeverUpgrades() {
        // GET without an upgrade is 426, so HEAD without one is too (RFC 9110 §9.3.2).
        #expect(status(request(method: "HEAD", replacing: ["Upgrade": nil])) == 426)
        #expect(status(request(method: "HEAD", replacing: ["Sec-WebSocket-Version": "8"])) == 426)
        // A HEAD that GET would upgrade cannot switch protocols.
        #expect(status(request(method: "HEAD")) == 405)
    }

    @Test func missingUpgradeOrConnectionTokenIs426() {
        #expect(status(request(replacing: ["Upgrade": nil])) == 426)
        #expect(status(request(replacing: ["Upgrade": "h2c"])) == 426)
        #expect(status(request(replacing: ["Connection": "keep-alive"])) == 426)
    }

    @Test func otherVersionsGet426WithTheSupportedVersion() {
        for version: String? in ["8", "14", "13, 8", "", nil] {
            let result = WebSocketHandshake.accept(request(replacing: ["Sec-WebSocket-Version": version]),
                                                   configuration: WebSocketConfiguration())
            guard case .failure(let rejection) = result else {
                Issue.record("version \(version ?? "none") accepted")
                continue
            }
            #expect(rejection.status == .upgradeRequired)
            #expect(rejection.response.headers["Sec-WebSocket-Version"] == "13")
        }
    }

    @Test func keyMustBeBase64OfSixteenBytes() {
        for key: String? in [nil, "", "not base64 at all!!!!!!!", "dGhlIHNhbXBsZSBub25j", // 15 bytes
                             "dGhlIHNhbXBsZSBub25jZQ", "dGhlIHNhbXBsZSBub25jZXh4eHg="] {
            #expect(status(request(replacing: ["Sec-WebSocket-Key": key])) == 400, "\(key ?? "none")")
        }
        #expect(status(request(adding: [("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAAAA==")])) == 400) // two keys
        #expect(status(request(replacing: ["Sec-WebSocket-Key": "AAAAAAAAAAAAAAAAAAAAAA=="])) == 101)
    }

    @Test func originAllowlist() {
        let configuration = WebSocketConfiguration(allowedOrigins: ["https://map.example"])
        #expect(status(request(adding: [("Origin", "https://MAP.example")]), configuration: configuration) == 101)
        #expect(status(request(adding: [("Origin", "https://evil.example")]), configuration: configuration) == 403)
        #expect(status(request(), configuration: configuration) == 403)
        #expect(status(request(adding: [("Origin", "https://evil.example")])) == 101) // no allowlist
    }

    @Test func subprotocolHookChoosesAmongOffers() throws {
        let configuration = WebSocketConfiguration(selectSubprotocol: { offered in
            offered.contains("trackside.v1") ? "trackside.v1" : "not-offered"
        })
        let chosen = try WebSocketHandshake.accept(
            request(adding: [("Sec-WebSocket-Protocol", "chat, trackside.v1")]), configuration: configuration).get()
        #expect(chosen.subprotocol == "trackside.v1")
        #expect(header("Sec-WebSocket-Protocol", in: chosen) == "trackside.v1")
        // A hook answer the client did not offer is never sent back.
        let refused = try WebSocketHandshake.accept(
            request(adding: [("Sec-WebSocket-Protocol", "chat")]), configuration: configuration).get()
        #expect(refused.subprotocol == nil && header("Sec-WebSocket-Protocol", in: refused) == nil)
    }

    @Test func negotiatesCompressionIntoTheResponse() throws {
        let acceptance = try WebSocketHandshake.accept(
            request(adding: [("Sec-WebSocket-Extensions", "x-webkit-deflate-frame, permessage-deflate; client_max_window_bits")]),
            configuration: WebSocketConfiguration()).get()
        #expect(header("Sec-WebSocket-Extensions", in: acceptance)
                == "permessage-deflate; server_no_context_takeover; client_max_window_bits=12")
        // Compression disabled: the offer is ignored.
        let plain = try WebSocketHandshake.accept(
            request(adding: [("Sec-WebSocket-Extensions", "permessage-deflate")]),
            configuration: WebSocketConfiguration(compression: nil)).get()
        #expect(plain.compression == nil && header("Sec-WebSocket-Extensions", in: plain) == nil)
    }
}
