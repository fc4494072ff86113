import Foundation

/// How closet items, categories, outfits and calendar days are checked: every bad field at once,
/// each under the name the client sent it as. Whether ids (category, items, photo, outfit) are the
/// user's own is the service's part; the shapes are checked here.
public enum ClosetRules {
    public static let nameMaxLength = 100
    public static let categoryNameMaxLength = 40
    public static let categoriesMax = 100
    public static let brandMaxLength = 100
    public static let sizeMaxLength = 30
    public static let notesMaxLength = 5_000
    public static let tagsMax = 30
    public static let colorsMax = 8
    public static let wordMaxLength = 40
    /// A million in any currency is a closet's outer limit; anything above is a typo.
    public static let priceMaxCents = 100_000_000
    public static let outfitItemsMax = 50
    public static let dayNoteMaxLength = 1_000
    /// How far ahead a day can be planned.
    public static let planAheadDays = 366

    // MARK: Items

    /// Checks every field and builds the item (a new one: the service keeps id and creation time
    /// when it replaces one).
    ///
    /// - Throws: `ValidationError` on `name`, `categoryId`, `tags`, `colors`, `brand`, `size`,
    ///   `season`, `purchaseDate`, `price`, `notes`.
    public static func validate(
        _ input: ClosetItemInput, id: UUID, userID: UUID, today: LocalDate, now: Date
    ) throws -> ClosetItem {
        var errors = FieldErrors()
        let name = errors.check { try line(input.name, field: "name", max: nameMaxLength, what: "The name") }
        if let name, name.isEmpty { errors.add("name", "required", "Give the item a name.") }
        if input.categoryID == nil { errors.add("categoryId", "required", "Choose a category.") }
        let tags = errors.check { try words(input.tags, field: "tags", max: tagsMax) }
        let colors = errors.check { try words(input.colors, field: "colors", max: colorsMax) }
        let brand = errors.check { try line(input.brand, field: "brand", max: brandMaxLength, what: "The brand") }
        let size = errors.check { try line(input.size, field: "size", max: sizeMaxLength, what: "The size") }
        let season = input.season.trimmingCharacters(in: .whitespaces).lowercased()
        if !season.isEmpty, !ClosetKeywords.seasons.contains(season) {
            errors.add(
                "season", "invalid", "Choose a season: \(ClosetKeywords.seasons.joined(separator: ", ")), or none.")
        }
        let purchaseDate = errors.check { try date(input.purchaseDate, field: "purchaseDate", notAfter: today) }
        let price = errors.check { try priceCents(input.price) }
        let notes = errors.check {
            try DayEntryRules.text(input.notes, field: "notes", max: notesMaxLength, what: "The notes")
        }
        try errors.throwIfAny()
        guard let name, let categoryID = input.categoryID, let tags, let colors, let brand, let size, let purchaseDate,
            let price, let notes
        else { preconditionFailure("every check either passed or was recorded as an error") }
        return ClosetItem(
            id: id, userID: userID, name: name, categoryID: categoryID, tags: tags, colors: colors,
            photoID: input.photoID, brand: brand, size: size, season: season, purchaseDate: purchaseDate,
            priceCents: price, notes: notes, createdAt: now, updatedAt: now)
    }

