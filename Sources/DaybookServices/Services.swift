import DaybookMedia
import DaybookStorage
import Foundation

/// All use cases, built once over one store and shared by pages, the API and the command.
///
/// A class: handlers hold it and the generated server copies its handlers for every request, so a
/// copy is one reference, not the two dozen services' stores and clocks (4 % of `GET /me`).
public final class Services: Sendable {
    public let store: any DaybookStore
    public let accounts: AccountService
    public let days: DayService
    public let checkins: CheckinService
    public let vocabulary: VocabularyService
    public let media: MediaService
    public let journal: JournalService
    public let search: SearchService
    public let memories: MemoryService
    public let notifications: NotificationService
    public let reminders: ReminderService
    /// This app server's open notification streams.
    public let hub: NotificationHub
    public let push: PushService
    public let closet: ClosetService
    public let outfits: OutfitService
    public let friends: FriendService
    public let shares: ShareService
    public let insights: InsightService
    public let idempotency: IdempotencyService
    public let exports: ExportService
    public let imports: ImportService

    /// - Parameter blobs: where photo files go; the application passes a `FileBlobStore` under the
    ///   data directory. The default keeps them in memory, for tests and tools that upload none.
    public init(
        store: any DaybookStore, hasher: PasswordHasher, settings: AccountSettings = AccountSettings(),
        blobs: any BlobStore = InMemoryBlobStore(), photoQuotaBytes: Int? = nil,
        pushSettings: PushService.Settings = PushService.Settings(), transfers: TransferSettings = TransferSettings(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        // One per app server: accounts change users and sessions, media changes profile pictures.
        let sessionCache = SessionCache(lifetime: settings.sessionCacheLifetime)
        media = MediaService(
            store: store, blobs: blobs, quotaBytes: photoQuotaBytes, sessionCache: sessionCache, now: now)
        journal = JournalService(store: store, media: media, now: now)
        accounts = AccountService(
            store: store, hasher: hasher, settings: settings, media: media, transfers: transfers,
            sessionCache: sessionCache, now: now)
        vocabulary = VocabularyService(store: store, cache: VocabularyCache(), now: now)
        days = DayService(store: store, media: media, vocabulary: vocabulary, now: now)
        checkins = CheckinService(store: store, vocabulary: vocabulary, now: now)
        search = SearchService(store: store)
        memories = MemoryService(store: store, now: now)
        notifications = NotificationService(store: store, now: now)
        reminders = ReminderService(store: store, notifications: notifications, now: now)
        hub = NotificationHub(channel: store.notificationChannel, inbox: store.notifications)
        push = PushService(store: store, settings: pushSettings, now: now)
        closet = ClosetService(store: store, media: media, now: now)
        outfits = OutfitService(store: store, media: media, now: now)
        friends = FriendService(store: store, notifications: notifications, now: now)
        shares = ShareService(store: store, notifications: notifications, now: now)
        insights = InsightService(store: store, vocabulary: vocabulary, now: now)
        idempotency = IdempotencyService(store: store.idempotency, now: now)
        // Exports and imports share one gate: together they take at most `concurrentJobs` cores.
        let transferGate = AsyncSemaphore(limit: transfers.concurrentJobs)
        exports = ExportService(store: store, blobs: blobs, settings: transfers, gate: transferGate, now: now)
        imports = ImportService(store: store, media: media, settings: transfers, gate: transferGate, now: now)
    }
}
