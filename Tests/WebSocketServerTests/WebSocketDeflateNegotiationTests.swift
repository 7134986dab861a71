import Testing
import WebSocketServer

@Suite struct WebSocketDeflateNegotiationTests {
    private let configuration = PerMessageDeflateConfiguration(serverMaxWindowBits: 12, clientMaxWindowBits: 15)

    private func negotiate(_ header: String, _ configuration: PerMessageDeflateConfiguration? = nil)
        -> PerMessageDeflateParameters? {
        guard let offers = WebSocketExtensionOffer.parseAll([header]) else { return nil }
        return PerMessageDeflateNegotiation.negotiate(offers: offers, configuration: configuration ?? self.configuration)
    }

    @Test func parsesOfferSyntaxIncludingQuotedValues() throws {
        let offers = try #require(WebSocketExtensionOffer.parseAll([
            "permessage-deflate ; client_max_window_bits=\"10\"; server_no_context_takeover, foo", "bar;baz=1",
        ]))
        #expect(offers.map { $0.name } == ["permessage-deflate", "foo", "bar"])
        #expect(offers[0].parameters == [.init(name: "client_max_window_bits", value: "10"),
                                         .init(name: "server_no_context_takeover", value: nil)])
        #expect(offers[2].parameters == [.init(name: "baz", value: "1")])
    }

    @Test func brokenSyntaxIsRefusedWhole() {
        for header in ["permessage-deflate;", "permessage-deflate; a=", "permessage-deflate; a=\"open",
                       "permessage-deflate foo", ";x", "permessage-deflate; =1"] {
            #expect(WebSocketExtensionOffer.parseAll([header]) == nil, "\(header)")
        }
    }

    @Test func plainOfferGetsServerNoContextTakeoverAddedForSharing() throws {
        let accepted = try #require(negotiate("permessage-deflate"))
        #expect(accepted.responseHeaderValue == "permessage-deflate; server_no_context_takeover")
        #expect(accepted.serverMaxWindowBits == 12)   // a smaller window needs no announcement
        #expect(accepted.clientMaxWindowBits == 15 && !accepted.clientNoContextTakeover)
    }

    @Test func serverContextTakeoverWhenConfiguredAndNotForbidden() throws {
        let keeping = PerMessageDeflateConfiguration(serverContextTakeover: true)
        #expect(try #require(negotiate("permessage-deflate", keeping)).responseHeaderValue == "permessage-deflate")
        #expect(try #require(negotiate("permessage-deflate; server_no_context_takeover", keeping)).serverNoContextTakeover)
    }

    @Test func windowBitsAreAnsweredOnlyWhenOffered() throws {
        let serverBits = try #require(negotiate("permessage-deflate; server_max_window_bits=10"))
        #expect(serverBits.serverMaxWindowBits == 10)
        #expect(serverBits.responseHeaderValue.contains("server_max_window_bits=10"))
        let larger = try #require(negotiate("permessage-deflate; server_max_window_bits=15"))
        #expect(larger.serverMaxWindowBits == 12 && larger.responseHeaderValue.contains("server_max_window_bits=12"))

        let clientBits = try #require(negotiate("permessage-deflate; client_max_window_bits=9"))
        #expect(clientBits.clientMaxWindowBits == 9 && clientBits.responseHeaderValue.contains("client_max_window_bits=9"))
        let noClientBits = try #require(negotiate("permessage-deflate"))
        #expect(!noClientBits.responseHeaderValue.contains("client_max_window_bits"))
        let smallInflater = PerMessageDeflateConfiguration(clientMaxWindowBits: 10)
        #expect(try #require(negotiate("permessage-deflate; client_max_window_bits", smallInflater)).clientMaxWindowBits == 10)
        #expect(try #require(negotiate("permessage-deflate", smallInflater)).clientMaxWindowBits == 15)
    }

    @Test func declinesInvalidOffersAndMovesToTheNext() throws {
        let declined = [
            "permessage-deflate; server_max_window_bits=8",       // zlib cannot compress with 8 bits
            "permessage-deflate; server_max_window_bits",         // value required
            "permessage-deflate; server_max_window_bits=16",
            "permessage-deflate; server_max_window_bits=010",
            "permessage-deflate; client_max_window_bits=7",
            "permessage-deflate; server_no_context_takeover=1",
            "permessage-deflate; client_no_context_takeover; client_no_context_takeover",
            "permessage-deflate; unknown_parameter",
        ]
        for offer in declined {
            #expect(negotiate(offer) == nil, "\(offer)")
            let fallback = try #require(negotiate(offer + ", permessage-deflate; client_no_context_takeover"), "\(offer)")
            #expect(fallback.clientNoContextTakeover)
        }
        #expect(negotiate("x-webkit-deflate-frame") == nil)
    }

    @Test func firstAcceptableOfferWins() throws {
        let chosen = try #require(negotiate(
            "permessage-deflate; server_max_window_bits=9; client_max_window_bits, permessage-deflate"))
        #expect(chosen.serverMaxWindowBits == 9 && chosen.announcesClientWindow)
    }

    @Test func autobahnOffersAreAllAccepted() throws {
        // The offers Autobahn 13.* sends, each must be accepted (else the case is UNIMPLEMENTED).
        for offer in ["permessage-deflate; client_no_context_takeover; client_max_window_bits",
                      "permessage-deflate; client_no_context_takeover; client_max_window_bits; server_no_context_takeover",
                      "permessage-deflate; client_no_context_takeover; client_max_window_bits; server_max_window_bits=9",
                      "permessage-deflate; client_no_context_takeover; client_max_window_bits; server_no_context_takeover; server_max_window_bits=15"] {
            #expect(negotiate(offer) != nil, "\(offer)")
        }
    }
}
