/// The search index on SQLite: an FTS5 table (`search_index`) with a row per day entry, check-in,
/// journal entry and closet item, and `search_docs` saying which record each FTS row is, whose it
/// is and the day it is about. Triggers on the four tables keep `search_docs` right on every
/// insert, update and delete, cascades included, and list the documents whose words changed in
/// `search_stale`; `SQLiteSearchIndex.refresh` rewrites those FTS rows before each commit.
///
/// Every word is indexed as its owner's number and the word (the `daybook_owned` tokenizer; see
/// `ownedWords`), and every search asks for the user's words: FTS5 reads the user's own terms
/// and postings, so a search costs the user's own matches, not everyone's. (Before migration 25,
/// an owner column held a token naming the user, which every query asked for.)
enum SQLiteSearchSchema {
    /// A day entry's searchable words (from a row named `row`): note, thoughts, gratitude, answer,
    /// song title and artist, one per line.
    static func dayBody(_ row: String) -> String {
        """
        \(row).note || char(10) || \(row).thoughts || char(10)
            || ifnull((SELECT group_concat(value, char(10)) FROM json_each(\(row).gratitude)), '') || char(10)
            || \(row).answer || char(10) || ifnull(\(row).song_title, '') || char(10) || ifnull(\(row).song_artist, '')
        """
    }

    /// The owner token of migrations 4 to 24.
    static func owner(_ column: String) -> String { "'u' || replace(\(column), '-', '')" }

    static let create = """
        CREATE TABLE search_docs (
            id INTEGER PRIMARY KEY,
            -- No foreign key: the triggers keep these rows, cascades included (a cascade
            -- removing them first would leave the FTS rows behind).
            user_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            ref TEXT NOT NULL,
            date TEXT NOT NULL,
            UNIQUE (user_id, kind, ref)
        );
        CREATE VIRTUAL TABLE search_index USING fts5(owner, body, tokenize = 'unicode61');

        CREATE TRIGGER day_entries_search_insert AFTER INSERT ON day_entries BEGIN
            INSERT INTO search_docs (user_id, kind, ref, date) VALUES (NEW.user_id, 'day', NEW.date, NEW.date);
            INSERT INTO search_index (rowid, owner, body) VALUES (last_insert_rowid(), \(owner("NEW.user_id")), \(dayBody("NEW")));
        END;
        CREATE TRIGGER day_entries_search_update AFTER UPDATE ON day_entries BEGIN
            UPDATE search_index SET body = \(dayBody("NEW"))
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'day' AND ref = OLD.date);
        END;
        CREATE TRIGGER day_entries_search_delete AFTER DELETE ON day_entries BEGIN
            DELETE FROM search_index
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'day' AND ref = OLD.date);
            DELETE FROM search_docs WHERE user_id = OLD.user_id AND kind = 'day' AND ref = OLD.date;
        END;

        CREATE TRIGGER checkins_search_insert AFTER INSERT ON checkins BEGIN
            INSERT INTO search_docs (user_id, kind, ref, date) VALUES (NEW.user_id, 'checkin', NEW.id, NEW.local_date);
            INSERT INTO search_index (rowid, owner, body) VALUES (last_insert_rowid(), \(owner("NEW.user_id")), NEW.note);
        END;
        CREATE TRIGGER checkins_search_update AFTER UPDATE ON checkins BEGIN
            UPDATE search_index SET body = NEW.note
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'checkin' AND ref = OLD.id);
            UPDATE search_docs SET date = NEW.local_date WHERE user_id = OLD.user_id AND kind = 'checkin' AND ref = OLD.id;
        END;
        CREATE TRIGGER checkins_search_delete AFTER DELETE ON checkins BEGIN
            DELETE FROM search_index
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'checkin' AND ref = OLD.id);
            DELETE FROM search_docs WHERE user_id = OLD.user_id AND kind = 'checkin' AND ref = OLD.id;
        END;

        -- What was written before this migration.
        INSERT INTO search_docs (user_id, kind, ref, date) SELECT user_id, 'day', date, date FROM day_entries;
        INSERT INTO search_index (rowid, owner, body)
            SELECT d.id, \(owner("e.user_id")), \(dayBody("e"))
            FROM day_entries e JOIN search_docs d ON d.user_id = e.user_id AND d.kind = 'day' AND d.ref = e.date;
        INSERT INTO search_docs (user_id, kind, ref, date) SELECT user_id, 'checkin', id, local_date FROM checkins;
        INSERT INTO search_index (rowid, owner, body)
            SELECT d.id, \(owner("c.user_id")), c.note
            FROM checkins c JOIN search_docs d ON d.user_id = c.user_id AND d.kind = 'checkin' AND d.ref = c.id;
        """

