import Testing
import WebSocketServer

@Suite struct WebSocketUTF8ValidatorTests {
    private func validate(_ bytes: [UInt8]) -> (validSoFar: Bool, complete: Bool) {
        var validator = UTF8Validator()
        let valid = validator.validate(bytes)
        return (valid, validator.isComplete)
    }

    @Test func acceptsWellFormedText() {
        for text in ["", "hello", "κόσμε", "€", "𝄞 music", "Hello-µ@ßöäüàá-UTF-8!!", String(repeating: "ascii ", count: 50)] {
            let result = validate(Array(text.utf8))
            #expect(result.validSoFar && result.complete, "\(text)")
        }
        // The extremes of each sequence length.
        for bytes: [UInt8] in [[0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
                               [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]] {
            #expect(validate(bytes).complete, "\(bytes)")
        }
    }

    @Test func rejectsOverlongSurrogatesAndOutOfRange() {
        let invalid: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF],              // overlong 2-byte
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],  // overlong 3-byte
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], // overlong 4-byte
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],  // UTF-16 surrogates
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], // beyond U+10FFFF / never valid
            [0x80], [0xBF], [0x41, 0x80],            // lone continuation bytes
            [0xC2, 0x41], [0xE1, 0x80, 0x41],         // lead byte followed by a non-continuation
        ]
        for bytes in invalid {
            #expect(!validate(bytes).validSoFar, "\(bytes)")
        }
    }

    @Test func truncatedSequenceIsValidSoFarButIncomplete() {
        for bytes: [UInt8] in [[0xC2], [0xE2, 0x82], [0xF0, 0x9D, 0x84], [0x61, 0xF4]] {
            let result = validate(bytes)
            #expect(result.validSoFar && !result.complete, "\(bytes)")
        }
    }

    @Test func splitAtEveryPositionMatchesWholeValidation() {
        let samples: [[UInt8]] = [Array("κόσμε 𝄞 € ascii tail that is longer than eight".utf8),
                                  Array("valid prefix ".utf8) + [0xED, 0xA0, 0x80] + Array("after".utf8)]
        for sample in samples {
            let whole = validate(sample)
            for split in 0...sample.count {
                var validator = UTF8Validator()
                let first = validator.validate(Array(sample[..<split]))
                let second = first && validator.validate(Array(sample[split...]))
                #expect(second == whole.validSoFar && validator.isComplete == (whole.validSoFar && whole.complete))
            }
        }
    }

    @Test func failsFastAtTheFirstBadChunkAndStaysFailed() {
        var validator = UTF8Validator()
        let prefixValid = validator.validate(Array("κόσ".utf8))
        let badChunkValid = validator.validate([0xF5])
        let laterValid = validator.validate(Array("fine".utf8))
        #expect(prefixValid)
        #expect(!badChunkValid)   // rejected in the chunk that holds the bad byte
        #expect(!laterValid)      // and never recovers
        validator.reset()
        #expect(validator.validate(Array("fine".utf8)) && validator.isComplete)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let length = Int.random(in: 0...12, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0x7E...0xFF, using: &generator) }
            let standard = String(validating: bytes, as: UTF8.self) != nil
            let result = validate(bytes)
            #expect((result.validSoFar && result.complete) == standard, "\(bytes)")
        }
    }
}
