import Foundation
import PostgresNIO

/// A statement of the hot path, parsed and planned by PostgreSQL once per connection instead of on
/// every request (PostgresNIO prepares it on a connection the first time it runs there, by this
/// type's name). Its columns are named, not `*`: a migration that adds a column cannot change the
/// result of a statement already prepared. See `PostgresClient.rows(_:_:logger:)`.
protocol PreparedSQL {
    static var sql: String { get }
}

/// The PostgresNIO form of a `PreparedSQL`; its rows are read by the caller (`rows(…reading:)`).
private struct Prepared<Statement: PreparedSQL>: PostgresPreparedStatement {
    static var sql: String { Statement.sql }
    /// The type's qualified name, as `String(reflecting:)` gives it: the runtime keeps it, where
    /// `String(reflecting:)` prints it through a mirror on every call (1.1 % of a PostgreSQL read's
    /// CPU; PostgresNIO asks for the name on every execution).
    static var name: String { _typeName(Statement.self, qualified: true) }

    let bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}

extension PostgresClient {
    /// Every row of a prepared statement with `values` as `$1`, `$2`…, read to the end so that the
    /// connection goes back to the pool at once, each turned into a value by `read`.
    func rows<Statement: PreparedSQL, each Value: PostgresDynamicTypeEncodable, Row>(
        _ statement: Statement.Type, _ values: repeat each Value, logger: Logger,
        reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        var bindings = PostgresBindings()
        repeat bindings.append(each values)
        return try await rows(statement, bindings: bindings, logger: logger, reading: read)
    }

    /// The same, each row ready for lookup by column name.
    func rows<Statement: PreparedSQL, each Value: PostgresDynamicTypeEncodable>(
        _ statement: Statement.Type, _ values: repeat each Value, logger: Logger
    ) async throws -> [PostgresRandomAccessRow] {
        try await rows(statement, repeat each values, logger: logger) { $0.makeRandomAccess() }
    }

    /// The same with the values already bound: how optional values are passed (a list of values
    /// cannot hold them). Each `$n` of such a statement says its type (`$3::text`), since a NULL
    /// does not.
    func rows<Statement: PreparedSQL, Row>(
        _: Statement.Type, bindings: PostgresBindings, logger: Logger, reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await readRows(
            { try await execute(Prepared<Statement>(bindings: bindings), logger: logger) }, reading: read)
    }
}

extension PostgresConnection {
    /// The same on one connection (a transaction's).
    func rows<Statement: PreparedSQL, Row>(
        _: Statement.Type, bindings: PostgresBindings, logger: Logger, reading read: (PostgresRow) throws -> Row
    ) async throws -> [Row] {
        try await readRows(
            { try await execute(Prepared<Statement>(bindings: bindings), logger: logger) }, reading: read)
    }
}

/// A session by its token's hash, with its user (`PostgresStore.sessionAndUser`): the statement of
/// every authenticated request.
enum SessionAndUserByToken: PreparedSQL {
    static let sql = """
        SELECT s.id, s.user_id, s.token_hash, s.kind, s.persistent, s.device_name, s.ip_address, s.created_at,
            s.last_seen_at, s.expires_at, u.id AS u_id, u.email AS u_email, u.username AS u_username,
            u.display_name AS u_display_name, u.bio AS u_bio, u.time_zone AS u_time_zone,
            u.avatar_media_id AS u_avatar_media_id, u.week_start AS u_week_start, u.created_at AS u_created_at,
            u.updated_at AS u_updated_at
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1
        """
}

/// A day entry by its key (`$1` user, `$2` date): get a day, in the API and the pages.
enum DayEntryByDate: PreparedSQL {
    static let sql = "SELECT \(PostgresDayStore.columns) FROM day_entries WHERE user_id = $1 AND date = $2"
}

/// A page of a user's (`$1`) day entries, newest first: before the date `$2` (the first page
/// passes 9999-12-31, the last date there is), at most `$3` (a `ShortPage`). No `$2 IS NULL OR …`:
/// PostgreSQL may run a prepared statement with one generic plan, which could not use such a bound
/// in the index.
enum DayEntriesBefore: PreparedSQL {
    static let sql = ShortPage.sql(
        "SELECT \(PostgresDayStore.columns) FROM day_entries WHERE user_id = $1 AND date < $2",
        orderBy: "date DESC", limit: "$3")
}

