/// One bad field: which, a stable machine code, and a sentence for a person.
public struct FieldError: Sendable, Hashable, Codable, Error {
    /// The field's name as the client sent it (`email`, `song.link`, `gratitude[2]`).
    public var field: String
    /// Stable, for programs: `required`, `invalid`, `too_short`, `too_long`, `taken`, `out_of_range`,
    /// `future_date`, `unknown`, `common_password`, `invalid_scheme`, …
    public var code: String
    /// For people: says what is wrong and what would be right.
    public var message: String

    public init(field: String, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }
}

extension FieldError {
    /// A paging cursor that is not one this server handed out (or has been tampered with).
    public static let invalidCursor = FieldError(field: "cursor", code: "invalid", message: "This cursor is not valid.")
}

/// Every bad field of one request, reported together so a form can show them all at once.
public struct ValidationError: Error, Sendable, Hashable {
    public var errors: [FieldError]

    public init(_ errors: [FieldError]) { self.errors = errors }

    /// The message for a field, for showing it beside that field.
    public func message(for field: String) -> String? {
        errors.first(where: { $0.field == field })?.message
    }
}

/// Collects field errors while checking a request, then throws them all at once.
public struct FieldErrors: Sendable {
    public private(set) var errors: [FieldError] = []

    public init() {}

    public mutating func add(_ field: String, _ code: String, _ message: String) {
        errors.append(FieldError(field: field, code: code, message: message))
    }

    public mutating func add(_ error: FieldError) { errors.append(error) }

    /// Runs a check that throws a `FieldError` or `ValidationError`, keeps its errors, and returns its
    /// value (nil when it failed).
    public mutating func check<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as FieldError {
            errors.append(error)
        } catch let error as ValidationError {
            errors.append(contentsOf: error.errors)
        } catch {
            preconditionFailure("checks throw FieldError or ValidationError, not \(error)")
        }
        return nil
    }

    public var isEmpty: Bool { errors.isEmpty }

    /// Throws a `ValidationError` when anything was added.
    public func throwIfAny() throws {
        if !errors.isEmpty { throw ValidationError(errors) }
    }
}
