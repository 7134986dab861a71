import Testing
@testable import WebSocketServer

private func head(_ response: HTTPResponse, version: HTTPVersion = .http1_1, keepAlive: Bool = true) -> String {
    String(decoding: HTTPResponseHead.encode(response, version: version, keepAlive: keepAlive), as: UTF8.self)
}

@Suite struct HTTPResponseTests {
    @Test func headCarriesLengthDateAndServer() {
        let text = head(.text("hello"))
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\n"))
        #expect(text.contains("\r\nContent-Length: 5\r\n"))
        #expect(text.contains("\r\nServer: trackside\r\n"))
        #expect(text.contains("\r\nDate: "))
        #expect(text.hasSuffix("\r\n\r\n"))
        #expect(!text.contains("Connection:"))
    }

    @Test func connectionHeaderFollowsKeepAlive() {
        #expect(head(.text("x"), keepAlive: false).contains("\r\nConnection: close\r\n"))
        #expect(head(.text("x"), version: .http1_0, keepAlive: true).contains("\r\nConnection: keep-alive\r\n"))
    }

    @Test func bodilessStatusesHaveNoContentLength() {
        #expect(!head(HTTPResponse(status: .notModified)).contains("Content-Length"))
        let upgrade = head(HTTPResponse(status: .switchingProtocols, headers: HTTPHeaders([("Upgrade", "websocket")])))
        #expect(upgrade == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n")
        #expect(head(HTTPResponse(status: .continue), keepAlive: false) == "HTTP/1.1 100 Continue\r\n\r\n")
    }

    @Test func lineBreaksInValuesCannotInjectHeaders() {
        let response = HTTPResponse(headers: HTTPHeaders([("Location", "/a\r\nSet-Cookie: x=1")]))
        #expect(head(response).contains("\r\nLocation: /aSet-Cookie: x=1\r\n"))
    }

    @Test func jsonErrorsAreEscaped() {
        let response = HTTPResponse.error(.notFound, code: "not_found", message: "no \"x\"\n\u{1}", json: true)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":{"code":"not_found","message":"no \"x\"\n\u0001"}}"#)
        #expect(HTTPResponse.errorCode(for: .requestHeaderFieldsTooLarge) == "request_header_fields_too_large")
    }

    @Test func httpDateFormat() {
        #expect(HTTPDate.format(784111777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test func headerNamesCompareCaseInsensitively() {
        var headers = HTTPHeaders([("Content-Type", "a"), ("X-A", "1")])
        headers.add("x-a", "2")
        #expect(headers["content-type"] == "a")
        #expect(headers.values("X-a") == ["1", "2"])
        headers.set("X-A", "3")
        #expect(headers.values("x-a") == ["3"])
        #expect(!HTTPHeaders.namesMatch("a[", "A{"))
        #expect(HTTPHeaders([("Connection", "keep-alive, Upgrade")]).tokens("connection") == ["keep-alive", "upgrade"])
    }
}