    /// A price as typed: `49.90`, `49,90`, `49`; empty is none. Below 0, not a number, or more
    /// than two decimals is a `FieldError` on `price`.
    public static func priceCents(_ text: String, field: String = "price") throws -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let normalized = trimmed.replacingOccurrences(of: ",", with: ".")
        let shape = normalized.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(shape.count), shape.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            !shape[0].isEmpty || (shape.count == 2 && !shape[1].isEmpty),
            let value = Double(normalized), value.isFinite
        else {
            if trimmed.hasPrefix("-"), Double(normalized) != nil {
                throw FieldError(field: field, code: "out_of_range", message: "A price cannot be below 0.")
            }
            throw FieldError(field: field, code: "invalid", message: "Give the price as a number, such as 49.90.")
        }
        if shape.count == 2, shape[1].count > 2 {
            throw FieldError(field: field, code: "invalid", message: "A price has at most two decimals.")
        }
        // Bounded before it becomes an Int: a typed `99999999999999999999` is a Double past Int.max,
        // and converting it would stop the whole server.
        let scaled = (value * 100).rounded()
        guard scaled <= Double(priceMaxCents), let cents = Int(exactly: scaled) else {
            throw FieldError(field: field, code: "out_of_range", message: "That price is too high for one item.")
        }
        return cents
    }

    /// An amount the API was sent as a JSON number, spelled for `priceCents(_:)`: to the cent when
    /// it is one, else a text those checks refuse with the message that fits (below 0, too high,
    /// more than two decimals). Never through `String(describing:)`, whose `1e+20` was refused
    /// only by the accident of its spelling.
    public static func priceText(amount: Double) -> String {
        guard amount.isFinite else { return "not a number" }
        if amount < 0 { return "-1" }
        let scaled = (amount * 100).rounded()
        guard scaled <= Double(priceMaxCents), let cents = Int(exactly: scaled) else {
            return priceText(priceMaxCents + 1)
        }
        if abs(amount * 100 - scaled) > 1e-6 { return "0.001" }
        return priceText(cents)
    }

    /// `4990` → `49.90`.
    public static func priceText(_ cents: Int) -> String {
        let remainder = cents % 100
        return "\(cents / 100)." + (remainder < 10 ? "0" : "") + "\(remainder)"
    }

    /// Splits, cleans and de-duplicates words (`#`, case and spaces around them dropped); `"Navy,
    /// #Linen"` → `["navy", "linen"]`. Unlike journal tags, a word may hold spaces ("light blue"
    /// is typed as one) which become hyphens.
    public static func normalizeWords(_ raw: [String]) -> [String] {
        raw.flatMap { $0.split(separator: ",") }
            .map { word in
                var text = Substring(word.trimmingCharacters(in: .whitespacesAndNewlines))
                while text.first == "#" { text.removeFirst() }
                return text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")
            }
            .filter { !$0.isEmpty }
            .uniqued()
    }

    /// A tag from a URL or the search bar, or nil if it cannot be one.
    public static func tag(_ raw: String) -> String? {
        let words = normalizeWords([raw])
        guard words.count == 1, let word = words.first, (try? self.words(words, field: "tag", max: 1)) != nil else {
            return nil
        }
        return word
    }

    static func words(_ raw: [String], field: String, max: Int) throws -> [String] {
        let words = normalizeWords(raw)
        guard words.count <= max else {
            throw FieldError(field: field, code: "too_many", message: "Use at most \(max); there are \(words.count).")
        }
        if let long = words.first(where: { $0.count > wordMaxLength }) {
            throw FieldError(
                field: field, code: "too_long",
                message: "“\(long.prefix(20))…” is too long: at most \(wordMaxLength) characters.")
        }
        if let bad = words.first(where: \.hasCharactersATagCannotHave) {
            throw FieldError(field: field, code: "invalid", message: "“\(bad)” has characters a tag cannot have.")
        }
        return words
    }

    /// One line of text, trimmed.
    static func line(_ raw: String, field: String, max: Int, what: String) throws -> String {
        let text = try DayEntryRules.text(raw, field: field, max: max, what: what)
        if text.contains(where: \.isNewline) {
            throw FieldError(field: field, code: "invalid", message: "\(what) is one line of text.")
        }
        return text
    }

    /// An optional date as typed; never after `notAfter`.
    static func date(_ raw: String, field: String, notAfter: LocalDate) throws -> LocalDate? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let date = LocalDate(text) else {
            throw FieldError(
                field: field, code: "invalid", message: "Give the date as YYYY-MM-DD, for example 2024-03-03.")
        }
        guard date <= notAfter else {
            throw FieldError(field: field, code: "future_date", message: "That date has not come yet.")
        }
        return date
    }

    // MARK: Categories

    /// A category name: one line, 1–40 characters.
    public static func categoryName(_ raw: String, field: String = "name") throws -> String {
        let name = try line(raw, field: field, max: categoryNameMaxLength, what: "A category name")
        guard !name.isEmpty else {
            throw FieldError(field: field, code: "required", message: "Give the category a name.")
        }
        return name
    }

    // MARK: Outfits

    /// Checks an outfit's name and items (1–50, each once, in order).
    public static func validate(_ input: OutfitInput, id: UUID, userID: UUID, now: Date) throws -> Outfit {
        var errors = FieldErrors()
        let name = errors.check { try line(input.name, field: "name", max: nameMaxLength, what: "The name") }
        if let name, name.isEmpty { errors.add("name", "required", "Give the outfit a name.") }
        let items = input.itemIDs.uniqued()
        if items.isEmpty {
            errors.add("itemIds", "required", "Choose at least one item.")
        } else if items.count > outfitItemsMax {
            errors.add("itemIds", "too_many", "An outfit can have at most \(outfitItemsMax) items.")
        }
        try errors.throwIfAny()
        return Outfit(
            id: id, userID: userID, name: name!, itemIDs: items, photoID: input.photoID, createdAt: now, updatedAt: now)
    }

    // MARK: Calendar

    /// Checks a calendar day. Items come from the outfit when only the outfit is given (the
    /// service fills them in before calling this). Worn is only for today and before; a plan goes
    /// at most a year ahead.
    public static func validate(
        _ input: OutfitDayInput, date: LocalDate, userID: UUID, today: LocalDate, now: Date
    ) throws -> OutfitDay {
        var errors = FieldErrors()
        let status = input.status ?? (date <= today ? .worn : .planned)
        if status == .worn, date > today {
            errors.add("status", "future_date", "A day that has not come yet can only be planned.")
        }
        if date > today.adding(days: planAheadDays) {
            errors.add("date", "out_of_range", "Plan at most a year ahead.")
        }
        let items = input.itemIDs.uniqued()
        if items.isEmpty, input.outfitID == nil {
            errors.add("itemIds", "required", "Choose an outfit or at least one item.")
        } else if items.count > outfitItemsMax {
            errors.add("itemIds", "too_many", "A day can have at most \(outfitItemsMax) items.")
        }
        let note = errors.check {
            try DayEntryRules.text(input.note, field: "note", max: dayNoteMaxLength, what: "The note")
        }
        try errors.throwIfAny()
        return OutfitDay(
            userID: userID, date: date, status: status, outfitID: input.outfitID, itemIDs: items, note: note!,
            updatedAt: now)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
