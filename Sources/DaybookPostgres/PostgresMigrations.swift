import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL schema, as numbered migrations. Never edit a migration that has shipped: add one.
///
/// Each migration runs in its own transaction that first takes a transaction-scoped advisory lock,
/// so several app servers starting at once apply each migration exactly once: the others wait,
/// then see it recorded in `schema_migrations` and skip it.
///
/// Layout for scale: every table of user data carries `user_id`, its primary key and indexes lead
/// with it, and it cascades from `users`. Each user's pages then cost O(their own data), and the
/// tables can be distributed by `user_id` (Citus) and co-located. Native types throughout: `uuid`,
/// `timestamptz` (microseconds, like SQLite's integers), `date` for local dates, `uuid[]`/`text[]`
/// for ordered lists, `boolean`.
///
/// Text that pages sort by is ordered `COLLATE "C"` (byte order), which is SQLite's order, so both
/// stores list things the same way whatever the database's locale.
enum PostgresMigrations {
    struct Migration: Sendable {
        let version: Int
        let name: String
        /// One statement each: the extended query protocol takes one at a time.
        let statements: [String]
    }

    /// Any constant: the key of the advisory lock migrations hold.
    static let lockKey: Int64 = 0x6461_7962_6F6F_6B31  // "dayboök1"

