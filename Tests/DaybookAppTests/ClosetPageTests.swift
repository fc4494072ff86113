import DaybookTestSupport
import Foundation
import Testing

/// The closet page's grid and chips are written in Swift (`ItemCard.gridHTML`,
/// `ClosetLink.chipsHTML`), and the tab bar is rendered once per tab at start: what an item's or a
/// category's name holds is escaped there as `{{name}}` would escape it, and the current tab and
/// category are marked.
@Suite("Pages: the closet grid")
struct ClosetPageTests {
    @Test func theGridEscapesWhatItemsAreNamed() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("grid")
            let categories = try await api.get("/closet/categories").items
            let tops = try #require(categories.first { $0["name"] as? String == "Tops" }?["id"] as? String)
            _ = try await api.post("/closet/items", ["name": #"<b>Tee</b> & "co""#, "categoryId": tops])
            let browser = try await PageOutboxTests.Browser.signIn(client, "grid")
            let page = try await browser.get("/closet")
            #expect(page.status == .ok)
            #expect(
                page.text.contains(
                    #"<span class="closet-card-name">&lt;b&gt;Tee&lt;/b&gt; &amp; &quot;co&quot;</span>"#))
            #expect(!page.text.contains("<b>Tee</b>"))
            #expect(page.text.contains(#"<span class="closet-no-photo" aria-hidden="true">"#))
            #expect(page.text.contains(#"<span class="closet-card-meta">Never worn</span>"#))
        }
    }

    @Test func theChipsEscapeCategoryNamesAndMarkWhereYouAre() async throws {
        try await withApp(.sqlite) { client, _ in
            let api = try await API(client).register("chips")
            let hats = try #require(
                try await api.post("/closet/categories", ["name": #"<i>Hats</i> & "caps""#]).json["id"] as? String)
            _ = try await api.post("/closet/items", ["name": "Beret", "categoryId": hats, "tags": ["wool"]])
            let browser = try await PageOutboxTests.Browser.signIn(client, "chips")
            let page = try await browser.get("/closet")
            #expect(page.status == .ok)
            #expect(
                page.text.contains(
                    #"<li><a class="chip chip-link" href="/closet" aria-current="page">All <span class="chip-count">1</span></a></li>"#
                ))
            #expect(
                page.text.contains(
                    #"">&lt;i&gt;Hats&lt;/i&gt; &amp; &quot;caps&quot; <span class="chip-count">1</span></a></li>"#))
            #expect(!page.text.contains("<i>Hats</i>"))
            // Categories with no items have no chip; the item's tag is one to try.
            #expect(!page.text.contains(">Tops <span"))
            #expect(page.text.contains(#"<a class="chip chip-link chip-small" href="/closet?tag=wool">#wool</a>"#))
            // The tab bar marks the closet, and only the closet.
            #expect(page.text.contains(#"<li><a href="/closet" aria-current="page"><svg"#))
            #expect(page.text.components(separatedBy: #"aria-current="page"><svg"#).count == 2)
            let inHats = try await browser.get("/closet?category=\(hats)")
            #expect(inHats.text.contains(#"<li><a class="chip chip-link" href="/closet">All <span"#))
            #expect(inHats.text.contains(#"?category=\#(hats)" aria-current="page">&lt;i&gt;Hats"#))
        }
    }
}