    /// A journal entry's searchable words: title, body, tags and place, one per line.
    static func journalBody(_ row: String) -> String {
        """
        \(row).title || char(10) || \(row).body || char(10)
            || ifnull((SELECT group_concat(value, ' ') FROM json_each(\(row).tags)), '') || char(10) || \(row).location
        """
    }

    /// A closet item's searchable words: name, brand, notes and tags, one per line.
    static func itemBody(_ row: String) -> String {
        """
        \(row).name || char(10) || \(row).brand || char(10) || \(row).notes || char(10)
            || ifnull((SELECT group_concat(value, ' ') FROM json_each(\(row).tags)), '')
        """
    }

    /// The day a closet item is filed under: the day it was added, in UTC.
    static func itemDate(_ row: String) -> String { "date(\(row).created_at / 1000000, 'unixepoch')" }

    /// Migration 14: journal entries and closet items join the index.
    static let journalAndItems = """
        CREATE TRIGGER journal_search_insert AFTER INSERT ON journal_entries BEGIN
            INSERT INTO search_docs (user_id, kind, ref, date) VALUES (NEW.user_id, 'journal', NEW.id, NEW.entry_date);
            INSERT INTO search_index (rowid, owner, body) VALUES (last_insert_rowid(), \(owner("NEW.user_id")), \(journalBody("NEW")));
        END;
        CREATE TRIGGER journal_search_update AFTER UPDATE ON journal_entries BEGIN
            UPDATE search_index SET body = \(journalBody("NEW"))
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'journal' AND ref = OLD.id);
            UPDATE search_docs SET date = NEW.entry_date WHERE user_id = OLD.user_id AND kind = 'journal' AND ref = OLD.id;
        END;
        CREATE TRIGGER journal_search_delete AFTER DELETE ON journal_entries BEGIN
            DELETE FROM search_index
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'journal' AND ref = OLD.id);
            DELETE FROM search_docs WHERE user_id = OLD.user_id AND kind = 'journal' AND ref = OLD.id;
        END;

        CREATE TRIGGER closet_items_search_insert AFTER INSERT ON closet_items BEGIN
            INSERT INTO search_docs (user_id, kind, ref, date) VALUES (NEW.user_id, 'item', NEW.id, \(itemDate("NEW")));
            INSERT INTO search_index (rowid, owner, body) VALUES (last_insert_rowid(), \(owner("NEW.user_id")), \(itemBody("NEW")));
        END;
        CREATE TRIGGER closet_items_search_update AFTER UPDATE ON closet_items BEGIN
            UPDATE search_index SET body = \(itemBody("NEW"))
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'item' AND ref = OLD.id);
        END;
        CREATE TRIGGER closet_items_search_delete AFTER DELETE ON closet_items BEGIN
            DELETE FROM search_index
            WHERE rowid = (SELECT id FROM search_docs WHERE user_id = OLD.user_id AND kind = 'item' AND ref = OLD.id);
            DELETE FROM search_docs WHERE user_id = OLD.user_id AND kind = 'item' AND ref = OLD.id;
        END;

        INSERT INTO search_docs (user_id, kind, ref, date) SELECT user_id, 'journal', id, entry_date FROM journal_entries;
        INSERT INTO search_index (rowid, owner, body)
            SELECT d.id, \(owner("e.user_id")), \(journalBody("e"))
            FROM journal_entries e JOIN search_docs d ON d.user_id = e.user_id AND d.kind = 'journal' AND d.ref = e.id;
        INSERT INTO search_docs (user_id, kind, ref, date) SELECT user_id, 'item', id, \(itemDate("closet_items")) FROM closet_items;
        INSERT INTO search_index (rowid, owner, body)
            SELECT d.id, \(owner("i.user_id")), \(itemBody("i"))
            FROM closet_items i JOIN search_docs d ON d.user_id = i.user_id AND d.kind = 'item' AND d.ref = i.id;
        -- Filters read by date within a user (search without words).
        CREATE INDEX search_docs_by_date ON search_docs(user_id, date DESC);
        """

