import Foundation

/// The few words of a hit shown under it: about `words` words of the record's text around the most
/// of the query's terms, each word a term starts marked with `SearchHighlight.start` and `.end`,
/// with `…` where the text was cut.
///
/// Made here rather than by the database (FTS5's `snippet`, PostgreSQL's `ts_headline`) so that
/// both databases show the same snippet, and so that it is made only for the page of hits shown:
/// SQLite computes a select list for every match before it sorts, and its `snippet` was a third
/// of a search's time for 400 matches.
///
/// Words are read as both engines read them (runs of letters and digits); a word matches when,
/// folded to lower case without diacritics, it starts with a term folded the same way (the
/// query's prefix match, `SearchQuery`). Make one per query and cut every hit's text with it.
public struct SearchSnippet: Sendable {
    /// Each term folded (`fold`), as UTF-8: a word matches when its folded bytes start with them.
    private let terms: [[UInt8]]
    private let words: Int

    public init(terms: [String], words: Int = 16) {
        self.terms = terms.prefix(SearchQuery.maxTerms).map { term in
            Array((term.allSatisfy(\.isASCII) ? term.lowercased() : Self.fold(term)).utf8)
        }
        self.words = max(1, words)
    }

    /// Read as UTF-8 bytes, words found by their first byte where it is ASCII: stepping through
    /// `String.Index`es and appending substrings was a tenth of a search's CPU for 20 short hits.
    public func cut(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            let found = tokens(of: bytes)
            guard !found.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
            let (first, last) = window(found)
            var result: [UInt8] = []
            result.reserveCapacity(min(bytes.count, words * 12) + 16)
            if first == 0 { result += bytes[..<found[0].start] } else { result += Self.ellipsis }
            for index in first...last {
                let token = found[index]
                if index > first { result += bytes[found[index - 1].end..<token.start] }
                if token.term != nil { result += Self.startMark }
                result += bytes[token.start..<token.end]
                if token.term != nil { result += Self.endMark }
            }
            if last == found.count - 1 { result += bytes[found[last].end...] } else { result += Self.ellipsis }
            return String(decoding: result, as: UTF8.self)
        }
    }

    private static let ellipsis = Array("…".utf8)
    private static let startMark = Array(String(SearchHighlight.start).utf8)
    private static let endMark = Array(String(SearchHighlight.end).utf8)

    /// A word of the text (its bytes, `start..<end`) and the first term it starts with, if any.
    private struct Token {
        var start: Int
        var end: Int
        var term: Int?
    }

    private func tokens(of bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        var found: [Token] = []
        var index = 0
        while index < bytes.count {
            var (scalar, length) = bytes.scalar(at: index)
            guard Self.isWordScalar(scalar) else {
                index += length
                continue
            }
            let start = index
            var ascii = true
            repeat {
                ascii = ascii && scalar < 0x80
                index += length
                if index < bytes.count { (scalar, length) = bytes.scalar(at: index) }
            } while index < bytes.count && Self.isWordScalar(scalar)
            let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
            let term: Int?
            if ascii {
                term = firstTerm(startingASCII: word)
            } else {
                let key = Array(Self.fold(String(decoding: word, as: UTF8.self)).utf8)
                term = terms.firstIndex { key.starts(with: $0) }
            }
            found.append(Token(start: start, end: index, term: term))
        }
        return found
    }

    /// The first term an ASCII word starts with, compared byte by byte in lower case.
    private func firstTerm(startingASCII word: UnsafeBufferPointer<UInt8>) -> Int? {
        termLoop: for (number, term) in terms.enumerated() where term.count <= word.count {
            for (offset, byte) in term.enumerated() where Self.lowercasedASCII(word[offset]) != byte {
                continue termLoop
            }
            return number
        }
        return nil
    }

    /// The tokens shown, `first...last`: the window of `words` tokens with the most distinct terms,
    /// then the most matches, the earliest of equals; its matches centred in it.
    private func window(_ tokens: [Token]) -> (Int, Int) {
        guard tokens.count > words else { return (0, tokens.count - 1) }
        var best = (score: -1, start: 0)
        for start in 0...(tokens.count - words) {
            var seen: UInt16 = 0  // a bit per term; there are at most `SearchQuery.maxTerms`
            var matches = 0
            for token in tokens[start..<(start + words)] {
                guard let term = token.term else { continue }
                seen |= 1 << term
                matches += 1
            }
            let score = seen.nonzeroBitCount * 1_000 + matches
            if score > best.score { best = (score, start) }
        }
        let shown = tokens[best.start..<(best.start + words)]
        guard let firstMatch = shown.firstIndex(where: { $0.term != nil }),
            let lastMatch = shown.lastIndex(where: { $0.term != nil })
        else { return (0, words - 1) }
        let slack = words - (lastMatch - firstMatch + 1)
        let start = min(max(0, firstMatch - slack / 2), tokens.count - words)
        return (start, start + words - 1)
    }

    /// Letters, digits and combining marks: what FTS5's `unicode61` and PostgreSQL's parser make
    /// words of (`SearchQuery` reads typed text the same way).
    private static func isWordScalar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0..<0x80: false
        default:
            switch Unicode.Scalar(scalar)?.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                true
            default: false
            }
        }
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
