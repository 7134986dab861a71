import Testing
@testable import WebSocketServer

/// Feeds `text` (all at once, or split at every byte) and collects the events.
private func parse(_ text: String, limits: HTTPRequestParser.Limits = .init(), byteByByte: Bool = false) -> [HTTPRequestParser.Event] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [HTTPRequestParser.Event] = []
    let bytes = Array(text.utf8)
    let pieces: [ArraySlice<UInt8>] = byteByByte ? bytes.indices.map { bytes[$0...$0] } : [bytes[...]]
    for piece in pieces {
        parser.append(piece)
        while let event = parser.next() { events.append(event) }
    }
    return events
}

private func requests(_ events: [HTTPRequestParser.Event]) -> [HTTPRequest] {
    events.compactMap { if case .request(let request) = $0 { return request } else { return nil } }
}

private func failureStatus(_ events: [HTTPRequestParser.Event]) -> Int? {
    for event in events { if case .failure(let error) = event { return error.status.code } }
    return nil
}

@Suite struct HTTPRequestParserTests {
    @Test func parsesARequestWithHeaders() throws {
        let events = parse("GET /api/stations/127?x=1 HTTP/1.1\r\nHost: example\r\nAccept:  text/html \r\n\r\n")
        let request = try #require(requests(events).first)
        #expect(events.count == 1)
        #expect(request.method == "GET")
        #expect(request.target == "/api/stations/127?x=1")
        #expect(request.rawPath == "/api/stations/127")
        #expect(request.rawQuery == "x=1")
        #expect(request.version == .http1_1)
        #expect(request.headers["accept"] == "text/html")
        #expect(request.keepAlive)
    }

