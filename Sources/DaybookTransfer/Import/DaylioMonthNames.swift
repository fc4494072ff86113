import Foundation

/// Month names in the languages Daylio ships, from the system's locale data (CLDR through
/// Foundation), not a hand-made list: the full and short names, both the form used inside a date
/// ("września", the genitive) and the one that stands alone ("wrzesień").
enum DaylioMonthNames {
    /// Daylio's app languages (its store listing and translation project).
    static let locales = [
        "en", "de", "fr", "es", "it", "pt", "pt_BR", "nl", "pl", "cs", "sk", "sl", "hr", "sr", "bg", "ru", "uk", "be",
        "lt", "lv", "et", "fi", "sv", "da", "nb", "is", "hu", "ro", "el", "tr", "he", "ar", "fa", "hi", "bn", "th",
        "vi", "id", "ms", "tl", "ja", "ko", "zh_Hans", "zh_Hant", "ca", "eu", "gl",
    ]

    static let english = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    /// Lower-cased name (without a trailing dot) → month 1–12. A name two languages give to
    /// different months keeps the first (English first).
    static let months: [String: Int] = {
        var months: [String: Int] = [:]
        for identifier in locales {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: identifier)
            formatter.calendar = Calendar(identifier: .gregorian)
            let lists = [
                formatter.monthSymbols, formatter.standaloneMonthSymbols, formatter.shortMonthSymbols,
                formatter.shortStandaloneMonthSymbols,
            ]
            for list in lists.compactMap({ $0 }) where list.count == 12 {
                for (index, name) in list.enumerated() {
                    let key = name.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
                    if months[key] == nil { months[key] = index + 1 }
                }
            }
        }
        return months
    }()
}
