import Testing
@testable import WebSocketServer

/// The parse error of `text`, fed at once.
private func failure(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPParseError? {
    var parser = HTTPRequestParser(limits: limits)
    parser.append(Array(text.utf8))
    while let event = parser.next() {
        if case .failure(let error) = event { return error }
    }
    return nil
}

private func header(_ response: HTTPResponse, _ name: String) -> String? {
    response.headers.values(name).first
}

/// Errors the HTTP layer itself answers (before any route runs) take the form the request
/// expects: JSON `{"error":{"code","message"}}` under `/api/`, like the API's own errors; text elsewhere.
@Suite struct HTTPErrorFormTests {
    @Test func targetsUnderTheAPI() {
        let api = ["/api", "/api/", "/api/stations/127", "/api?x=1", "/api/search?q=a b", "http://host:80/api/vehicles"]
        let other = ["/", "/apix", "/index.html", "/display/api/x", "*", "http://host/", "/API/x"]
        for target in api { #expect(HTTPRequest(method: "GET", target: target).isAPI, "\(target)") }
        for target in other { #expect(!HTTPRequest(method: "GET", target: target).isAPI, "\(target)") }
    }

    @Test func failuresAfterTheRequestLineCarryItsTarget() {
        let badHeader = failure("GET /api/stations?q=1 HTTP/1.1\r\nHost: h\r\nBad Header\r\n\r\n")
        #expect(badHeader?.status.code == 400 && badHeader?.target == "/api/stations?q=1")
        let flood = failure("GET /api/vehicles HTTP/1.1\r\nHost: h\r\n" + (0..<150).map { "X-\($0): y\r\n" }.joined() + "\r\n")
        #expect(flood?.status.code == 431 && flood?.target == "/api/vehicles")
        var small = HTTPRequestParser.Limits()
        small.maxBodyBytes = 10
        let big = failure("POST /api/x HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", limits: small)
        #expect(big?.status.code == 413 && big?.target == "/api/x")
        let noHost = failure("GET /index.html HTTP/1.1\r\n\r\n")
        #expect(noHost?.status.code == 400 && noHost?.target == "/index.html")
    }

    @Test func failuresInTheRequestLineCarryWhatArrivedOfTheTarget() {
        let long = failure("GET /api/search?q=" + String(repeating: "a", count: 9_000) + " HTTP/1.1\r\n")
        #expect(long?.status.code == 414)
        #expect(long?.target?.hasPrefix("/api/search?q=aaaa") == true)
        let version = failure("GET /api/x HTTP/2.0\r\nHost: h\r\n\r\n")
        #expect(version?.status.code == 505 && version?.target == "/api/x")
        let twoWords = failure("GET /api/x\r\n\r\n")
        #expect(twoWords?.status.code == 400 && twoWords?.target == "/api/x")
        let bareCR = failure("GET /api/x\rHTTP/1.1\r\n")
        #expect(bareCR?.status.code == 400 && bareCR?.target == "/api/x")
        // Not a request line at all: no target, so a text answer.
        #expect(failure("\u{16}\u{03}\u{01} not http\r\n\r\n")?.target == nil)
        #expect(failure(" /api/x HTTP/1.1\r\n\r\n")?.target == nil)
    }

    @Test func apiErrorsAreJSONAndOthersText() throws {
        let api = try #require(failure("GET /api/vehicles HTTP/1.1\r\nHost: h\r\n" + (0..<150).map { "X-\($0): y\r\n" }.joined() + "\r\n"))
        #expect(header(api.response, "Content-Type") == "application/json")
        #expect(api.response.status.code == 431)
        #expect(String(decoding: api.response.body, as: UTF8.self)
            == #"{"error":{"code":"request_header_fields_too_large","message":"too many header lines"}}"#)

        let page = try #require(failure("GET /index.html HTTP/1.1\r\nHost: h\r\nBad Header\r\n\r\n"))
        #expect(header(page.response, "Content-Type") == "text/plain; charset=utf-8")
        #expect(String(decoding: page.response.body, as: UTF8.self) == "400 Bad Request: header line without a colon\n")

        let unknown = try #require(failure("\u{16}\u{03} not http\r\n\r\n"))
        #expect(header(unknown.response, "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func partialTargetFollowsTheRequestBeingRead() {
        var parser = HTTPRequestParser()
        #expect(parser.partialTarget == nil)
        parser.append(Array("GE".utf8))
        #expect(parser.next() == nil && parser.partialTarget == nil)
        parser.append(Array("T /api/v".utf8))
        #expect(parser.next() == nil && parser.partialTarget == "/api/v")
        parser.append(Array("ehicles HTTP/1.1\r\nHost: h\r\n".utf8))
        #expect(parser.next() == nil && parser.partialTarget == "/api/vehicles")
        parser.append(Array("\r\n".utf8))
        guard case .request(let request) = parser.next() else {
            Issue.record("the request should be complete")
            return
        }
        #expect(request.target == "/api/vehicles" && parser.partialTarget == nil)
    }
}
