import Foundation
import Testing

@testable import DaybookCore

@Suite("Text helpers")
struct TextHelpersTests {
    @Test func trimmingMatchesFoundationsWhitespaceAndNewlines() {
        let samples = [
            "", " ", "\n\t \r\n", "plain", "  both ends \n", "\u{00A0}\u{2003}nbsp and em\u{3000}",
            "\u{0085}next line\u{2028}", "inside  spaces\tkept", "e\u{301} ", " \u{301}a", "🙂 ",
        ]
        for sample in samples {
            #expect(
                sample.trimmingWhitespaceAndNewlines() == sample.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // A zero-width space is a format character, not white space (Foundation on Linux trims it,
        // unlike its documentation and Darwin's).
        #expect("\u{200B}word\u{200B}".trimmingWhitespaceAndNewlines() == "\u{200B}word\u{200B}")
    }

    /// `trimmingBlanks` against Foundation's `.whitespaces` on random strings of blanks, line
    /// breaks, ASCII and a few scalars that are or are not space separators.
    @Test func trimmingBlanksMatchesFoundationsWhitespaces() {
        var random = SystemRandomNumberGenerator()
        let parts: [String] = [
            " ", "\t", "\n", "\r", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{1680}", "\u{202F}", "\u{2028}",
            "\u{0085}", "a", "Z", "7", "-", "é", "e\u{301}", "\u{301}", "🙂", "\u{0001}", "\u{7F}",
        ]
        for _ in 0..<5_000 {
            let sample = (0..<Int.random(in: 0...6, using: &random)).map { _ in parts.randomElement(using: &random)! }
                .joined()
            #expect(
                sample.trimmingBlanks() == sample.trimmingCharacters(in: .whitespaces),
                "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(" 2026-11-28\t".trimmingBlanks() == "2026-11-28")
        #expect("2026-11-28".trimmingBlanks() == "2026-11-28")
        #expect("\u{00A0} \t".trimmingBlanks() == "")
        #expect("\u{200B}word\u{200B}".trimmingBlanks() == "\u{200B}word\u{200B}")
    }

    @Test func lengthsAreCharacters() {
        #expect(!"abc".isLonger(than: 3))
        #expect("abcd".isLonger(than: 3))
        // Three characters in more than three bytes and scalars.
        #expect(!"é🇫🇷e\u{301}".isLonger(than: 3))
        #expect("é🇫🇷e\u{301}x".isLonger(than: 3))
    }

    @Test func controlCharactersAreCategoryCc() {
        for value in [0x00, 0x09, 0x1F, 0x7F, 0x85, 0x9F] {
            #expect("\(Unicode.Scalar(value)!)".containsControlCharacters)
        }
        for value in [0x20, 0x7E, 0xA0, 0x200D, 0xFEFF] {
            #expect(!"\(Unicode.Scalar(value)!)".containsControlCharacters)
        }
    }

    /// The byte scan finds exactly the scalars of category Cc, wherever they stand, and lets the
    /// allowed ones through: every scalar up to U+3000, and two beyond.
    @Test func controlCharactersAreFoundInTheBytes() {
        let allowed: Set<UInt8> = [0x0A, 0x0D, 0x09]
        for value in Array(0...0x3000) + [0x1F600, 0xE0001] {
            let scalar = Unicode.Scalar(value)!
            let isControl = scalar.properties.generalCategory == .control
            for text in ["\(scalar)", "é\(scalar)", "\(scalar)ü🇫🇷", "a\u{C2}\(scalar)"] {
                #expect(text.containsControlCharacters == isControl, "U+\(String(value, radix: 16))")
                #expect(
                    text.containsControlCharacters(besides: allowed)
                        == (isControl && !["\n", "\r", "\t"].contains(scalar)),
                    "U+\(String(value, radix: 16))")
            }
        }
        #expect(!"Ā\u{80}".unicodeScalars.isEmpty && "Ā\u{80}".containsControlCharacters, "U+0080 after U+0100")
        #expect(!"\u{C2}\u{A0}x".containsControlCharacters, "U+00C2 then a no-break space")
    }
}
