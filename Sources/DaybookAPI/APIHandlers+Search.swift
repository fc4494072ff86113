import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

/// Search over everything the user wrote, and "on this day" memories.
extension APIHandlers {
    func search(_ input: Operations.search.Input) async throws -> Operations.search.Output {
        let auth = try authenticated()
        let limit = try pageLimit(input.query.limit)
        let query = input.query
        let filters = try SearchFilters.parse(
            kind: query.kind, tag: query.tag, mood: query.mood, from: query.from, to: query.to,
            hasPhotos: query.hasPhotos)
        let page = try await services.search.search(
            userID: auth.user.id, text: query.q ?? "", filters: filters, cursor: query.cursor, limit: limit)
        return .ok(
            .init(
                body: .json(
                    .init(items: page.hits.map(Components.Schemas.SearchHit.init), nextCursor: page.nextCursor))))
    }

    func getMemories(_ input: Operations.getMemories.Input) async throws -> Operations.getMemories.Output {
        let auth = try authenticated()
        var date: LocalDate?
        if let text = input.query.date, !text.isEmpty { date = try localDate(text, "date") }
        let (asked, memories) = try await services.memories.memories(user: auth.user, on: date)
        let lookup = try await services.vocabulary.lookup(
            userID: auth.user.id, days: memories.compactMap(\.day), checkins: memories.flatMap(\.checkins))
        return .ok(
            .init(
                body: .json(
                    .init(
                        date: asked.description,
                        items: memories.map { .init($0, lookup: lookup) }))))
    }
}

extension Components.Schemas.Memory {
    init(_ memory: DaybookServices.Memory, lookup: VocabularyLookup) {
        self.init(
            date: memory.date.description, day: memory.day.map { .init(DayTeaser($0), lookup: lookup) },
            checkins: memory.checkins.map { .init($0, lookup: lookup) }, journal: memory.journal.map { .init($0) },
            photos: memory.photoIDs.map(Components.Schemas.JournalPhoto.init))
    }
}

extension Components.Schemas.SearchHit {
    init(_ hit: SearchHit) {
        let id = hit.id?.apiString
        self.init(
            kind: .init(rawValue: hit.kind.rawValue) ?? .day, date: hit.date.description, id: id,
            checkinId: hit.kind == .checkin ? id : nil, title: hit.title,
            snippet: SearchHighlight.segments(hit.snippet).map { .init(text: $0.text, highlighted: $0.highlighted) })
    }
}
