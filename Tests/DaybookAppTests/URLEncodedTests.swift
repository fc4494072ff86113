import DaybookHTTP
import Foundation
import Testing

/// `URLEncoded` reads forms and queries byte by byte; Foundation's percent decoding is the
/// reference it must agree with.
@Suite("URL-encoded pairs")
struct URLEncodedTests {
    @Test func pairsInOrderWithRepeatsAndEmptyValues() {
        let pairs = URLEncoded.pairs("q=marker&limit=20&tag=a&tag=b&empty=&bare&&x=a=b")
        #expect(pairs.map(\.name) == ["q", "limit", "tag", "tag", "empty", "bare", "x"])
        #expect(pairs.map(\.value) == ["marker", "20", "a", "b", "", "", "a=b"])
    }

    @Test(arguments: [
        "a+b", "caf%C3%A9", "100%25", "%E2%9C%93+done", "%zz+x", "50%", "%4", "%C3", "%FF%FE", "a%2Bb", "%3d%3D",
        "+", "%20", "plain", "日記", "%E6%97%A5%E8%A8%98",
    ])
    func decodesAsFoundationDoes(raw: String) {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        let expected = spaced.removingPercentEncoding ?? spaced
        #expect(URLEncoded.pairs("name=" + raw).first?.value == expected)
        #expect(URLEncoded.pairs(raw + "=x").first?.name == expected)
    }
}
