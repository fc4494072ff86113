import DaybookCore
import DaybookStorage
import Foundation
import GRDB

/// The search index on SQLite: an FTS5 table (`search_index`) with a row per day entry and per
/// check-in that has words, and `search_docs` saying which record each FTS row is. Triggers on
/// `day_entries` and `checkins` keep both right on every insert, update and delete, cascades
/// included.
///
/// Each row's `owner` column holds one token naming its user (`u` and the id's hex digits), and
/// every query asks for it: FTS5 then intersects the user's posting list with the terms', so a
/// search costs the user's own matches, not everyone's.
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
}

struct SQLiteSearchStore: SearchStore {
    let pool: DatabasePool

    func search(userID: UUID, query: SearchQuery, limit: Int, offset: Int) async throws -> [SearchHit] {
        let owner = "u" + Stored.id(userID).replacingOccurrences(of: "-", with: "")
        // bm25 is lower for better matches; the owner column weighs nothing.
        let match = "owner:\"\(owner)\" AND body:(\(query.fts5Expression))"
        return try pool.readInline { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT d.kind, d.ref, d.date,
                            snippet(search_index, 1, char(57344), char(57345), '…', 16) AS snippet,
                            bm25(search_index, 0.0, 1.0) AS score
                        FROM search_index JOIN search_docs d ON d.id = search_index.rowid
                        WHERE search_index MATCH ?
                        ORDER BY score, d.date DESC, d.kind, d.ref
                        LIMIT ? OFFSET ?
                        """),
                arguments: [match, limit, offset]
            ).compactMap { row -> SearchHit? in
                guard let kind = SearchHit.Kind(rawValue: row["kind"]), let date = LocalDate(row["date"] as String)
                else { return nil }
                return SearchHit(
                    kind: kind, date: date, checkinID: kind == .checkin ? UUID(uuidString: row["ref"]) : nil,
                    snippet: row["snippet"], rank: -(row["score"] as Double))
            }
        }
    }
}
