import DaybookCore
import Foundation

/// Where a newest-first page ended (photos, journal entries): the last item's creation time and id.
public struct PageCursor: Sendable, Hashable {
    public var createdAt: Date
    public var id: UUID

    public init(createdAt: Date, id: UUID) {
        self.createdAt = createdAt
        self.id = id
    }

    /// Opaque text form for URLs: microseconds since 1970, a dot, the id.
    public var token: String {
        "\(Int64((createdAt.timeIntervalSince1970 * 1_000_000).rounded())).\(id.lowercasedString)"
    }

    public init?(token: String) {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let micros = Int64(parts[0]), let id = UUID(text: parts[1]) else {
            return nil
        }
        self.init(createdAt: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: id)
    }
}
