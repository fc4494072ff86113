import DaybookStorage
import Foundation

/// All use cases, built once over one store and shared by pages, the API and the command.
public struct Services: Sendable {
    public let store: any DaybookStore
    public let accounts: AccountService
    public let days: DayService
    public let checkins: CheckinService
    public let vocabulary: VocabularyService

    public init(
        store: any DaybookStore, hasher: PasswordHasher, settings: AccountSettings = AccountSettings(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        accounts = AccountService(store: store, hasher: hasher, settings: settings, now: now)
        days = DayService(store: store, now: now)
        checkins = CheckinService(store: store, now: now)
        vocabulary = VocabularyService(store: store, now: now)
    }
}
