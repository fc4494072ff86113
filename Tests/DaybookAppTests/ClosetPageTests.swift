import DaybookTestSupport
import Foundation
import Testing

/// The closet page's grid is written in Swift (`ItemCard.gridHTML`), not by a template: what an
/// item's name holds is escaped there as `{{name}}` would escape it.
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
}
