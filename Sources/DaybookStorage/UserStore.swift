import DaybookCore
import Foundation

/// Accounts. Email is unique as stored (it is normalized before); username is unique ignoring case.
///
/// App servers keep the users of recent sessions for half a second (`SessionCache` in
/// DaybookServices): a service that changes a user here forgets them there, as `AccountService`
/// and `MediaService` do.
public protocol UserStore: Sendable {
    /// Throws `StoreError.conflict(field: "email" | "username")` when taken.
    func insert(_ user: User, passwordHash: String) async throws
    func user(id: UUID) async throws -> User?
    /// Finds by email (already lower-case) or by username, ignoring case.
    func user(login: String) async throws -> User?
    /// Saves profile fields. Throws `StoreError.conflict` when the new email or username is taken.
    /// Returns false when there is no such user.
    @discardableResult func update(_ user: User) async throws -> Bool
    func passwordHash(userID: UUID) async throws -> String?
    func setPasswordHash(_ hash: String, userID: UUID) async throws
    /// Deletes the user and, through the schema's cascades, every row they own.
    @discardableResult func delete(id: UUID) async throws -> Bool
    /// Oldest first, for the admin command.
    func list(limit: Int, offset: Int) async throws -> [User]
    func count() async throws -> Int
}

extension UserStore {
    /// The user with exactly this username (a leading `@` and case ignored), or nil: an email
    /// address finds nobody, so a profile or a friend request never tells whose address it is.
    public func user(username: String) async throws -> User? {
        let name = String(username.trimmingCharacters(in: .whitespacesAndNewlines).drop(while: { $0 == "@" }))
        guard !name.isEmpty, let user = try await user(login: name), user.username.lowercased() == name.lowercased()
        else { return nil }
        return user
    }
}
