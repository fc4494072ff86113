/// The `Encoder` one value writes itself to, for `ResponseJSONEncoder`. It writes the opening
/// bracket when the value asks for a container and the closing one when the value is done
/// (`finish`); a second keyed container for the same value goes on with the same object, as
/// `JSONEncoder` merges them (the generated `allOf` types encode each part to one encoder).
/// A nested container or a super encoder is a child encoder, finished before its parent writes
/// again.
final class JSONValueEncoder: Encoder {
    enum Shape { case none, object, array, single }

    let writer: JSONValueWriter
    private(set) var shape = Shape.none
    /// Members or elements written, for the commas between them.
    var count = 0
    private var openChild: JSONValueEncoder?

    init(writer: JSONValueWriter) {
        self.writer = writer
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        begin(.object)
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        begin(.array)
        return JSONUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        begin(.single)
        return JSONSingleValueContainer(encoder: self)
    }

    private func begin(_ wanted: Shape) {
        finishChild()
        switch (shape, wanted) {
        case (.none, .object): writer.json.byte(UInt8(ascii: "{"))
        case (.none, .array): writer.json.byte(UInt8(ascii: "["))
        case (.none, .single), (.object, .object), (.array, .array), (.single, .single): break
        default:
            // What `JSONEncoder` traps on too: a programming error in an `encode(to:)`.
            preconditionFailure("A value asked for a \(wanted) container after a \(shape) one.")
        }
        if shape == .none { shape = wanted }
    }

    /// Before the next member or element: a comma after the first, and the end of any nested
    /// container written before it.
    func separate() {
        finishChild()
        if count > 0 { writer.json.byte(UInt8(ascii: ",")) }
        count += 1
    }

    /// A child for a nested container or super encoder, at the current position.
    func child() -> JSONValueEncoder {
        let child = JSONValueEncoder(writer: writer)
        openChild = child
        return child
    }

    private func finishChild() {
        openChild?.finish()
        openChild = nil
    }

    /// Closes what the value opened; a value that wrote nothing is `{}`, as with `JSONEncoder`.
    func finish() {
        finishChild()
        switch shape {
        case .none: writer.json.raw("{}")
        case .object: writer.json.byte(UInt8(ascii: "}"))
        case .array: writer.json.byte(UInt8(ascii: "]"))
        case .single: break
        }
    }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) {
        encoder.separate()
        encoder.writer.writeKey(key)
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.raw("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        value ? encoder.writer.json.raw("true") : encoder.writer.json.raw("false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.string(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        self.key(key)
        try encoder.writer.write(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        self.key(key)
        try encoder.writer.write(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        self.key(key)
        encoder.writer.json.integer(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try encoder.writer.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        self.key(key)
        return encoder.child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return encoder.child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.separate()
        encoder.writer.json.raw("\"super\":")
        return encoder.child()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return encoder.child()
    }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.count }

    mutating func encodeNil() throws {
        encoder.separate()
        encoder.writer.json.raw("null")
    }

    mutating func encode(_ value: Bool) throws {
        encoder.separate()
        value ? encoder.writer.json.raw("true") : encoder.writer.json.raw("false")
    }

    mutating func encode(_ value: String) throws {
        encoder.separate()
        encoder.writer.json.string(value)
    }

    mutating func encode(_ value: Double) throws {
        encoder.separate()
        try encoder.writer.write(value)
    }

    mutating func encode(_ value: Float) throws {
        encoder.separate()
        try encoder.writer.write(value)
    }

    mutating func encode(_ value: Int) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int8) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int16) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int32) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: Int64) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt8) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt16) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt32) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }
    mutating func encode(_ value: UInt64) throws {
        encoder.separate()
        encoder.writer.json.integer(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.separate()
        try encoder.writer.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.separate()
        return encoder.child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.separate()
        return encoder.child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.separate()
        return encoder.child()
    }
}

/// One value: whatever it is given is the whole value.
struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.writer.json.raw("null") }
    mutating func encode(_ value: Bool) throws {
        value ? encoder.writer.json.raw("true") : encoder.writer.json.raw("false")
    }
    mutating func encode(_ value: String) throws { encoder.writer.json.string(value) }
    mutating func encode(_ value: Double) throws { try encoder.writer.write(value) }
    mutating func encode(_ value: Float) throws { try encoder.writer.write(value) }
    mutating func encode(_ value: Int) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: Int8) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: Int16) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: Int32) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: Int64) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: UInt) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: UInt8) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: UInt16) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: UInt32) throws { encoder.writer.json.integer(value) }
    mutating func encode(_ value: UInt64) throws { encoder.writer.json.integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.writer.write(value) }
}
