import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// Full-text search over the user's day entries and check-ins.
extension APIHandlers {
    func search(_ input: Operations.search.Input) async throws -> Operations.search.Output {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        let page = try await services.search.search(
            userID: auth.user.id, text: input.query.q, cursor: input.query.cursor, limit: limit)
        return .ok(.init(body: .json(.init(items: page.hits.map(Components.Schemas.SearchHit.init), nextCursor: page.nextCursor))))
    }
}

extension Components.Schemas.SearchHit {
    init(_ hit: SearchHit) {
        self.init(
            kind: hit.kind == .day ? .day : .checkin, date: hit.date.description, checkinId: hit.checkinID?.apiString,
            snippet: SearchHighlight.segments(hit.snippet).map { .init(text: $0.text, highlighted: $0.highlighted) })
    }
}
