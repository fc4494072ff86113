import DaybookCore
import Foundation

/// Things shared with friends. Every read that grants access checks, in the same SQL, that the
/// share stands, that the two are friends, and that the thing still exists: withdrawing,
/// unfriending, blocking or deleting ends access at once, photos included.
public protocol ShareStore: Sendable {
    func insert(_ shares: [Share]) async throws
    /// Shared with the user by friends, newest first, each with who shared it.
    func received(userID: UUID) async throws -> [SharedThing]
    /// Shared by the user, newest first, each with whom.
    func sent(userID: UUID) async throws -> [SharedThing]
    /// One share, when the viewer is its sharer or its recipient (`person` is the other one), it
    /// stands and the thing exists.
    func share(id: UUID, viewerID: UUID) async throws -> SharedThing?
    /// Sets (or with nil, clears) the recipient's reaction to a standing share; the share, or nil
    /// when there is no such share for them.
    func react(id: UUID, recipientID: UUID, reaction: String?) async throws -> Share?
    /// Withdraws one of the user's shares.
    func delete(id: UUID, userID: UUID) async throws -> Bool
    /// The owner of the item when a friend shared it with the viewer, alone or in an outfit.
    func sharedItemOwner(itemID: UUID, viewerID: UUID) async throws -> UUID?
    /// The owner of the outfit when a friend shared it with the viewer.
    func sharedOutfitOwner(outfitID: UUID, viewerID: UUID) async throws -> UUID?
    /// Whether the owner's photo shows in something they shared with the viewer (an item, an
    /// outfit's own photo, or an item of a shared outfit) or in one of their friends-only journal
    /// entries while the two are friends: the media rule's "shared with" clause.
    func canSee(photoID: UUID, ownerID: UUID, viewerID: UUID) async throws -> Bool
}