/// What a list shows of the same page (`PostgresDayStore.teaser(_:)`).
enum DayTeasersBefore: PreparedSQL {
    static let sql = ShortPage.sql(
        "SELECT \(PostgresDayStore.teaserColumns) FROM day_entries WHERE user_id = $1 AND date < $2",
        orderBy: "date DESC", limit: "$3")
}

/// A check-in by its key (`$1` user, `$2` id).
enum CheckinByID: PreparedSQL {
    static let sql = "SELECT \(PostgresCheckinStore.columns) FROM checkins WHERE user_id = $1 AND id = $2"
}

/// A page of a user's (`$1`) check-ins, newest first, after the cursor (`$2` time, `$3` id; the
/// first page passes a time past every check-in), at most `$4` (a `ShortPage`): the check-in list
/// without date bounds. The cursor is in the index condition, so a page deep in ten years of
/// check-ins is read from its place, whichever plan PostgreSQL keeps for the statement (a generic
/// plan with `$2 IS NULL OR …`, or with the date bounds in, filtered 40,000 rows to reach it:
/// 22–43 ms against 0.1).
enum CheckinsPage: PreparedSQL {
    static let sql = ShortPage.sql(
        "SELECT \(PostgresCheckinStore.columns) FROM checkins WHERE user_id = $1 AND (at, id) < ($2, $3)",
        orderBy: "at DESC, id DESC", limit: "$4")
}

/// A page of "newest first" of at most `rows` rows, in a form PostgreSQL plans once per
/// connection. With `LIMIT $n` alone the generic plan is costed as if it read a tenth of the
/// matching rows, so it lost to a custom plan every time and the statement was planned again on
/// every execution (planning was ~45 % of PostgreSQL's CPU in a journal list); a literal limit
/// inside caps the generic plan's estimate, and `pg_prepared_statements` counts generic plans from
/// the sixth execution on. A store sends a longer page (an export's) unprepared.
enum ShortPage {
    /// The API's largest page (100) and the row that says whether there is another.
    static let rows = 101

    /// `select`, ordered by `orderBy`, at most `limit` (a parameter, at most `rows`) rows. The
    /// outer `*` is the inner select's named columns; the outer order costs nothing (the inner
    /// rows come sorted) and makes the order the statement's, not the subquery's.
    static func sql(_ select: String, orderBy: String, limit: String) -> String {
        "SELECT * FROM (\(select) ORDER BY \(orderBy) LIMIT \(rows)) page ORDER BY \(orderBy) LIMIT \(limit)"
    }
}

/// Where a prepared page of "newest first" starts when it has no cursor: after the greatest time
/// and id, so the first page is the same statement as every other.
enum FirstPage {
    static let time = PGTime(.distantFuture)
    static let id = UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
}

/// A page of everyone's public journal entries with their authors, newest first, after the cursor
/// (`$1` time, `$2` id; `FirstPage` for the first), at most `$3` (a `ShortPage`, which every
/// caller asks for): the public feed, from the partial index of public entries. (A feed of one
/// author, a public profile, is sent unprepared.)
enum PublicFeedPage: PreparedSQL {
    static let sql = ShortPage.sql(
        "\(PostgresJournalStore.publicSelect) WHERE e.is_public AND (e.created_at, e.id) < ($1, $2)",
        orderBy: "created_at DESC, id DESC", limit: "$3")
}

/// A page of a user's own journal entries (`$1` user), newest first, after the cursor (`$2` time,
/// `$3` id; `FirstPage` for the first), at most `$4` (a `ShortPage`): the journal list without a
/// tag. (A list of one tag is sent unprepared.)
enum JournalPage: PreparedSQL {
    static let sql = ShortPage.sql(
        "\(PostgresJournalStore.select) WHERE e.user_id = $1 AND (e.created_at, e.id) < ($2, $3)",
        orderBy: "created_at DESC, id DESC", limit: "$4")
}

/// A journal entry of its author (`$1` user, `$2` id), with its photos.
enum JournalEntryByID: PreparedSQL {
    static let sql = "\(PostgresJournalStore.select) WHERE e.user_id = $1 AND e.id = $2"
}