    static let all: [Migration] = [
        Migration(
            version: 1, name: "accounts",
            statements: [
                """
                CREATE TABLE users (
                    id uuid PRIMARY KEY,
                    email text NOT NULL,
                    username text NOT NULL,
                    username_key text NOT NULL,
                    display_name text NOT NULL DEFAULT '',
                    bio text NOT NULL DEFAULT '',
                    time_zone text NOT NULL,
                    avatar_media_id uuid,
                    password_hash text NOT NULL,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    CONSTRAINT users_email_unique UNIQUE (email),
                    CONSTRAINT users_username_unique UNIQUE (username_key)
                )
                """,
                "CREATE INDEX users_by_creation ON users (created_at, id)",
                """
                CREATE TABLE sessions (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    token_hash text NOT NULL,
                    kind text NOT NULL,
                    persistent boolean NOT NULL,
                    device_name text NOT NULL,
                    ip_address text NOT NULL,
                    created_at timestamptz NOT NULL,
                    last_seen_at timestamptz NOT NULL,
                    expires_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                // Every request finds its session by the token's hash; `touch` by id alone.
                "CREATE UNIQUE INDEX sessions_by_token ON sessions (token_hash)",
                "CREATE INDEX sessions_by_id ON sessions (id)",
                "CREATE INDEX sessions_by_user ON sessions (user_id, last_seen_at DESC)",
                "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
                // Keyed by account or address, not by user: an unknown account fails logins too.
                """
                CREATE TABLE login_failures (
                    key text NOT NULL,
                    at timestamptz NOT NULL
                )
                """,
                "CREATE INDEX login_failures_by_key ON login_failures (key, at)",
                "CREATE INDEX login_failures_by_time ON login_failures (at)",
            ]),
        Migration(
            version: 2, name: "days and check-ins",
            statements: [
                """
                CREATE TABLE vocabulary (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    kind text NOT NULL,
                    name text NOT NULL,
                    emoji text NOT NULL,
                    archived boolean NOT NULL DEFAULT false,
                    position integer NOT NULL,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX vocabulary_by_user ON vocabulary (user_id, kind, position)",
                """
                CREATE TABLE people (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    name text NOT NULL,
                    archived boolean NOT NULL DEFAULT false,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX people_by_user ON people (user_id, name)",
                """
                CREATE TABLE day_entries (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    date date NOT NULL,
                    mood integer NOT NULL,
                    activity_ids uuid[] NOT NULL DEFAULT '{}',
                    note text NOT NULL DEFAULT '',
                    thoughts text NOT NULL DEFAULT '',
                    gratitude text[] NOT NULL DEFAULT '{}',
                    question text NOT NULL DEFAULT '',
                    answer text NOT NULL DEFAULT '',
                    song_title text,
                    song_artist text,
                    song_link text,
                    photo_id uuid,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, date)
                )
                """,
                """
                CREATE TABLE checkins (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    at timestamptz NOT NULL,
                    local_date date NOT NULL,
                    time_zone text NOT NULL,
                    feeling_id uuid NOT NULL,
                    activity_id uuid,
                    person_ids uuid[] NOT NULL DEFAULT '{}',
                    note text NOT NULL DEFAULT '',
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX checkins_by_user_time ON checkins (user_id, at DESC, id DESC)",
                "CREATE INDEX checkins_by_user_date ON checkins (user_id, local_date)",
            ]),
        Migration(
            version: 3, name: "media",
            statements: [
                // Photos: who owns them and where their files are (content-addressed blobs, by
                // SHA-256). A blob may serve several rows (the same photo uploaded twice): the
                // *_key indexes answer "is this blob still used?" before a file is deleted.
                """
                CREATE TABLE media (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    kind text NOT NULL,
                    sha256 text NOT NULL,
                    original_key text NOT NULL,
                    original_format text NOT NULL,
                    original_bytes integer NOT NULL,
                    width integer NOT NULL,
                    height integer NOT NULL,
                    small_key text NOT NULL,
                    small_format text NOT NULL,
                    small_bytes integer NOT NULL,
                    small_width integer NOT NULL,
                    small_height integer NOT NULL,
                    large_key text NOT NULL,
                    large_format text NOT NULL,
                    large_bytes integer NOT NULL,
                    large_width integer NOT NULL,
                    large_height integer NOT NULL,
                    avatar_key text,
                    avatar_format text,
                    avatar_bytes integer,
                    avatar_width integer,
                    avatar_height integer,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                // `/media/{id}/…` finds a photo by id alone (its owner is checked after).
                "CREATE INDEX media_by_id ON media (id)",
                "CREATE INDEX media_by_user ON media (user_id, created_at DESC, id DESC)",
                "CREATE INDEX media_by_original_key ON media (original_key)",
                "CREATE INDEX media_by_small_key ON media (small_key)",
                "CREATE INDEX media_by_large_key ON media (large_key)",
                "CREATE INDEX media_by_avatar_key ON media (avatar_key) WHERE avatar_key IS NOT NULL",
            ]),
        Migration(
            version: 4, name: "search",
            statements: [
                // Lets a GIN index lead with `user_id` like every other index, so a search reads
                // only the user's own postings. A trusted extension (PostgreSQL 13+): the
                // database's owner may create it; it ships with PostgreSQL (contrib).
                "CREATE EXTENSION IF NOT EXISTS btree_gin",
                // A day entry's searchable words, one part per line; the same text SQLite indexes.
                """
                CREATE FUNCTION daybook_day_text(
                    note text, thoughts text, gratitude text[], answer text, song_title text, song_artist text
                ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                    SELECT note || E'\n' || thoughts || E'\n' || array_to_string(gratitude, E'\n') || E'\n'
                        || answer || E'\n' || coalesce(song_title, '') || E'\n' || coalesce(song_artist, '')
                $$
                """,
                // `simple`: no stemming and no stop words, like SQLite's FTS5 `unicode61`, so both
                // find the same things.
                """
                ALTER TABLE day_entries ADD COLUMN search tsvector GENERATED ALWAYS AS (
                    to_tsvector('simple'::regconfig,
                        daybook_day_text(note, thoughts, gratitude, answer, song_title, song_artist))
                ) STORED
                """,
                "CREATE INDEX day_entries_search ON day_entries USING gin (user_id, search)",
                """
                ALTER TABLE checkins ADD COLUMN search tsvector
                    GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, note)) STORED
                """,
                "CREATE INDEX checkins_search ON checkins USING gin (user_id, search)",
            ]),
        Migration(
            version: 5, name: "journal",
            statements: [
                """
                CREATE TABLE journal_entries (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    title text NOT NULL DEFAULT '',
                    body text NOT NULL DEFAULT '',
                    tags text[] NOT NULL DEFAULT '{}',
                    location text NOT NULL DEFAULT '',
                    is_public boolean NOT NULL DEFAULT false,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                // A public entry is opened by id alone.
                "CREATE INDEX journal_by_id ON journal_entries (id)",
                "CREATE INDEX journal_by_user ON journal_entries (user_id, created_at DESC, id DESC)",
                // The public feed reads only public entries, newest first, whoever wrote them.
                "CREATE INDEX journal_public ON journal_entries (created_at DESC, id DESC) WHERE is_public",
                // "Has this user any public entry?" (their profile picture is then shown beside it).
                "CREATE INDEX journal_public_by_user ON journal_entries (user_id) WHERE is_public",
                // Filtering by tag stays within the user's own entries (btree_gin, migration 4).
                "CREATE INDEX journal_tags ON journal_entries USING gin (user_id, tags)",
                """
                CREATE TABLE journal_photos (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    entry_id uuid NOT NULL,
                    position integer NOT NULL,
                    media_id uuid NOT NULL,
                    PRIMARY KEY (user_id, entry_id, position),
                    FOREIGN KEY (user_id, entry_id) REFERENCES journal_entries (user_id, id) ON DELETE CASCADE
                )
                """,
                // "Which entries show this photo?": may a stranger see it, may it be deleted.
                "CREATE INDEX journal_photos_by_media ON journal_photos (user_id, media_id)",
            ]),
        Migration(
            version: 6, name: "hardening",
            statements: [
                // Attempts are counted before the password is checked and released when it was right.
                "ALTER TABLE login_failures ADD COLUMN attempt uuid",
                "CREATE INDEX login_failures_by_attempt ON login_failures (attempt)",
            ]),
        Migration(
            version: 7, name: "two-factor",
            statements: [
                // One authenticator secret per user; recovery codes and log-ins waiting for their
                // code are kept as hashes only.
                """
                CREATE TABLE two_factor (
                    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    secret text NOT NULL,
                    enabled boolean NOT NULL DEFAULT false,
                    last_step bigint NOT NULL DEFAULT 0,
                    created_at timestamptz NOT NULL
                )
                """,
                """
                CREATE TABLE recovery_codes (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    code_hash text NOT NULL,
                    PRIMARY KEY (user_id, code_hash)
                )
                """,
                """
                CREATE TABLE login_challenges (
                    token_hash text PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    kind text NOT NULL,
                    persistent boolean NOT NULL,
                    expires_at timestamptz NOT NULL
                )
                """,
                "CREATE INDEX login_challenges_by_expiry ON login_challenges (expires_at)",
            ]),
        Migration(
            version: 8, name: "notifications and reminders",
            statements: [
                """
                CREATE TABLE notifications (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    kind text NOT NULL,
                    text text NOT NULL,
                    link text NOT NULL,
                    created_at timestamptz NOT NULL,
                    read_at timestamptz,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC, id DESC)",
                "CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL",
                // Pruning old notifications sweeps by time, everyone's at once.
                "CREATE INDEX notifications_by_time ON notifications (created_at)",
                """
                CREATE TABLE reminder_settings (
                    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    waking_start integer NOT NULL,
                    waking_end integer NOT NULL,
                    checkin_reminders boolean NOT NULL,
                    daily_reminder integer,
                    weekdays text NOT NULL,
                    skip_minutes integer NOT NULL,
                    next_at timestamptz,
                    next_kind text
                )
                """,
                // The scheduler looks for everyone's due reminders by time.
                "CREATE INDEX reminders_due ON reminder_settings (next_at) WHERE next_at IS NOT NULL",
            ]),
        Migration(
            version: 9, name: "web push",
            statements: [
                // One VAPID key for every app server (keys as base64 text).
                "CREATE TABLE push_keys (id integer PRIMARY KEY CHECK (id = 1), private_key text NOT NULL)",
                """
                CREATE TABLE push_subscriptions (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL UNIQUE,
                    endpoint text NOT NULL,
                    p256dh text NOT NULL,
                    auth text NOT NULL,
                    device_name text NOT NULL,
                    created_at timestamptz NOT NULL,
                    kind text NOT NULL DEFAULT 'webpush',
                    PRIMARY KEY (user_id, endpoint)
                )
                """,
                """
                CREATE TABLE push_outbox (
                    id uuid PRIMARY KEY,
                    subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    notification_id uuid NOT NULL,
                    kind text NOT NULL,
                    text text NOT NULL,
                    link text NOT NULL,
                    created_at timestamptz NOT NULL,
                    due_at timestamptz NOT NULL,
                    lease_until timestamptz,
                    attempts integer NOT NULL DEFAULT 0
                )
                """,
                // The drainer looks for everyone's due pushes by time.
                "CREATE INDEX push_outbox_due ON push_outbox (due_at)",
                "CREATE INDEX push_outbox_by_subscription ON push_outbox (subscription_id)",
                "CREATE INDEX push_outbox_by_user ON push_outbox (user_id)",
            ]),
        Migration(
            version: 10, name: "closet",
            statements: [
                // Every reference between closet tables carries the user's id, so that it cannot
                // reach another user's rows. A calendar day keeps its own items.
                """
                CREATE TABLE closet_categories (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    name text NOT NULL,
                    name_key text NOT NULL,
                    position integer NOT NULL,
                    PRIMARY KEY (user_id, id),
                    CONSTRAINT closet_categories_name_unique UNIQUE (user_id, name_key)
                )
                """,
                """
                CREATE TABLE closet_items (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    category_id uuid NOT NULL,
                    name text NOT NULL,
                    tags text[] NOT NULL DEFAULT '{}',
                    colors text[] NOT NULL DEFAULT '{}',
                    photo_id uuid,
                    brand text NOT NULL DEFAULT '',
                    size text NOT NULL DEFAULT '',
                    season text NOT NULL DEFAULT '',
                    purchase_date date,
                    price_cents bigint,
                    notes text NOT NULL DEFAULT '',
                    search_text text NOT NULL DEFAULT '',
                    archived_reason text,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id),
                    FOREIGN KEY (user_id, category_id) REFERENCES closet_categories (user_id, id)
                )
                """,
                "CREATE INDEX closet_items_by_user ON closet_items (user_id, created_at DESC, id DESC)",
                "CREATE INDEX closet_items_by_category ON closet_items (user_id, category_id)",
                // The closet's category counts leave archived items out.
                "CREATE INDEX closet_items_in_closet ON closet_items (user_id, category_id) WHERE archived_reason IS NULL",
                "CREATE INDEX closet_items_by_photo ON closet_items (user_id, photo_id) WHERE photo_id IS NOT NULL",
                """
                CREATE TABLE outfits (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    name text NOT NULL,
                    photo_id uuid,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX outfits_by_user ON outfits (user_id, created_at DESC, id DESC)",
                "CREATE INDEX outfits_by_photo ON outfits (user_id, photo_id) WHERE photo_id IS NOT NULL",
                """
                CREATE TABLE outfit_items (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    outfit_id uuid NOT NULL,
                    position integer NOT NULL,
                    item_id uuid NOT NULL,
                    PRIMARY KEY (user_id, outfit_id, position),
                    FOREIGN KEY (user_id, outfit_id) REFERENCES outfits (user_id, id) ON DELETE CASCADE,
                    FOREIGN KEY (user_id, item_id) REFERENCES closet_items (user_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX outfit_items_by_item ON outfit_items (user_id, item_id)",
                """
                CREATE TABLE outfit_days (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    date date NOT NULL,
                    status text NOT NULL,
                    outfit_id uuid,
                    note text NOT NULL DEFAULT '',
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, date)
                )
                """,
                "CREATE INDEX outfit_days_by_outfit ON outfit_days (user_id, outfit_id) WHERE outfit_id IS NOT NULL",
                """
                CREATE TABLE outfit_day_items (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    date date NOT NULL,
                    position integer NOT NULL,
                    item_id uuid NOT NULL,
                    PRIMARY KEY (user_id, date, position),
                    FOREIGN KEY (user_id, date) REFERENCES outfit_days (user_id, date) ON DELETE CASCADE,
                    FOREIGN KEY (user_id, item_id) REFERENCES closet_items (user_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX outfit_day_items_by_item ON outfit_day_items (user_id, item_id, date)",
            ]),
        Migration(
            version: 11, name: "friends",
            statements: [
                // One row per side of a pair: the user's own lists are reads of their own rows.
                """
                CREATE TABLE friend_links (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    other_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    state text NOT NULL,
                    since timestamptz NOT NULL,
                    PRIMARY KEY (user_id, other_id)
                )
                """,
                """
                CREATE TABLE blocks (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, blocked_id)
                )
                """,
            ]),
        Migration(
            version: 12, name: "shares",
            statements: [
                // A row per thing and friend; the friend's list reads `shares_received`.
                """
                CREATE TABLE shares (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    kind text NOT NULL,
                    target_id uuid NOT NULL,
                    message text NOT NULL DEFAULT '',
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX shares_sent ON shares (user_id, created_at DESC)",
                "CREATE INDEX shares_received ON shares (recipient_id, created_at DESC)",
                "CREATE INDEX shares_by_target ON shares (user_id, recipient_id, target_id)",
            ]),
        Migration(
            version: 13, name: "requests, reactions, friends-only entries",
            statements: [
                // A pending request's id is on both of its rows; a share is found by id by either of
                // its two people (the sharer through the primary key); the friends feed reads
                // `journal_seen_by_friends`.
                "ALTER TABLE friend_links ADD COLUMN request_id uuid",
                "CREATE INDEX friend_links_by_request ON friend_links (user_id, request_id) WHERE request_id IS NOT NULL",
                "ALTER TABLE shares ADD COLUMN reaction text",
                "CREATE INDEX shares_received_by_id ON shares (recipient_id, id)",
                "ALTER TABLE journal_entries ADD COLUMN friends_only boolean NOT NULL DEFAULT false",
                """
                CREATE INDEX journal_seen_by_friends ON journal_entries (user_id, created_at DESC, id DESC)
                    WHERE is_public OR friends_only
                """,
            ]),
        Migration(
            version: 14, name: "journal dates, places, search everything",
            statements: [
                // The day an entry is about; entries written before are about the day they were
                // written, in the writer's time zone (UTC when PostgreSQL does not know the zone).
                "ALTER TABLE journal_entries ADD COLUMN entry_date date",
                """
                UPDATE journal_entries e SET entry_date = (e.created_at AT TIME ZONE
                    CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = u.time_zone)
                        THEN u.time_zone ELSE 'UTC' END)::date
                FROM users u WHERE u.id = e.user_id
                """,
                "ALTER TABLE journal_entries ALTER COLUMN entry_date SET NOT NULL",
                "ALTER TABLE journal_entries ADD COLUMN latitude float8",
                "ALTER TABLE journal_entries ADD COLUMN longitude float8",
                "CREATE INDEX journal_by_user_date ON journal_entries (user_id, entry_date)",
                // The same words SQLite's index holds for an entry and an item, one part per line.
                """
                CREATE FUNCTION daybook_journal_text(title text, body text, tags text[], location text)
                RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                    SELECT title || E'\n' || body || E'\n' || array_to_string(tags, ' ') || E'\n' || location
                $$
                """,
                """
                ALTER TABLE journal_entries ADD COLUMN search tsvector GENERATED ALWAYS AS (
                    to_tsvector('simple'::regconfig, daybook_journal_text(title, body, tags, location))
                ) STORED
                """,
                "CREATE INDEX journal_search ON journal_entries USING gin (user_id, search)",
                """
                CREATE FUNCTION daybook_item_text(name text, brand text, notes text, tags text[])
                RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
                    SELECT name || E'\n' || brand || E'\n' || notes || E'\n' || array_to_string(tags, ' ')
                $$
                """,
                """
                ALTER TABLE closet_items ADD COLUMN search tsvector GENERATED ALWAYS AS (
                    to_tsvector('simple'::regconfig, daybook_item_text(name, brand, notes, tags))
                ) STORED
                """,
                "CREATE INDEX closet_items_search ON closet_items USING gin (user_id, search)",
            ]),
        Migration(
            version: 15, name: "insights",
            statements: [
                // The day a user's weeks start on (ISO, 1 = Monday), and each check-in's local hour,
                // as SQLite keeps it, so check-in patterns are a GROUP BY over an index.
                "ALTER TABLE users ADD COLUMN week_start integer NOT NULL DEFAULT 1",
                "ALTER TABLE checkins ADD COLUMN local_hour integer NOT NULL DEFAULT 0",
                """
                UPDATE checkins c SET local_hour = extract(hour FROM c.at AT TIME ZONE
                    CASE WHEN EXISTS (SELECT 1 FROM pg_timezone_names z WHERE z.name = c.time_zone)
                        THEN c.time_zone ELSE 'UTC' END)::integer
                """,
                "CREATE INDEX checkins_for_patterns ON checkins (user_id, local_date, feeling_id, local_hour)",
            ]),
        Migration(
            version: 16, name: "idempotency keys",
            statements: [
                // The first answer to each create sent with an Idempotency-Key (status NULL while it runs).
                """
                CREATE TABLE idempotency_keys (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    key text NOT NULL,
                    request_hash text NOT NULL,
                    status integer,
                    content_type text,
                    location text,
                    body bytea,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, key)
                )
                """,
                "CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at)",
            ]),
        Migration(
            version: 17, name: "insight rollups",
            statements: [
                // Issue 16's long ranges: the sums of each whole month ('YYYY-MM') and year ('YYYY')
                // (see `InsightSums.rows`), made when first asked for and forgotten by the triggers
                // below when a day entry or check-in of the period changes. The year's advisory lock
                // (taken by the triggers and by whoever computes a rollup) keeps a rollup from being
                // kept over a change it did not see.
                """
                CREATE TABLE insight_rollups (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    kind text NOT NULL,
                    period text NOT NULL,
                    a text NOT NULL,
                    b text NOT NULL,
                    slot integer NOT NULL,
                    days integer NOT NULL,
                    mood_sum integer NOT NULL,
                    PRIMARY KEY (user_id, kind, period, a, b, slot)
                )
                """,
                "CREATE INDEX insight_rollups_by_period ON insight_rollups (user_id, period)",
                """
                CREATE FUNCTION daybook_forget_insight_rollups(owner uuid, day date) RETURNS void
                LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_advisory_xact_lock(hashtextextended(owner::text || to_char(day, 'YYYY'), 17));
                    DELETE FROM insight_rollups
                    WHERE user_id = owner AND period IN (to_char(day, 'YYYY-MM'), to_char(day, 'YYYY'));
                END
                $$
                """,
                """
                CREATE FUNCTION daybook_day_entries_forget_insights() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        PERFORM daybook_forget_insight_rollups(NEW.user_id, NEW.date);
                    ELSE
                        PERFORM daybook_forget_insight_rollups(OLD.user_id, OLD.date);
                        IF TG_OP = 'UPDATE' THEN
                            IF date_trunc('month', NEW.date) <> date_trunc('month', OLD.date) THEN
                                PERFORM daybook_forget_insight_rollups(NEW.user_id, NEW.date);
                            END IF;
                        END IF;
                    END IF;
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER day_entries_forget_insights AFTER INSERT OR UPDATE OR DELETE ON day_entries
                FOR EACH ROW EXECUTE FUNCTION daybook_day_entries_forget_insights()
                """,
                """
                CREATE FUNCTION daybook_checkins_forget_insights() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        PERFORM daybook_forget_insight_rollups(NEW.user_id, NEW.local_date);
                    ELSE
                        PERFORM daybook_forget_insight_rollups(OLD.user_id, OLD.local_date);
                        IF TG_OP = 'UPDATE' THEN
                            IF date_trunc('month', NEW.local_date) <> date_trunc('month', OLD.local_date) THEN
                                PERFORM daybook_forget_insight_rollups(NEW.user_id, NEW.local_date);
                            END IF;
                        END IF;
                    END IF;
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER checkins_forget_insights AFTER INSERT OR UPDATE OR DELETE ON checkins
                FOR EACH ROW EXECUTE FUNCTION daybook_checkins_forget_insights()
                """,
            ]),
        Migration(
            version: 18, name: "exports and imports",
            statements: [
                // Issue 18: exports and imports with their progress, and the marks of imported
                // records (a record whose mark is kept is not imported again).
                """
                CREATE TABLE transfer_jobs (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    kind text NOT NULL,
                    format text NOT NULL,
                    status text NOT NULL,
                    done integer NOT NULL,
                    total integer NOT NULL,
                    file_name text NOT NULL,
                    bytes bigint NOT NULL,
                    preview bytea,
                    result bytea,
                    error text,
                    created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                "CREATE INDEX transfer_jobs_by_user ON transfer_jobs (user_id, kind, created_at)",
                "CREATE INDEX transfer_jobs_by_time ON transfer_jobs (updated_at)",
                """
                CREATE TABLE import_marks (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    mark text NOT NULL,
                    PRIMARY KEY (user_id, mark)
                )
                """,
            ]),
        Migration(
            version: 19, name: "insight rollups read from the index",
            statements: [
                // Issue 16: adding up ten years of rollups read 15,000 rows from the table to keep
                // the 6,500 of the kinds asked for. With the kind in the key and the sums included,
                // the index alone answers (4.5 → 2.9 ms); it replaces the old index, whose
                // (user_id, period) prefix the triggers' deletes still use.
                "DROP INDEX insight_rollups_by_period",
                """
                CREATE INDEX insight_rollups_by_period ON insight_rollups (user_id, period, kind)
                INCLUDE (a, b, slot, days, mood_sum)
                """,
            ]),
        Migration(
            version: 20, name: "insight rollups keep the days of each month",
            statements: [
                // Issue 16: the streaks read each month's days from the rollups. A month rolled up
                // before has no such rows but counts as kept; the rollups are a cache, so all go
                // and are made again when next asked for.
                "DELETE FROM insight_rollups"
            ]),
        Migration(
            version: 21, name: "insight rollups of runs of months",
            statements: [
                // Issue 16: a range's whole months are one rollup (`InsightPeriod.months`, key
                // `~LAST/FIRST`); a change in month M forgets the runs with LAST >= M and
                // FIRST <= M, found as one range of the period index. The keys are compared byte by
                // byte (collation "C") whatever the database's collation, which may ignore the `~`.
                // One advisory lock per user now (it was per user and year): a run spans years.
                "DELETE FROM insight_rollups",
                #"ALTER TABLE insight_rollups ALTER COLUMN period TYPE text COLLATE "C""#,
                """
                CREATE OR REPLACE FUNCTION daybook_forget_insight_rollups(owner uuid, day date) RETURNS void
                LANGUAGE plpgsql AS $$
                DECLARE
                    day_month text := to_char(day, 'YYYY-MM');
                BEGIN
                    PERFORM pg_advisory_xact_lock(hashtextextended(owner::text, 17));
                    DELETE FROM insight_rollups
                    WHERE user_id = owner AND period IN (day_month, to_char(day, 'YYYY'));
                    DELETE FROM insight_rollups
                    WHERE user_id = owner AND period >= ('~' || day_month) COLLATE "C" AND period < '~~'
                        AND substr(period, 10, 7) <= day_month COLLATE "C";
                END
                $$
                """,
            ]),
        Migration(
            version: 22, name: "closet tags indexed",
            statements: [
                // Issue 14: a tag search joined every item's tags, colours and season into an array
                // to test it. Each is one row here, kept by the trigger (and ON DELETE CASCADE), so
                // a search reads the matching items only.
                """
                CREATE TABLE closet_item_tags (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    item_id uuid NOT NULL,
                    tag text NOT NULL,
                    PRIMARY KEY (user_id, item_id, tag),
                    FOREIGN KEY (user_id, item_id) REFERENCES closet_items (user_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX closet_item_tags_by_tag ON closet_item_tags (user_id, tag, item_id)",
                """
                CREATE FUNCTION daybook_closet_item_tags() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP = 'UPDATE' THEN
                        DELETE FROM closet_item_tags WHERE user_id = OLD.user_id AND item_id = OLD.id;
                    END IF;
                    INSERT INTO closet_item_tags (user_id, item_id, tag)
                    SELECT DISTINCT NEW.user_id, NEW.id, t FROM unnest(NEW.tags || NEW.colors || NEW.season) AS t
                    WHERE t <> '';
                    RETURN NULL;
                END
                $$
                """,
                """
                CREATE TRIGGER closet_items_tags AFTER INSERT OR UPDATE OF tags, colors, season ON closet_items
                FOR EACH ROW EXECUTE FUNCTION daybook_closet_item_tags()
                """,
                """
                INSERT INTO closet_item_tags (user_id, item_id, tag)
                SELECT DISTINCT i.user_id, i.id, t FROM closet_items i, unnest(i.tags || i.colors || i.season) AS t
                WHERE t <> ''
                """,
            ]),
        Migration(
            version: 23, name: "search text functions in PL/pgSQL",
            statements: [
                // The same texts (migrations 4 and 14), in PL/pgSQL. As SQL functions they were not
                // inlined (`array_to_string` is only STABLE), so every insert or update of a day,
                // journal entry or closet item parsed and planned their body again to compute its
                // search vector: 60-70 µs per row, where PL/pgSQL keeps the plan for the session
                // (17-22 µs). The stored vectors do not change.
                """
                CREATE OR REPLACE FUNCTION daybook_day_text(
                    note text, thoughts text, gratitude text[], answer text, song_title text, song_artist text
                ) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
                BEGIN
                    RETURN note || E'\n' || thoughts || E'\n' || array_to_string(gratitude, E'\n') || E'\n'
                        || answer || E'\n' || coalesce(song_title, '') || E'\n' || coalesce(song_artist, '');
                END
                $$
                """,
                """
                CREATE OR REPLACE FUNCTION daybook_journal_text(title text, body text, tags text[], location text)
                RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
                BEGIN
                    RETURN title || E'\n' || body || E'\n' || array_to_string(tags, ' ') || E'\n' || location;
                END
                $$
                """,
                """
                CREATE OR REPLACE FUNCTION daybook_item_text(name text, brand text, notes text, tags text[])
                RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
                BEGIN
                    RETURN name || E'\n' || brand || E'\n' || notes || E'\n' || array_to_string(tags, ' ');
                END
                $$
                """,
            ]),
        Migration(
            version: 24, name: "one index of check-ins by date",
            statements: [
                // `checkins_for_patterns` (user, date, feeling, hour) begins with the same two
                // columns, so it serves every read by date; the narrower index only cost each
                // check-in's insert one more index entry.
                "DROP INDEX IF EXISTS checkins_by_user_date"
            ]),
        Migration(
            version: 25, name: "writers share the rollup lock",
            statements: [
                // Writers forgetting rollups need not exclude each other, only the rollup being
                // made (`PostgresInsightStore.keep`, which takes the lock exclusively): a writer
                // that holds it shared until its commit makes the maker wait for the change, and a
                // writer that comes while a rollup is being made waits and then forgets it. The
                // exclusive lock had every save of a user wait for the previous one's commit: 64
                // saves of one user in flight ran at 2,100 a second, 4,700 shared, 4,900 without
                // the trigger (pgbench, the upsert of saving a day).
                """
                CREATE OR REPLACE FUNCTION daybook_forget_insight_rollups(owner uuid, day date) RETURNS void
                LANGUAGE plpgsql AS $$
                DECLARE
                    day_month text := to_char(day, 'YYYY-MM');
                BEGIN
                    PERFORM pg_advisory_xact_lock_shared(hashtextextended(owner::text, 17));
                    DELETE FROM insight_rollups
                    WHERE user_id = owner AND period IN (day_month, to_char(day, 'YYYY'));
                    DELETE FROM insight_rollups
                    WHERE user_id = owner AND period >= ('~' || day_month) COLLATE "C" AND period < '~~'
                        AND substr(period, 10, 7) <= day_month COLLATE "C";
                END
                $$
                """
            ]),
        Migration(
            version: 26, name: "rollups forgotten inline, and only when the user has some",
            statements: PostgresInsightRollupTriggers.sources.map(PostgresInsightRollupTriggers.function) + [
                // Each trigger function now takes the lock and deletes by itself.
                "DROP FUNCTION daybook_forget_insight_rollups(uuid, date)"
            ]),
        Migration(
            version: 27, name: "search vectors written by the statements that write their rows",
            statements: [
                // A generated column is set up anew by every statement that writes its table (the
                // stored expression parsed from text and planned), and an upsert that replaces a
                // row computes it twice, for the insert it tries and for the update it does. The
                // statements now write `search` themselves (`SearchText.vector`), planned once with
                // the prepared statement, the replacing upsert once: saving a day in `pgbench`
                // went from 12.0-12.8k to 14.3-15.2k a second. The vectors kept do not change.
                "ALTER TABLE day_entries ALTER COLUMN search DROP EXPRESSION",
                "ALTER TABLE checkins ALTER COLUMN search DROP EXPRESSION",
                "ALTER TABLE journal_entries ALTER COLUMN search DROP EXPRESSION",
                "ALTER TABLE closet_items ALTER COLUMN search DROP EXPRESSION",
            ]),
    ]

    /// The newest version and a digest of every statement: changes whenever the schema does. Test
    /// set-ups name their template database after it.
    static var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for migration in all {
            for byte in "\(migration.version) \(migration.name)\n\(migration.statements.joined(separator: ";\n"))".utf8
            {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return "v\(all.last?.version ?? 0)_\(String(hash, radix: 16))"
    }

    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        for migration in all {
            try await storeErrors {
                try await client.withTransaction(logger: logger) { connection in
                    try await apply(migration, on: connection, logger: logger)
                }
            }
        }
    }

    /// Applies one migration unless it is recorded already; runs inside a transaction.
    static func apply(_ migration: Migration, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.execute("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
        try await connection.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        let applied = try await connection.execute(
            "SELECT 1 FROM schema_migrations WHERE version = \(migration.version)", logger: logger)
        guard applied == 0 else { return }
        logger.notice(
            "Applying PostgreSQL migration", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
        for statement in migration.statements {
            try await connection.execute(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.execute(
            "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
            logger: logger)
    }
}