    @Test func sameResultWhenBytesArriveOneAtATime() {
        let text = "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /y HTTP/1.1\r\nHost: h\r\n\r\n"
        let whole = requests(parse(text))
        let split = requests(parse(text, byteByByte: true))
        #expect(whole.map { $0.target } == ["/x", "/y"])
        #expect(split.map { $0.target } == ["/x", "/y"])
        #expect(split.first?.body == Array("hello".utf8))
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let text = (1...5).map { "GET /\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        #expect(requests(parse(text)).map { $0.target } == ["/1", "/2", "/3", "/4", "/5"])
    }

    @Test func acceptsBareLineFeeds() {
        #expect(requests(parse("GET / HTTP/1.1\nHost: h\n\n")).count == 1)
    }

    @Test func skipsAFewEmptyLinesBeforeTheRequest() {
        #expect(requests(parse("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")).count == 1)
        #expect(failureStatus(parse(String(repeating: "\r\n", count: 5) + "GET / HTTP/1.1\r\nHost: h\r\n\r\n")) == 400)
    }

    @Test func keepAliveDependsOnVersionAndConnectionHeader() throws {
        let cases: [(String, Bool)] = [
            ("GET / HTTP/1.1\r\nHost: h\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, CLOSE\r\n\r\n", false),
            ("GET / HTTP/1.0\r\n\r\n", false),
            ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
        ]
        for (text, keepAlive) in cases {
            let request = try #require(requests(parse(text)).first)
            #expect(request.keepAlive == keepAlive, "\(text)")
        }
    }

    @Test func laterMinorVersionsAreTreatedAsHTTP11AndOthersRefused() throws {
        #expect(try #require(requests(parse("GET / HTTP/1.7\r\nHost: h\r\n\r\n")).first).version == .http1_1)
        #expect(failureStatus(parse("GET / HTTP/2.0\r\nHost: h\r\n\r\n")) == 505)
        #expect(failureStatus(parse("GET / HTTP/1.10\r\nHost: h\r\n\r\n")) == 400)
        #expect(failureStatus(parse("GET / HTTQ/1.1\r\nHost: h\r\n\r\n")) == 400)
    }

    @Test func malformedRequestLinesAre400() {
        let bad = [
            "GET /\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n",
            "G(T / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET relative HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET * HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET /a\u{7F}b HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET /é HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1\rHost: h\r\n\r\n",
            "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\n",
        ]
        for text in bad {
            #expect(failureStatus(parse(text)) == 400, "\(text.debugDescription)")
        }
    }

    @Test func asteriskFormOnlyForOptionsAndAbsoluteFormIsReduced() throws {
        #expect(try #require(requests(parse("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")).first).target == "*")
        let absolute = try #require(requests(parse("GET http://h:1/a/b?q=1 HTTP/1.1\r\nHost: h\r\n\r\n")).first)
        #expect(absolute.rawPath == "/a/b")
        #expect(absolute.rawQuery == "q=1")
    }

    @Test func malformedHeadersAre400() {
        let bad = [
            "GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nName : x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nNo colon here\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\n: empty-name\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{0}b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{1B}b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n",
        ]
        for text in bad {
            #expect(failureStatus(parse(text)) == 400, "\(text.debugDescription)")
        }
    }

    @Test func hostIsRequiredOnceInHTTP11() {
        #expect(failureStatus(parse("GET / HTTP/1.1\r\n\r\n")) == 400)
        #expect(failureStatus(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")) == 400)
        #expect(failureStatus(parse("GET / HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n")) == 400)
        #expect(requests(parse("GET / HTTP/1.0\r\n\r\n")).count == 1)
    }

    @Test func headerSectionLimitsGive431() {
        let lines = { (count: Int) in (0..<count).map { "X-\($0): v\r\n" }.joined() }
        // Host plus 99 more is exactly the limit of 100 lines.
        #expect(requests(parse("GET / HTTP/1.1\r\nHost: h\r\n" + lines(99) + "\r\n")).count == 1)
        #expect(failureStatus(parse("GET / HTTP/1.1\r\nHost: h\r\n" + lines(100) + "\r\n")) == 431)
        let big = "GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + String(repeating: "a", count: 9000) + "\r\n\r\n"
        #expect(failureStatus(parse(big)) == 431)
        // The limit holds while the header is still arriving, before any line end.
        #expect(failureStatus(parse("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 8200))) == 431)
    }

    @Test func longRequestLineGives414() {
        #expect(failureStatus(parse("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: h\r\n\r\n")) == 414)
        #expect(failureStatus(parse("GET /" + String(repeating: "a", count: 9000))) == 414)
    }

    @Test func bodiesFollowContentLength() throws {
        let request = try #require(requests(parse("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET")).first)
        #expect(request.body == Array("abc".utf8))
        let repeated = try #require(requests(parse("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\nabc")).first)
        #expect(repeated.body.count == 3)
    }

    @Test func incompleteBodyWaitsForMoreBytes() {
        var parser = HTTPRequestParser()
        parser.append(Array("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc".utf8))
        #expect(parser.next() == nil)
        #expect(parser.isMidRequest)
    }

    @Test func invalidContentLengthIs400() {
        for value in ["-1", "1x", "", "3, 4", "+3", "99999999999999999999"] {
            #expect(failureStatus(parse("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\nabcd")) == 400, "\(value)")
        }
        #expect(failureStatus(parse("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd")) == 400)
    }

    @Test func oversizedBodyIs413BeforeItArrives() {
        var limits = HTTPRequestParser.Limits()
        limits.maxBodyBytes = 100
        #expect(failureStatus(parse("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n\r\n", limits: limits)) == 413)
        #expect(requests(parse("PUT /x HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n" + String(repeating: "b", count: 100), limits: limits)).count == 1)
    }

    @Test func transferEncodingIsRefused() {
        #expect(failureStatus(parse("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")) == 411)
        #expect(failureStatus(parse("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n")) == 501)
        #expect(failureStatus(parse("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n")) == 400)
    }

    @Test func expectContinueIsSignalledOnceWhileTheBodyIsAwaited() {
        var parser = HTTPRequestParser()
        parser.append(Array("PUT /x HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n\r\n".utf8))
        #expect(parser.next() == nil)
        let first = parser.takeContinueDue()
        let second = parser.takeContinueDue()
        #expect(first)
        #expect(!second)
        parser.append(Array("abc".utf8))
        guard case .request(let request) = parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(request.body == Array("abc".utf8))
        var withoutBody = HTTPRequestParser()
        withoutBody.append(Array("GET /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n".utf8))
        #expect(withoutBody.next() != nil)
        let dueWithoutBody = withoutBody.takeContinueDue()
        #expect(!dueWithoutBody)
    }

    @Test func unknownExpectationsAre417() {
        #expect(failureStatus(parse("PUT /x HTTP/1.1\r\nHost: h\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\na")) == 417)
    }

    @Test func nothingFollowsAFailure() {
        var parser = HTTPRequestParser()
        parser.append(Array("BAD\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .failure = parser.next() else {
            Issue.record("expected a failure")
            return
        }
        #expect(parser.next() == nil)
    }

    @Test func unconsumedBytesAfterAnUpgradeAreHandedOver() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n\r\n\u{81}\u{85}abcd".utf8))
        guard case .request = parser.next() else {
            Issue.record("expected the upgrade request")
            return
        }
        #expect(parser.takeUnconsumed() == Array("\u{81}\u{85}abcd".utf8))
        #expect(!parser.isMidRequest)
    }

    @Test func truncatedRequestsOnlyAskForMore() {
        let full = "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nbody"
        for length in 0..<full.utf8.count {
            var parser = HTTPRequestParser()
            parser.append(Array(full.utf8.prefix(length)))
            #expect(parser.next() == nil, "prefix of \(length) bytes")
        }
    }

    @Test func garbageNeverCrashesAndEndsInAnErrorOrNothing() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 0...600, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var parser = HTTPRequestParser()
            parser.append(bytes)
            var produced = 0
            while let event = parser.next() {
                produced += 1
                if case .failure(let error) = event { #expect(error.status.code >= 400) }
            }
            #expect(produced <= 1)
        }
    }
}