/// The activities and feelings (`$2`, ids) an answer names, of user `$1`.
enum VocabularyItemsByID: PreparedSQL {
    static let sql = """
        SELECT user_id, id, kind, name, emoji, archived, position, created_at
        FROM vocabulary WHERE user_id = $1 AND id = ANY($2)
        """
}

/// The people (`$2`, ids) an answer names, of user `$1`.
enum PeopleByID: PreparedSQL {
    static let sql = "SELECT user_id, id, name, archived, created_at FROM people WHERE user_id = $1 AND id = ANY($2)"
}

/// A photo by id (`$1`) with whether anyone may see it (`PostgresMediaStore.servable`): every
/// thumbnail, avatar and photo a page shows. Planning its three sub-queries took 2.0 ms of
/// PostgreSQL's time per request, running them 0.17 ms.
enum ServableMediaByID: PreparedSQL {
    static let sql = """
        SELECT m.id, m.user_id, m.kind, m.sha256, m.created_at,
            m.original_key, m.original_format, m.original_bytes, m.width, m.height,
            m.small_key, m.small_format, m.small_bytes, m.small_width, m.small_height,
            m.large_key, m.large_format, m.large_bytes, m.large_width, m.large_height,
            m.avatar_key, m.avatar_format, m.avatar_bytes, m.avatar_width, m.avatar_height, (
                EXISTS (SELECT 1 FROM journal_photos p
                    JOIN journal_entries e ON e.user_id = p.user_id AND e.id = p.entry_id
                    WHERE p.user_id = m.user_id AND p.media_id = m.id AND e.is_public)
                OR (EXISTS (SELECT 1 FROM users u WHERE u.id = m.user_id AND u.avatar_media_id = m.id)
                    AND EXISTS (SELECT 1 FROM journal_entries e WHERE e.user_id = m.user_id AND e.is_public))
            ) AS is_public
        FROM media m WHERE m.id = $1
        """
}

/// The columns a closet item is read from (`PostgresClosetStore.item`).
private let closetItemColumns = """
    i.id, i.user_id, i.category_id, i.name, i.tags, i.colors, i.photo_id, i.brand, i.size, i.season,
    i.purchase_date, i.price_cents, i.notes, i.archived_reason, i.created_at, i.updated_at
    """

/// A page of a user's (`$1`) items in the closet (`$2` false) or archived (true), newest first, at
/// most `$3` after the first `$4`: the closet's home and the API's list without filters. Other
/// filters and orders go unprepared (`PostgresClosetStore.items`).
enum ClosetItemsNewest: PreparedSQL {
    static let sql = """
        SELECT \(closetItemColumns) FROM closet_items i
        WHERE i.user_id = $1 AND (i.archived_reason IS NOT NULL) = $2
        ORDER BY i.created_at DESC, i.id DESC LIMIT $3 OFFSET $4
        """
}

/// The same with one tag (`$2`; then `$3` archived, `$4` limit, `$5` offset), reached from the
/// tag's rows of `closet_item_tags`: the search bar's usual question.
enum ClosetItemsNewestWithTag: PreparedSQL {
    static let sql = """
        SELECT \(closetItemColumns)
        FROM closet_item_tags t JOIN closet_items i ON i.user_id = t.user_id AND i.id = t.item_id
        WHERE t.user_id = $1 AND t.tag = $2 AND (i.archived_reason IS NOT NULL) = $3
        ORDER BY i.created_at DESC, i.id DESC LIMIT $4 OFFSET $5
        """
}

/// How often and when last the items `$2` of user `$1` were worn (`PostgresClosetStore.withWear`).
enum ClosetWearOfItems: PreparedSQL {
    static let sql = """
        SELECT di.item_id, count(*) AS n, max(di.date) AS last
        FROM outfit_day_items di JOIN outfit_days d ON d.user_id = di.user_id AND d.date = di.date
        WHERE di.user_id = $1 AND di.item_id = ANY($2) AND d.status = 'worn'
        GROUP BY di.item_id
        """
}

