import DaybookStorage
import Logging

/// Placeholder until the PostgreSQL implementation lands: refuses to start rather than pretend.
public final class PostgresStore: DaybookStore {
    public var users: any UserStore { fatalError() }
    public var sessions: any SessionStore { fatalError() }
    public var loginAttempts: any LoginAttemptStore { fatalError() }
    public var vocabulary: any VocabularyStore { fatalError() }
    public var days: any DayStore { fatalError() }
    public var checkins: any CheckinStore { fatalError() }

    public init(url: String, logger: Logger) throws {
        throw StoreError.notEmpty("PostgreSQL support is not built yet")
    }

    public func migrate() async throws {}
    public func ping() async throws {}
    public func run() async throws {}
}
