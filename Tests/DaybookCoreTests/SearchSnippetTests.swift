import DaybookCore
import Testing

@Suite("Search snippets")
struct SearchSnippetTests {
    /// The snippet with `[` and `]` for the highlight marks, to read.
    private func cut(_ text: String, _ terms: [String], words: Int = 16) -> String {
        SearchSnippet(terms: terms, words: words).cut(text)
            .replacingOccurrences(of: String(SearchHighlight.start), with: "[")
            .replacingOccurrences(of: String(SearchHighlight.end), with: "]")
    }

    @Test func aShortTextIsShownWholeWithEveryWordATermStartsMarked() {
        #expect(cut("Walked to the park, then walking home.", ["walk"]) == "[Walked] to the park, then [walking] home.")
        #expect(cut("(Park) walk", ["park", "walk"]) == "([Park]) [walk]")
        // Only the start of a word matches, as in the query.
        #expect(cut("sidewalk", ["walk"]) == "sidewalk")
    }

    @Test func aLongTextIsCutAroundTheMostTermsWithEllipses() {
        let words = (1...40).map { "w\($0)z" }  // no word starts with another
        var text = words
        text[30] = "Cats"
        text[33] = "dogs"
        text[5] = "cats"
        let snippet = cut(text.joined(separator: " "), ["cat", "dog"], words: 8)
        // The window holding both terms wins over the earlier one holding one; matches centred.
        #expect(snippet == "…w29z w30z [Cats] w32z w33z [dogs] w35z w36z…")
        let opening = cut(text.joined(separator: " "), ["w1z"], words: 4)
        #expect(opening == "[w1z] w2z w3z w4z…", "the earliest of equal windows, from the start of the text")
        let ending = cut(text.joined(separator: " ") + ".", ["w40z"], words: 4)
        #expect(ending == "…w37z w38z w39z [w40z].")
    }

    @Test func wordsAreFoldedLikeTheSearchEngines() {
        #expect(cut("Un CAFÉ noir, naïve", ["cafe", "naive"]) == "Un [CAFÉ] noir, [naïve]")
        #expect(cut("un café", ["café"]) == "un [café]")
        #expect(cut("Straße 12b", ["12"]) == "Straße [12b]")
        #expect(cut("日記を書いた", ["日記"]) == "[日記を書いた]")
    }

    @Test func textWithoutWordsOrMatchesIsKept() {
        #expect(cut("", ["walk"]) == "")
        #expect(cut("— … —", ["walk"]) == "— … —")
        #expect(cut("a b c d e f", ["walk"], words: 3) == "a b c…")
    }
}