/// A user's (`$1`) closet categories in their order: every closet page and item form.
enum ClosetCategoriesOfUser: PreparedSQL {
    static let sql = """
        SELECT id, user_id, name, position FROM closet_categories WHERE user_id = $1
        ORDER BY position, name_key COLLATE "C"
        """
}

/// How many items in the closet (not archived) each category of user `$1` has: the closet's chips.
enum ClosetItemCountsByCategory: PreparedSQL {
    static let sql = """
        SELECT category_id, count(*) AS n FROM closet_items
        WHERE user_id = $1 AND archived_reason IS NULL GROUP BY category_id
        """
}

/// Inserting a day entry (`PostgresDayStore.bindings`) with its search vector (`SearchText`), then
/// `tail`: what happens when the date has one already.
private func dayEntryInsert(then tail: String) -> String {
    """
    INSERT INTO day_entries (user_id, date, mood, activity_ids, note, thoughts, gratitude, question,
        answer, song_title, song_artist, song_link, photo_id, created_at, updated_at, search)
    VALUES ($1::uuid, $2::date, $3::int8, $4::uuid[], $5::text, $6::text, $7::text[], $8::text, $9::text,
        $10::text, $11::text, $12::text, $13::uuid, $14::timestamptz, $15::timestamptz,
        \(SearchText.vector("daybook_day_text($5::text, $6::text, $7::text[], $9::text, $10::text, $11::text)")))
    ON CONFLICT (user_id, date) \(tail)
    """
}

/// Saving a day: the entry replaces the date's, keeping its `created_at` and, when it has one, its
/// question. `replaced` says which happened, in the one atomic statement: `xmax` is 0 on a freshly
/// inserted row and the updating transaction's id on a replaced one. The replaced entry's question
/// and photo come from `previous`, which reads the table as it was before the statement (empty
/// when another save inserted the date at the same moment).
enum DayEntryUpsert: PreparedSQL {
    static let sql =
        "WITH previous AS (SELECT question, photo_id FROM day_entries WHERE user_id = $1::uuid AND date = $2::date) "
        + dayEntryInsert(
            then: """
                DO UPDATE SET
                    mood = excluded.mood, activity_ids = excluded.activity_ids, note = excluded.note,
                    thoughts = excluded.thoughts, gratitude = excluded.gratitude, answer = excluded.answer,
                    question = CASE WHEN day_entries.question <> '' THEN day_entries.question ELSE excluded.question END,
                    song_title = excluded.song_title, song_artist = excluded.song_artist,
                    song_link = excluded.song_link, photo_id = excluded.photo_id, updated_at = excluded.updated_at,
                    search = excluded.search
                RETURNING (xmax <> 0) AS replaced, created_at,
                    coalesce((SELECT question FROM previous), '') AS previous_question,
                    (SELECT photo_id FROM previous) AS previous_photo_id
                """)
}

/// Importing a day: a row when the entry was inserted, none when the date had one.
enum DayEntryInsertIfNew: PreparedSQL {
    static let sql = dayEntryInsert(then: "DO NOTHING RETURNING 1")
}

/// Creating a check-in (`PostgresCheckinStore.insert`).
enum CheckinInsert: PreparedSQL {
    static let sql = """
        INSERT INTO checkins (user_id, id, at, local_date, time_zone, feeling_id, activity_id, person_ids,
            note, created_at, updated_at, local_hour, search)
        VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4::date, $5::text, $6::uuid, $7::uuid, $8::uuid[], $9::text,
            $10::timestamptz, $11::timestamptz, $12::int8, \(SearchText.vector("$9::text")))
        """
}

/// Creating a journal entry (`PostgresJournalStore.insert`); its photos are a second statement.
enum JournalEntryInsert: PreparedSQL {
    static let sql = """
        INSERT INTO journal_entries (user_id, id, title, body, tags, location, latitude, longitude,
            entry_date, is_public, friends_only, created_at, updated_at, search)
        VALUES ($1::uuid, $2::uuid, $3::text, $4::text, $5::text[], $6::text, $7::float8, $8::float8, $9::date,
            $10::bool, $11::bool, $12::timestamptz, $13::timestamptz,
            \(SearchText.vector("daybook_journal_text($3::text, $4::text, $5::text[], $6::text)")))
        """
}
