import DaybookCore
import Foundation

/// An id written as the API writes it, in lower case (Foundation's `UUID` writes upper case), and
/// read in either case: every id in `daybook.json` goes through one of these.
@propertyWrapper
public struct LowercasedID: Codable, Sendable, Hashable {
    public var wrappedValue: UUID

    public init(wrappedValue: UUID) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws { wrappedValue = try UUID(from: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.lowercasedString)
    }
}

/// A list of ids, the same way.
@propertyWrapper
public struct LowercasedIDs: Codable, Sendable, Hashable {
    public var wrappedValue: [UUID]

    public init(wrappedValue: [UUID]) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws { wrappedValue = try [UUID](from: decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.map(\.lowercasedString))
    }
}

/// An id that may be absent (`null` or no key at all), the same way.
@propertyWrapper
public struct LowercasedOptionalID: Codable, Sendable, Hashable {
    public var wrappedValue: UUID?

    public init(wrappedValue: UUID?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue.lowercasedString) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key is no id (synthesized decoding would otherwise require the key).
    public func decode(_ type: LowercasedOptionalID.Type, forKey key: Key) throws -> LowercasedOptionalID {
        try decodeIfPresent(type, forKey: key) ?? LowercasedOptionalID(wrappedValue: nil)
    }
}
