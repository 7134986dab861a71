import Testing
@testable import TransitEngine

@Suite struct AlertTextSegmentTests {
    @Test func routeTokensAnywhere() {
        #expect(AlertTextSegment.segments(of: "[A][C] trains are delayed") == [.route("A"), .route("C"), .text(" trains are delayed")])
        #expect(AlertTextSegment.segments(of: "Take the [6X]") == [.text("Take the "), .route("6X")])
        #expect(AlertTextSegment.segments(of: "[SIR]") == [.route("SIR")])
        #expect(AlertTextSegment.segments(of: "the [D] [N] or [Q] instead") == [
            .text("the "), .route("D"), .text(" "), .route("N"), .text(" or "), .route("Q"), .text(" instead"),
        ])
    }

    @Test func otherBracketsStayText() {
        #expect(AlertTextSegment.segments(of: "outage [Capital Replacement]") == [.text("outage [Capital Replacement]")])
        #expect(AlertTextSegment.segments(of: "[ad] [] [A ] [ABCD] [a]") == [.text("[ad] [] [A ] [ABCD] [a]")])
        #expect(AlertTextSegment.segments(of: "no closing [A") == [.text("no closing [A")])
        #expect(AlertTextSegment.segments(of: "[") == [.text("[")])
        #expect(AlertTextSegment.segments(of: "[[A]]") == [.text("["), .route("A"), .text("]")])
        #expect(AlertTextSegment.segments(of: "[Ａ]") == [.text("[Ａ]")])
        #expect(AlertTextSegment.segments(of: "") == [])
    }

    @Test func joiningTheSegmentsGivesBackTheText() {
        for text in ["[A][C] trains", "x [ad] y [6X] z [", "[[[B]]]", "é [Q] ü"] {
            let rebuilt = AlertTextSegment.segments(of: text).map { segment -> String in
                switch segment {
                case .text(let text): text
                case .route(let route): "[\(route)]"
                }
            }.joined()
            #expect(rebuilt == text)
        }
    }
}