    /// Migration 22: the triggers no longer write the FTS table; they list the changed documents in
    /// `search_stale`, and the commit writes them all at once (`SQLiteSearchIndex.refresh`).
    ///
    /// Why: FTS5 writes its pending words to disk as a new segment at every savepoint, and every
    /// statement whose trigger writes a virtual table runs in one. A write was therefore a segment
    /// of its own (and a share of the merges after it) even inside a group commit: the index was
    /// 25 % of saving a day and half of creating a journal entry.
    ///
    /// `search_stale` has no key: a document changed twice in one transaction is listed twice. (A
    /// trigger's `OR IGNORE` would not help: an UPSERT firing it imposes its own conflict handling.)
    static let staleDocuments = (["CREATE TABLE search_stale (id INTEGER NOT NULL);"] + sources.map(staleTriggers))
        .joined(separator: "\n")

    /// A table whose records are documents: its triggers' prefix, the kind, the column naming the
    /// record (`ref`), the day it is filed under from a row name (`NEW`), and whether an update
    /// can move it to another day.
    private struct Source: Sendable {
        var prefix: String
        var table: String
        var kind: String
        var ref: String
        var dateMoves = false
        var date: @Sendable (String) -> String
    }

    private static let sources = [
        Source(prefix: "day_entries", table: "day_entries", kind: "day", ref: "date", date: { "\($0).date" }),
        Source(
            prefix: "checkins", table: "checkins", kind: "checkin", ref: "id", dateMoves: true,
            date: { "\($0).local_date" }),
        Source(
            prefix: "journal", table: "journal_entries", kind: "journal", ref: "id", dateMoves: true,
            date: { "\($0).entry_date" }),
        Source(prefix: "closet_items", table: "closet_items", kind: "item", ref: "id", date: itemDate),
    ]

    /// The three triggers (`<prefix>_search_insert`, `_update`, `_delete`) that keep `search_docs`
    /// right for the source's table and list the changed document in `search_stale`.
    private static func staleTriggers(_ source: Source) -> String {
        let (prefix, table, kind, ref, dateMoves, date) = (
            source.prefix, source.table, source.kind, source.ref, source.dateMoves, source.date
        )
        let document = "user_id = OLD.user_id AND kind = '\(kind)' AND ref = OLD.\(ref)"
        let markStale = "INSERT INTO search_stale (id) SELECT id FROM search_docs WHERE \(document);"
        return """
            DROP TRIGGER \(prefix)_search_insert;
            DROP TRIGGER \(prefix)_search_update;
            DROP TRIGGER \(prefix)_search_delete;
            \(insertTrigger(prefix: prefix, table: table, kind: kind, ref: ref, date: date, numbersOwner: false))
            CREATE TRIGGER \(prefix)_search_update AFTER UPDATE ON \(table) BEGIN
                \(markStale)
                \(dateMoves ? "UPDATE search_docs SET date = \(date("NEW")) WHERE \(document);" : "")
            END;
            CREATE TRIGGER \(prefix)_search_delete AFTER DELETE ON \(table) BEGIN
                \(markStale)
                DELETE FROM search_docs WHERE \(document);
            END;
            """
    }

    /// The trigger (`<prefix>_search_insert`) that files a new record of `table` in `search_docs`
    /// and lists it in `search_stale`; with `numbersOwner` (migration 25, `ownedWords`) it first
    /// gives the owner a number if they have none (since migration 27 a trigger of its own does,
    /// `ownerNumberedOnce`).
    private static func insertTrigger(
        prefix: String, table: String, kind: String, ref: String, date: (String) -> String, numbersOwner: Bool
    ) -> String {
        """
        CREATE TRIGGER \(prefix)_search_insert AFTER INSERT ON \(table) BEGIN
            \(numbersOwner ? numberOwner("NEW.user_id") : "")
            INSERT INTO search_docs (user_id, kind, ref, date) VALUES (NEW.user_id, '\(kind)', NEW.\(ref), \(date("NEW")));
            INSERT INTO search_stale (id) VALUES (last_insert_rowid());
        END;
        """
    }

