import Foundation
import Testing

@testable import DaybookCore

/// The `FieldError` a throwing check produced, or nil if it passed.
func fieldError<T>(_ body: () throws -> T) -> FieldError? {
    do {
        _ = try body()
        return nil
    } catch let error as FieldError {
        return error
    } catch {
        Issue.record("expected a FieldError, got \(error)")
        return nil
    }
}

/// The field errors of a `ValidationError` a check produced, or [] if it passed.
func validationErrors<T>(_ body: () throws -> T) -> [FieldError] {
    do {
        _ = try body()
        return []
    } catch let error as ValidationError {
        return error.errors
    } catch {
        Issue.record("expected a ValidationError, got \(error)")
        return []
    }
}

func zone(_ identifier: String) -> TimeZone {
    TimeZone(identifier: identifier)!
}

/// An instant given as a wall-clock time in a zone.
func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, in zoneName: String) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone(zoneName)
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
}

func date(_ text: String) -> LocalDate {
    LocalDate(text)!
}
