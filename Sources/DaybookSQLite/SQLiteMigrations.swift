import DaybookCore
import Foundation
import GRDB

/// The SQLite schema, as numbered migrations. Never edit a migration that has shipped: add one.
///
/// Every table of user data carries `user_id` and its indexes lead with it, so each user's pages
/// cost O(their own data). Instants are INTEGER microseconds since 1970 (exact, sortable); local
/// dates are `YYYY-MM-DD` text; lists of ids are JSON arrays.
enum SQLiteMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("001 accounts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        id TEXT PRIMARY KEY NOT NULL,
                        email TEXT NOT NULL UNIQUE,
                        username TEXT NOT NULL,
                        username_key TEXT NOT NULL UNIQUE,
                        display_name TEXT NOT NULL DEFAULT '',
                        bio TEXT NOT NULL DEFAULT '',
                        time_zone TEXT NOT NULL,
                        avatar_media_id TEXT,
                        password_hash TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE TABLE sessions (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        token_hash TEXT NOT NULL UNIQUE,
                        kind TEXT NOT NULL,
                        persistent INTEGER NOT NULL,
                        device_name TEXT NOT NULL,
                        ip_address TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        last_seen_at INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX sessions_by_user ON sessions(user_id, last_seen_at);
                    CREATE INDEX sessions_by_expiry ON sessions(expires_at);
                    CREATE TABLE login_failures (
                        key TEXT NOT NULL,
                        at INTEGER NOT NULL
                    );
                    CREATE INDEX login_failures_by_key ON login_failures(key, at);
                    CREATE INDEX login_failures_by_time ON login_failures(at);
                    """)
        }
        migrator.registerMigration("002 days and check-ins") { db in
            try db.execute(
                sql: """
                    CREATE TABLE vocabulary (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        name TEXT NOT NULL,
                        emoji TEXT NOT NULL,
                        archived INTEGER NOT NULL DEFAULT 0,
                        position INTEGER NOT NULL,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX vocabulary_by_user ON vocabulary(user_id, kind, position);
                    CREATE TABLE people (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        name TEXT NOT NULL,
                        archived INTEGER NOT NULL DEFAULT 0,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX people_by_user ON people(user_id, name);
                    CREATE TABLE day_entries (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        date TEXT NOT NULL,
                        mood INTEGER NOT NULL,
                        activity_ids TEXT NOT NULL DEFAULT '[]',
                        note TEXT NOT NULL DEFAULT '',
                        thoughts TEXT NOT NULL DEFAULT '',
                        gratitude TEXT NOT NULL DEFAULT '[]',
                        question TEXT NOT NULL DEFAULT '',
                        answer TEXT NOT NULL DEFAULT '',
                        song_title TEXT,
                        song_artist TEXT,
                        song_link TEXT,
                        photo_id TEXT,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, date)
                    ) WITHOUT ROWID;
                    CREATE TABLE checkins (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        at INTEGER NOT NULL,
                        local_date TEXT NOT NULL,
                        time_zone TEXT NOT NULL,
                        feeling_id TEXT NOT NULL,
                        activity_id TEXT,
                        person_ids TEXT NOT NULL DEFAULT '[]',
                        note TEXT NOT NULL DEFAULT '',
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE INDEX checkins_by_user_time ON checkins(user_id, at DESC, id DESC);
                    CREATE INDEX checkins_by_user_date ON checkins(user_id, local_date);
                    """)
        }
        migrator.registerMigration("003 media") { db in
            // Photos: who owns them and where their files are (content-addressed blobs, by SHA-256).
            // A blob may serve several rows (the same photo uploaded twice): the *_key indexes
            // answer "is this blob still used?" before a file is deleted.
            try db.execute(
                sql: """
                    CREATE TABLE media (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        sha256 TEXT NOT NULL,
                        original_key TEXT NOT NULL,
                        original_format TEXT NOT NULL,
                        original_bytes INTEGER NOT NULL,
                        width INTEGER NOT NULL,
                        height INTEGER NOT NULL,
                        small_key TEXT NOT NULL,
                        small_format TEXT NOT NULL,
                        small_bytes INTEGER NOT NULL,
                        small_width INTEGER NOT NULL,
                        small_height INTEGER NOT NULL,
                        large_key TEXT NOT NULL,
                        large_format TEXT NOT NULL,
                        large_bytes INTEGER NOT NULL,
                        large_width INTEGER NOT NULL,
                        large_height INTEGER NOT NULL,
                        avatar_key TEXT,
                        avatar_format TEXT,
                        avatar_bytes INTEGER,
                        avatar_width INTEGER,
                        avatar_height INTEGER,
                        created_at INTEGER NOT NULL
                    );
                    CREATE INDEX media_by_user ON media(user_id, created_at DESC, id DESC);
                    CREATE INDEX media_by_original_key ON media(original_key);
                    CREATE INDEX media_by_small_key ON media(small_key);
                    CREATE INDEX media_by_large_key ON media(large_key);
                    CREATE INDEX media_by_avatar_key ON media(avatar_key) WHERE avatar_key IS NOT NULL;
                    """)
        }
        migrator.registerMigration("004 search") { db in
            try db.execute(sql: SQLiteSearchSchema.create)
        }
        migrator.registerMigration("005 journal") { db in
            // Entries, newest first per user; the public feed reads a partial index of public ones
            // only. Photos one row each (ordered by position), found by photo for access checks
            // and for "is this photo still used?".
            try db.execute(
                sql: """
                    CREATE TABLE journal_entries (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        title TEXT NOT NULL DEFAULT '',
                        body TEXT NOT NULL DEFAULT '',
                        tags TEXT NOT NULL DEFAULT '[]',
                        location TEXT NOT NULL DEFAULT '',
                        is_public INTEGER NOT NULL DEFAULT 0,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE INDEX journal_by_user ON journal_entries(user_id, created_at DESC, id DESC);
                    CREATE INDEX journal_public ON journal_entries(created_at DESC, id DESC) WHERE is_public = 1;
                    CREATE INDEX journal_public_by_user ON journal_entries(user_id) WHERE is_public = 1;
                    CREATE TABLE journal_photos (
                        entry_id TEXT NOT NULL REFERENCES journal_entries(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        media_id TEXT NOT NULL,
                        user_id TEXT NOT NULL,
                        PRIMARY KEY (entry_id, position)
                    ) WITHOUT ROWID;
                    CREATE INDEX journal_photos_by_media ON journal_photos(user_id, media_id);
                    """)
        }
        migrator.registerMigration("006 hardening") { db in
            // Attempts are counted before the password is checked and released when it was right.
            try db.execute(
                sql: """
                    ALTER TABLE login_failures ADD COLUMN attempt TEXT;
                    CREATE INDEX login_failures_by_attempt ON login_failures(attempt);
                    """)
        }
        migrator.registerMigration("007 two-factor") { db in
            // One authenticator secret per user; recovery codes and log-ins waiting for their code
            // are kept as hashes only.
            try db.execute(
                sql: """
                    CREATE TABLE two_factor (
                        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        secret TEXT NOT NULL,
                        enabled INTEGER NOT NULL DEFAULT 0,
                        last_step INTEGER NOT NULL DEFAULT 0,
                        created_at INTEGER NOT NULL
                    );
                    CREATE TABLE recovery_codes (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        code_hash TEXT NOT NULL,
                        PRIMARY KEY (user_id, code_hash)
                    ) WITHOUT ROWID;
                    CREATE TABLE login_challenges (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        persistent INTEGER NOT NULL,
                        expires_at INTEGER NOT NULL
                    );
                    CREATE INDEX login_challenges_by_expiry ON login_challenges(expires_at);
                    """)
        }
        migrator.registerMigration("008 notifications and reminders") { db in
            // Inboxes, newest first per user; reminder settings with each user's next due
            // reminder, which the scheduler finds by time.
            try db.execute(
                sql: """
                    CREATE TABLE notifications (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        link TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        read_at INTEGER
                    );
                    CREATE INDEX notifications_by_user ON notifications(user_id, created_at DESC, id DESC);
                    CREATE INDEX notifications_unread ON notifications(user_id) WHERE read_at IS NULL;
                    CREATE INDEX notifications_by_time ON notifications(created_at);
                    CREATE TABLE reminder_settings (
                        user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        waking_start INTEGER NOT NULL,
                        waking_end INTEGER NOT NULL,
                        checkin_reminders INTEGER NOT NULL,
                        daily_reminder INTEGER,
                        weekdays TEXT NOT NULL,
                        skip_minutes INTEGER NOT NULL,
                        next_at INTEGER,
                        next_kind TEXT
                    );
                    CREATE INDEX reminders_due ON reminder_settings(next_at) WHERE next_at IS NOT NULL;
                    """)
        }
        migrator.registerMigration("009 web push") { db in
            // One VAPID key for every app server; devices per user; the outbox of pushes not yet
            // accepted by a push service (deleted once they are).
            try db.execute(
                sql: """
                    CREATE TABLE push_keys (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        private_key BLOB NOT NULL
                    );
                    CREATE TABLE push_subscriptions (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        endpoint TEXT NOT NULL,
                        p256dh BLOB NOT NULL,
                        auth BLOB NOT NULL,
                        device_name TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        kind TEXT NOT NULL DEFAULT 'webpush',
                        UNIQUE (user_id, endpoint)
                    );
                    CREATE TABLE push_outbox (
                        id TEXT PRIMARY KEY NOT NULL,
                        subscription_id TEXT NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        notification_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,
                        link TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        due_at INTEGER NOT NULL,
                        lease_until INTEGER,
                        attempts INTEGER NOT NULL DEFAULT 0
                    );
                    CREATE INDEX push_outbox_due ON push_outbox(due_at);
                    CREATE INDEX push_outbox_by_subscription ON push_outbox(subscription_id);
                    """)
        }
        migrator.registerMigration("010 closet") { db in
            // Categories, items, outfits and the outfit calendar. Every reference between them
            // carries the user's id, so that it cannot reach another user's rows. A calendar day
            // keeps its own items: editing an outfit later does not rewrite what was worn.
            try db.execute(
                sql: """
                    CREATE TABLE closet_categories (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (user_id, id),
                        UNIQUE (user_id, name_key)
                    ) WITHOUT ROWID;
                    CREATE TABLE closet_items (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        category_id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        tags TEXT NOT NULL DEFAULT '[]',
                        colors TEXT NOT NULL DEFAULT '[]',
                        photo_id TEXT,
                        brand TEXT NOT NULL DEFAULT '',
                        size TEXT NOT NULL DEFAULT '',
                        season TEXT NOT NULL DEFAULT '',
                        purchase_date TEXT,
                        price_cents INTEGER,
                        notes TEXT NOT NULL DEFAULT '',
                        search_text TEXT NOT NULL DEFAULT '',
                        archived_reason TEXT,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, id),
                        FOREIGN KEY (user_id, category_id) REFERENCES closet_categories (user_id, id)
                    );
                    CREATE INDEX closet_items_by_user ON closet_items(user_id, created_at DESC, id DESC);
                    CREATE INDEX closet_items_by_category ON closet_items(user_id, category_id);
                    CREATE INDEX closet_items_in_closet ON closet_items(user_id, category_id) WHERE archived_reason IS NULL;
                    CREATE INDEX closet_items_by_photo ON closet_items(user_id, photo_id) WHERE photo_id IS NOT NULL;
                    CREATE TABLE outfits (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        photo_id TEXT,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, id)
                    );
                    CREATE INDEX outfits_by_user ON outfits(user_id, created_at DESC, id DESC);
                    CREATE INDEX outfits_by_photo ON outfits(user_id, photo_id) WHERE photo_id IS NOT NULL;
                    CREATE TABLE outfit_items (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        outfit_id TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        item_id TEXT NOT NULL,
                        PRIMARY KEY (user_id, outfit_id, position),
                        FOREIGN KEY (user_id, outfit_id) REFERENCES outfits (user_id, id) ON DELETE CASCADE,
                        FOREIGN KEY (user_id, item_id) REFERENCES closet_items (user_id, id) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    CREATE INDEX outfit_items_by_item ON outfit_items(user_id, item_id);
                    CREATE TABLE outfit_days (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        date TEXT NOT NULL,
                        status TEXT NOT NULL,
                        outfit_id TEXT,
                        note TEXT NOT NULL DEFAULT '',
                        updated_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, date)
                    ) WITHOUT ROWID;
                    CREATE INDEX outfit_days_by_outfit ON outfit_days(user_id, outfit_id) WHERE outfit_id IS NOT NULL;
                    CREATE TABLE outfit_day_items (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        date TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        item_id TEXT NOT NULL,
                        PRIMARY KEY (user_id, date, position),
                        FOREIGN KEY (user_id, date) REFERENCES outfit_days (user_id, date) ON DELETE CASCADE,
                        FOREIGN KEY (user_id, item_id) REFERENCES closet_items (user_id, id) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    CREATE INDEX outfit_day_items_by_item ON outfit_day_items(user_id, item_id, date);
                    """)
        }
        migrator.registerMigration("011 friends") { db in
            // One row per side of a pair: the user's own lists are reads of their own rows.
            try db.execute(
                sql: """
                    CREATE TABLE friend_links (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        other_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        state TEXT NOT NULL,
                        since INTEGER NOT NULL,
                        PRIMARY KEY (user_id, other_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE blocks (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        blocked_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        created_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, blocked_id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("012 shares") { db in
            // A row per thing and friend; the friend's list reads `shares_received`.
            try db.execute(
                sql: """
                    CREATE TABLE shares (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        recipient_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        target_id TEXT NOT NULL,
                        message TEXT NOT NULL DEFAULT '',
                        created_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, id)
                    );
                    CREATE INDEX shares_sent ON shares(user_id, created_at DESC);
                    CREATE INDEX shares_received ON shares(recipient_id, created_at DESC);
                    CREATE INDEX shares_by_target ON shares(user_id, recipient_id, target_id);
                    """)
        }
        migrator.registerMigration("013 requests, reactions, friends-only entries") { db in
            // A pending request's id is on both of its rows; a share is found by id by either of
            // its two people (the sharer through the primary key); the friends feed reads
            // `journal_seen_by_friends`.
            try db.execute(
                sql: """
                    ALTER TABLE friend_links ADD COLUMN request_id TEXT;
                    CREATE INDEX friend_links_by_request ON friend_links(user_id, request_id) WHERE request_id IS NOT NULL;
                    ALTER TABLE shares ADD COLUMN reaction TEXT;
                    CREATE INDEX shares_received_by_id ON shares(recipient_id, id);
                    ALTER TABLE journal_entries ADD COLUMN friends_only INTEGER NOT NULL DEFAULT 0;
                    CREATE INDEX journal_seen_by_friends ON journal_entries(user_id, created_at DESC, id DESC)
                        WHERE is_public = 1 OR friends_only = 1;
                    """)
        }
        migrator.registerMigration("014 journal dates, places, search everything") { db in
            // The day an entry is about (written before this: the day it was written, in the
            // writer's time zone), coordinates, and journal entries and closet items in the search
            // index beside days and check-ins.
            try db.execute(
                sql: """
                    ALTER TABLE journal_entries ADD COLUMN entry_date TEXT NOT NULL DEFAULT '';
                    ALTER TABLE journal_entries ADD COLUMN latitude REAL;
                    ALTER TABLE journal_entries ADD COLUMN longitude REAL;
                    """)
            let written = try Row.fetchAll(
                db,
                sql: "SELECT e.id, e.created_at, u.time_zone FROM journal_entries e JOIN users u ON u.id = e.user_id")
            for row in written {
                let zone = TimeZone(identifier: row[2] as String) ?? .gmt
                let date = LocalDate(Date(microsecondsSince1970: row[1]), in: zone)
                try db.execute(
                    sql: "UPDATE journal_entries SET entry_date = ? WHERE id = ?",
                    arguments: [date.description, row[0]])
            }
            try db.execute(
                sql: """
                    CREATE INDEX journal_by_user_date ON journal_entries(user_id, entry_date);
                    \(SQLiteSearchSchema.journalAndItems)
                    """)
        }
        migrator.registerMigration("015 insights") { db in
            // The day a user's weeks start on (ISO, 1 = Monday), and each check-in's local hour (SQLite
            // knows no time zones), so check-in patterns are a GROUP BY over an index.
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN week_start INTEGER NOT NULL DEFAULT 1;
                    ALTER TABLE checkins ADD COLUMN local_hour INTEGER NOT NULL DEFAULT 0;
                    """)
            let made = try Row.fetchAll(db, sql: "SELECT id, at, time_zone FROM checkins")
            var calendar = Calendar(identifier: .gregorian)
            for row in made {
                calendar.timeZone = TimeZone(identifier: row[2] as String) ?? .gmt
                let hour = calendar.component(.hour, from: Date(microsecondsSince1970: row[1]))
                try db.execute(sql: "UPDATE checkins SET local_hour = ? WHERE id = ?", arguments: [hour, row[0]])
            }
            try db.execute(
                sql: "CREATE INDEX checkins_for_patterns ON checkins(user_id, local_date, feeling_id, local_hour)")
        }
        migrator.registerMigration("016 idempotency keys") { db in
            // The first answer to each create sent with an Idempotency-Key (status NULL while it runs).
            try db.execute(
                sql: """
                    CREATE TABLE idempotency_keys (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        key TEXT NOT NULL,
                        request_hash TEXT NOT NULL,
                        status INTEGER,
                        content_type TEXT,
                        location TEXT,
                        body BLOB,
                        created_at INTEGER NOT NULL,
                        PRIMARY KEY (user_id, key)
                    ) WITHOUT ROWID;
                    CREATE INDEX idempotency_keys_by_time ON idempotency_keys(created_at);
                    """)
        }
        migrator.registerMigration("017 insight rollups") { db in
            // Issue 16's long ranges: the sums of each whole month ('YYYY-MM') and year ('YYYY') (see
            // `InsightSums.rows`), made when first asked for and forgotten by these triggers when a
            // day entry or check-in of the period changes (every way of writing them, deletes too).
            try db.execute(
                sql: """
                    CREATE TABLE insight_rollups (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        period TEXT NOT NULL,
                        a TEXT NOT NULL,
                        b TEXT NOT NULL,
                        slot INTEGER NOT NULL,
                        days INTEGER NOT NULL,
                        mood_sum INTEGER NOT NULL,
                        PRIMARY KEY (user_id, kind, period, a, b, slot)
                    ) WITHOUT ROWID;
                    CREATE INDEX insight_rollups_by_period ON insight_rollups(user_id, period);
                    CREATE TRIGGER day_entries_forget_insights_insert AFTER INSERT ON day_entries BEGIN
                        DELETE FROM insight_rollups WHERE user_id = NEW.user_id AND period IN (substr(NEW.date, 1, 7), substr(NEW.date, 1, 4));
                    END;
                    CREATE TRIGGER day_entries_forget_insights_update AFTER UPDATE ON day_entries BEGIN
                        DELETE FROM insight_rollups WHERE user_id = OLD.user_id
                            AND period IN (substr(OLD.date, 1, 7), substr(OLD.date, 1, 4), substr(NEW.date, 1, 7), substr(NEW.date, 1, 4));
                    END;
                    CREATE TRIGGER day_entries_forget_insights_delete AFTER DELETE ON day_entries BEGIN
                        DELETE FROM insight_rollups WHERE user_id = OLD.user_id AND period IN (substr(OLD.date, 1, 7), substr(OLD.date, 1, 4));
                    END;
                    CREATE TRIGGER checkins_forget_insights_insert AFTER INSERT ON checkins BEGIN
                        DELETE FROM insight_rollups WHERE user_id = NEW.user_id AND period IN (substr(NEW.local_date, 1, 7), substr(NEW.local_date, 1, 4));
                    END;
                    CREATE TRIGGER checkins_forget_insights_update AFTER UPDATE ON checkins BEGIN
                        DELETE FROM insight_rollups WHERE user_id = OLD.user_id
                            AND period IN (substr(OLD.local_date, 1, 7), substr(OLD.local_date, 1, 4), substr(NEW.local_date, 1, 7), substr(NEW.local_date, 1, 4));
                    END;
                    CREATE TRIGGER checkins_forget_insights_delete AFTER DELETE ON checkins BEGIN
                        DELETE FROM insight_rollups WHERE user_id = OLD.user_id AND period IN (substr(OLD.local_date, 1, 7), substr(OLD.local_date, 1, 4));
                    END;
                    """)
        }
        migrator.registerMigration("018 exports and imports") { db in
            // Issue 18: exports and imports with their progress, and the marks of imported records
            // (a record whose mark is kept is not imported again).
            try db.execute(
                sql: """
                    CREATE TABLE transfer_jobs (
                        id TEXT PRIMARY KEY NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL,
                        format TEXT NOT NULL,
                        status TEXT NOT NULL,
                        done INTEGER NOT NULL,
                        total INTEGER NOT NULL,
                        file_name TEXT NOT NULL,
                        bytes INTEGER NOT NULL,
                        preview BLOB,
                        result BLOB,
                        error TEXT,
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL
                    );
                    CREATE INDEX transfer_jobs_by_user ON transfer_jobs(user_id, kind, created_at);
                    CREATE INDEX transfer_jobs_by_time ON transfer_jobs(updated_at);
                    CREATE TABLE import_marks (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        mark TEXT NOT NULL,
                        PRIMARY KEY (user_id, mark)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("019 insight rollups keep the days of each month") { db in
            // Issue 16: the streaks read each month's days from the rollups. A month rolled up
            // before has no such rows but counts as kept; the rollups are a cache, so all go and
            // are made again when next asked for.
            try db.execute(sql: "DELETE FROM insight_rollups")
        }
        migrator.registerMigration("020 insight rollups of runs of months") { db in
            // Issue 16: a range's whole months are one rollup (`InsightPeriod.months`); a change in
            // month M also forgets the runs that hold M.
            for (table, column) in SQLiteInsightRollupTriggers.sources {
                try db.execute(sql: SQLiteInsightRollupTriggers.replacing(table, datedBy: column, guarded: false))
            }
        }
        migrator.registerMigration("021 closet tags indexed") { db in
            // Issue 14: a tag search read every item of the closet and looked into its tags,
            // colours and season (170 µs of SQLite for 500 items). Each item's tags, colours and
            // season are one row each here, kept by the triggers (and ON DELETE CASCADE), so a
            // search reads the matching items only.
            let tagsOf = """
                SELECT NEW.user_id, value, NEW.id FROM json_each(NEW.tags)
                UNION SELECT NEW.user_id, value, NEW.id FROM json_each(NEW.colors)
                UNION SELECT NEW.user_id, NEW.season, NEW.id WHERE NEW.season <> ''
                """
            try db.execute(
                sql: """
                    CREATE TABLE closet_item_tags (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        item_id TEXT NOT NULL,
                        tag TEXT NOT NULL,
                        PRIMARY KEY (user_id, item_id, tag),
                        FOREIGN KEY (user_id, item_id) REFERENCES closet_items (user_id, id) ON DELETE CASCADE
                    ) WITHOUT ROWID;
                    CREATE INDEX closet_item_tags_by_tag ON closet_item_tags(user_id, tag, item_id);
                    CREATE TRIGGER closet_item_tags_insert AFTER INSERT ON closet_items BEGIN
                        INSERT INTO closet_item_tags (user_id, tag, item_id) \(tagsOf);
                    END;
                    CREATE TRIGGER closet_item_tags_update AFTER UPDATE OF tags, colors, season ON closet_items BEGIN
                        DELETE FROM closet_item_tags WHERE user_id = OLD.user_id AND item_id = OLD.id;
                        INSERT INTO closet_item_tags (user_id, tag, item_id) \(tagsOf);
                    END;
                    INSERT INTO closet_item_tags (user_id, tag, item_id)
                    SELECT i.user_id, value, i.id FROM closet_items i, json_each(i.tags)
                    UNION SELECT i.user_id, value, i.id FROM closet_items i, json_each(i.colors)
                    UNION SELECT user_id, season, id FROM closet_items WHERE season <> '';
                    """)
        }
        migrator.registerMigration("022 search index written once per commit") { db in
            try db.execute(sql: SQLiteSearchSchema.staleDocuments)
        }
        migrator.registerMigration("023 search lengths beside the documents") { db in
            try db.execute(sql: SQLiteSearchSchema.lengths)
        }
        migrator.registerMigration("024 one index of check-ins by date") { db in
            // `checkins_for_patterns` (user, date, feeling, hour) begins with the same two columns,
            // so it serves every read by date; the narrower index cost each insert another entry
            // (~7 % of a check-in's insert in SQLite, measured in a loop of grouped inserts).
            try db.execute(sql: "DROP INDEX checkins_by_user_date")
        }
        migrator.registerMigration("025 search words owned by their writer") { db in
            try db.execute(sql: SQLiteSearchSchema.ownedWords)
            try SQLiteSearchIndex.refresh(db)  // writes the new index from the records
        }
        migrator.registerMigration("026 insight rollups forgotten only when there are some") { db in
            for (table, column) in SQLiteInsightRollupTriggers.sources {
                try db.execute(sql: SQLiteInsightRollupTriggers.replacing(table, datedBy: column, guarded: true))
            }
        }
        migrator.registerMigration("027 search owners numbered once") { db in
            try db.execute(sql: SQLiteSearchSchema.ownerNumberedOnce)
        }
        return migrator
    }
}