    /// Migration 23: each document's length in tokens beside it (`search_docs.length`), which the
    /// search passes to its rank function. FTS5 would otherwise read it from its own `docsize`
    /// table through a nested statement for every match: a sixth of a search's CPU.
    static let lengths = "ALTER TABLE search_docs ADD COLUMN length INTEGER; \(measureAll)"

    /// Every document's length (the migration's fill), as FTS5 counts it: its sizes in FTS5's own
    /// `docsize` row, summed by `search_length` (a function of the SQLiteSearchRank target).
    static let measureAll = """
        UPDATE search_docs SET length = (SELECT search_length(sz) FROM search_index_docsize WHERE id = search_docs.id)
        """

    /// The stale documents' lengths, after their FTS rows are rewritten (`rewriteStale`).
    static let measureStale = "\(measureAll) WHERE id IN (SELECT id FROM search_stale)"

    /// Migration 25: the index is tokenized by `daybook_owned` (the SQLiteSearchRank target), which
    /// indexes each word of a document as its owner's number (`search_owners`) and the word, and
    /// reads a query's words the same way (`ownerMark`): a search, prefixes included, reads only
    /// the user's own terms and postings. Each user gets a number with their first document.
    ///
    /// Why: every search term is a prefix (`"walk"*`), and FTS5 answers a prefix by merging the
    /// postings of every term that starts with it over the whole index. The owner token every
    /// query also asked for (migrations 4 to 24) cost the walk of the user's whole posting list (110
    /// of a 260 µs statement for a word in 400 of a user's 4,865 documents), and did not stop the
    /// merge: on a seed of 1,000 accounts and 200,000 public entries, a user with 210 documents
    /// waited 2.8 ms for "work" (in 144,000 documents), 8.5 ms with the rank, which counted the
    /// word's rows over every user. Both now count the user's own.
    static let ownedWords = """
        CREATE TABLE search_owners (
            user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            number INTEGER NOT NULL UNIQUE
        );
        INSERT INTO search_owners (user_id, number)
            SELECT user_id, row_number() OVER (ORDER BY user_id) FROM (SELECT DISTINCT user_id FROM search_docs);
        DROP TABLE search_index;
        CREATE VIRTUAL TABLE search_index USING fts5(body, tokenize = 'daybook_owned unicode61');
        INSERT INTO search_stale (id) SELECT id FROM search_docs;
        \(sources.map { source in
            """
            DROP TRIGGER \(source.prefix)_search_insert;
            \(insertTrigger(
                prefix: source.prefix, table: source.table, kind: source.kind, ref: source.ref, date: source.date,
                numbersOwner: true))
            """
        }.joined(separator: "\n"))
        """

    /// Gives the user (an SQL expression) a number if they have none yet. No `OR IGNORE`: an
    /// UPSERT firing the trigger would impose its own conflict handling on it.
    private static func numberOwner(_ user: String) -> String {
        """
        INSERT INTO search_owners (user_id, number)
            SELECT \(user), next.number FROM (SELECT ifnull(max(number), 0) + 1 AS number FROM search_owners) AS next
            WHERE NOT EXISTS (SELECT 1 FROM search_owners WHERE user_id = \(user));
        """
    }

    /// Migration 027: the owner is numbered by a trigger of its own (`<prefix>_search_owner`) that
    /// runs only while they have no number, instead of by a statement of every insert trigger.
    ///
    /// Why: the statement inserts into `search_owners` what it selects from it, so SQLite copied
    /// its one row into a temporary table first, on every insert of a check-in, journal entry,
    /// day or item: ~1.5 of the ~9 µs an insert of a check-in costs SQLite with its triggers.
    static let ownerNumberedOnce = sources.map { source in
        """
        DROP TRIGGER \(source.prefix)_search_insert;
        \(insertTrigger(
            prefix: source.prefix, table: source.table, kind: source.kind, ref: source.ref, date: source.date,
            numbersOwner: false))
        CREATE TRIGGER \(source.prefix)_search_owner AFTER INSERT ON \(source.table)
        WHEN NOT EXISTS (SELECT 1 FROM search_owners WHERE user_id = NEW.user_id) BEGIN
            \(numberOwner("NEW.user_id"))
        END;
        """
    }.joined(separator: "\n")

