import Testing

@testable import DaybookWeb

/// The pages' escaper: the five characters HTML needs escaped, as swift-mustache's own escapes
/// them; anything else, in any script, untouched.
@Suite struct HTMLEscapingTests {
    @Test func escapesWhatHTMLNeedsAndNothingElse() {
        #expect(
            HTMLEscaping.escape(#"<script>alert("x" & 'y')</script>"#)
                == "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;")
        let plain = "Päivä 🌧 ✓ naïve — 日記"
        #expect(HTMLEscaping.escape(plain) == plain)
        #expect(HTMLEscaping.escape("🌧<b>🌧") == "🌧&lt;b&gt;🌧")
        #expect(HTMLEscaping.escape("") == "")
    }
}