    /// What `daybook_owned` reads a text's owner from, for the user (an SQL expression): byte 1,
    /// their number in `search_owners`, byte 1. For a user without a number (who never wrote
    /// anything), the number 0, which nobody has: their search matches no word.
    static func ownerMark(_ user: String) -> String {
        "(char(1) || ifnull((SELECT number FROM search_owners WHERE user_id = \(user)), 0) || char(1))"
    }

    /// Where the user's mark goes in a query's expression, before each word
    /// (`SearchQuery.fts5Expression(eachWordAfter:)`); `ownedQuery` puts it there.
    static let markPlaceholder: Unicode.Scalar = "\u{2}"

    /// The `MATCH` argument for an expression (`?`) whose words follow `markPlaceholder`, for a
    /// user (`?`): each placeholder replaced by the user's mark.
    static let ownedQuery = "replace(?, char(\(markPlaceholder.value)), \(ownerMark("?")))"

    /// FTS5's own copy of each document (`<table>_content`, its key `id` the FTS rowid, its
    /// column `c0` the body as written, owner mark included): a search reads its page's text from
    /// it by key, where a lookup through the FTS5 table sets up a cursor per row. Shadow tables
    /// are part of the file format newer SQLite versions keep reading; `search_index_docsize`
    /// (`measureAll`) is read the same way. Only read: FTS5 writes both.
    static let content = "search_index_content"
    static let contentBody = "c0"

    /// A stored body (`contentBody`, or its start) without its owner mark: the text a snippet is
    /// cut from; its first `characters` (Unicode scalars, as SQLite and PostgreSQL count them) when
    /// given. Read from the bytes: the same in SQL (`substr` after `instr`) walked each body's
    /// characters three times, 160,000 instructions a search of 20 hits (5.6 % of its statement,
    /// callgrind).
    static func unmarked(_ body: UnsafeBufferPointer<UInt8>, characters: Int? = nil) -> String {
        var start = 0
        if body.first == 1, let end = body[1...].firstIndex(of: 1) { start = end + 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: body[start...]), as: UTF8.self)
        guard let characters else { return text }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: characters, limitedBy: scalars.endIndex)
        else { return text }
        return String(scalars[..<end])
    }

    /// The longest owner mark (`ownerMark`) in characters: byte 1, a 64-bit number's 19 digits, byte 1.
    static let longestMark = 21

    /// The stale documents that still exist (`d`), each once, read from the list first (`CROSS
    /// JOIN` keeps that order: the planner would rather scan all of `search_docs`).
    private static let staleDocs =
        "(SELECT DISTINCT id FROM search_stale) s CROSS JOIN search_docs d ON d.id = s.id"

    /// The FTS rows of the stale documents that still exist, computed from their records and
    /// marked with their owner (`ownerMark`): one statement for all four kinds, so FTS5 writes one
    /// segment for them.
    static let rewriteStale = """
        INSERT OR REPLACE INTO search_index (rowid, body)
        SELECT d.id, \(ownerMark("d.user_id")) || \(dayBody("e"))
        FROM \(staleDocs)
            CROSS JOIN day_entries e ON e.user_id = d.user_id AND e.date = d.ref
        WHERE d.kind = 'day'
        UNION ALL
        SELECT d.id, \(ownerMark("d.user_id")) || c.note
        FROM \(staleDocs)
            CROSS JOIN checkins c ON c.id = d.ref
        WHERE d.kind = 'checkin'
        UNION ALL
        SELECT d.id, \(ownerMark("d.user_id")) || \(journalBody("j"))
        FROM \(staleDocs)
            CROSS JOIN journal_entries j ON j.id = d.ref
        WHERE d.kind = 'journal'
        UNION ALL
        SELECT d.id, \(ownerMark("d.user_id")) || \(itemBody("i"))
        FROM \(staleDocs)
            CROSS JOIN closet_items i ON i.user_id = d.user_id AND i.id = d.ref
        WHERE d.kind = 'item'
        """
}
