import DaybookCore
import DaybookServices
import DaybookStorage
import Foundation

// View models of the journal's pages (seed 001): the feeds' cards, an entry, and its form.
//
// As in DayViews.swift, the optional fields of nested models carry names no enclosing model uses,
// because a Mustache section looks a missing name up in the models around it.

/// An entry's author as someone else sees them: a circular picture (or initials) and a name.
struct AuthorView {
    let authorName: String
    let authorUsername: String
    let authorInitials: String
    let authorAvatar: String?

    init(_ author: JournalAuthor) {
        authorUsername = author.username
        authorName = author.displayName.isEmpty ? author.username : author.displayName
        authorInitials = User.initials(of: authorName)
        authorAvatar = author.avatarMediaID.map { MediaPath.url($0, .avatar) }
    }
}

/// A tag as a chip: a link to the feed filtered by it (the user's own entries), or plain text.
struct TagView {
    let tag: String
    let tagHref: String?

    static func own(_ tag: String) -> TagView { TagView(tag: tag, tagHref: "/journal?tag=" + Web.queryEscape(tag)) }
    static func plain(_ tag: String) -> TagView { TagView(tag: tag, tagHref: nil) }
}

enum JournalText {
    static let untitled = "Untitled entry"

    static func label(_ visibility: JournalVisibility) -> String {
        switch visibility {
        case .private: "Private"
        case .friends: "Friends"
        case .public: "Public"
        }
    }

    /// The heading a card and a page show: the title, else the body's first line.
    static func heading(_ entry: JournalEntry) -> String {
        entry.heading.nonEmpty ?? (entry.photoIDs.isEmpty ? untitled : "Photos")
    }

    /// A few lines of the body for a card, on one line, without what the heading already shows.
    static func excerpt(_ entry: JournalEntry, max: Int = 180) -> String? {
        var text = MarkdownPlainText.plain(entry.body)
        if entry.title.isEmpty, let firstBreak = text.firstIndex(where: \.isNewline) {
            text = String(text[firstBreak...])
        } else if entry.title.isEmpty {
            text = ""
        }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        var excerpt = words.joined(separator: " ")
        guard !excerpt.isEmpty else { return nil }
        if excerpt.count > max {
            excerpt = String(excerpt.prefix(max))
            if let space = excerpt.lastIndex(of: " "), excerpt.distance(from: excerpt.startIndex, to: space) > max / 2 {
                excerpt = String(excerpt[..<space])
            }
            excerpt += "…"
        }
        return excerpt
    }
}

/// One entry in a feed.
struct JournalCard {
    let href: String
    let heading: String
    let cardExcerpt: String?
    /// The first photo: its small copy, with the large one for wide or dense screens.
    let cardCover: String?
    let cardCoverLarge: String?
    let cardPhotoCount: String?
    let cardTags: [TagView]
    let cardHasTags: Bool
    let cardLocation: String?
    /// The badge: "Public" or "Friends"; none on a private entry.
    let cardBadge: String?
    let cardVisibility: String
    let cardDate: String
    let cardDateISO: String
    let cardAuthor: AuthorView?

    /// `author` is shown on the public feed; tags link to the user's own feed only on their own.
    init(_ entry: JournalEntry, author: JournalAuthor?, ownTags: Bool, zone: TimeZone, currentYear: Int) {
        href = "/journal/\(entry.id.lowercasedString)"
        heading = JournalText.heading(entry)
        cardExcerpt = JournalText.excerpt(entry)
        cardCover = entry.photoIDs.first.map { MediaPath.url($0, .small) }
        cardCoverLarge = entry.photoIDs.first.map { MediaPath.url($0, .large) }
        cardPhotoCount = entry.photoIDs.count > 1 ? "\(entry.photoIDs.count) photos" : nil
        cardTags = entry.tags.map(ownTags ? TagView.own : TagView.plain)
        cardHasTags = !entry.tags.isEmpty
        cardLocation = entry.location.nonEmpty
        cardVisibility = entry.visibility.rawValue
        cardBadge = entry.visibility == .private ? nil : JournalText.label(entry.visibility)
        cardDate = DateText.long(entry.date, currentYear: currentYear)
        cardDateISO = entry.date.description
        cardAuthor = author.map(AuthorView.init)
    }
}

/// One entry, everything of it.
struct JournalEntryView {
    let id: String
    let heading: String
    /// The title as a heading when there is one; otherwise the body starts with the heading line.
    let entryTitle: String?
    /// The body's Markdown as safe HTML (`SafeMarkdown`).
    let entryBody: String?
    let photos: [Slide]
    let hasPhotos: Bool
    let manyPhotos: Bool
    let photoCountText: String
    let entryTags: [TagView]
    let hasEntryTags: Bool
    let entryLocation: String?
    /// The place on OpenStreetMap, when it has coordinates (a plain link; nothing is loaded from it).
    let entryMapHref: String?
    let entryCoordinates: String?
    /// The day the entry is about.
    let entryDate: String
    let entryDateISO: String
    /// `private`, `friends` or `public`: the badge's class.
    let visibility: String
    let visibilityLabel: String
    let visibilityHint: String
    let created: String
    let createdISO: String
    let edited: String?
    let entryAuthor: AuthorView?
    let isOwner: Bool

    struct Slide {
        let large: String
        let alt: String
        let eager: Bool
    }

    init(_ readable: ReadableJournalEntry, zone: TimeZone) {
        let entry = readable.entry
        id = entry.id.lowercasedString
        heading = JournalText.heading(entry)
        entryTitle = entry.title.nonEmpty
        entryBody = entry.body.nonEmpty.map(SafeMarkdown.html)
        let count = entry.photoIDs.count
        photos = entry.photoIDs.enumerated().map { index, photo in
            Slide(
                large: MediaPath.url(photo, .large), alt: count == 1 ? "Photo" : "Photo \(index + 1) of \(count)",
                eager: index < 3)
        }
        hasPhotos = count > 0
        manyPhotos = count > 1
        photoCountText = "\(count) photos"
        entryTags = entry.tags.map(readable.viewerIsOwner ? TagView.own : TagView.plain)
        hasEntryTags = !entry.tags.isEmpty
        entryLocation = entry.location.nonEmpty
        entryMapHref = entry.coordinates.map {
            "https://www.openstreetmap.org/?mlat=\($0.latitude)&mlon=\($0.longitude)#map=15/\($0.latitude)/\($0.longitude)"
        }
        entryCoordinates = entry.coordinates.map { String(format: "%.5f, %.5f", $0.latitude, $0.longitude) }
        entryDate = DateText.long(entry.date)
        entryDateISO = entry.date.description
        visibility = entry.visibility.rawValue
        visibilityLabel = JournalText.label(entry.visibility)
        visibilityHint =
            switch entry.visibility {
            case .private: "Private: only you can see it."
            case .friends: "Friends: your friends can read it in their Friends feed."
            case .public: "Public: anyone with an account here can read it in Explore."
            }
        created = DateText.dateTime(entry.createdAt, in: zone)
        createdISO = LocalDate(entry.createdAt, in: zone).description
        edited =
            entry.updatedAt.timeIntervalSince(entry.createdAt) > 60 ? DateText.dateTime(entry.updatedAt, in: zone) : nil
        entryAuthor = readable.author.map(AuthorView.init)
        isOwner = readable.viewerIsOwner
    }
}

/// The entry form (`/journal/new`, `/journal/{id}/edit`).
struct JournalFormModel {
    let action: String
    let title: String
    let body: String
    let tags: String
    let location: String
    let latitude: String
    let longitude: String
    let date: String
    /// The latest date the date field offers: the writer's today.
    let today: String
    /// Where the browser keeps what is typed until it is saved (`app.js`): one per form.
    let draftKey: String
    /// A new entry's form: the offline outbox may keep it (an edit needs the connection).
    let isNew: Bool
    let isPrivate: Bool
    let isFriends: Bool
    let isPublic: Bool
    /// The chosen photos in order: hidden `photoIds` fields the photo picker keeps in step.
    let photos: [FormPhoto]
    let errors: [String: String]
    let journalFormSummary: String?
    let submitLabel: String
    let cancelHref: String
    let titleMax = JournalRules.titleMaxLength
    let bodyMax = JournalRules.bodyMaxLength
    let locationMax = JournalRules.locationMaxLength
    let photosMax = JournalRules.photosMax

    struct FormPhoto {
        let photoID: String
        let thumb: String
        let alt: String
    }

    /// Field names the service uses, as this form calls them.
    static let aliases = ["photoIds": "photos", "photoIDs": "photos"]

    init(
        action: String, input: JournalEntryInput, today: LocalDate, errors: FormErrors = FormErrors(),
        submitLabel: String, cancelHref: String
    ) {
        self.action = action
        title = input.title
        body = input.body
        tags = input.tags.joined(separator: ", ")
        location = input.location
        latitude = input.latitude
        longitude = input.longitude
        date = input.date.isEmpty ? today.description : input.date
        self.today = today.description
        draftKey = Self.draftKey(action: action)
        isNew = action == "/journal/new"
        isPrivate = input.visibility == .private
        isFriends = input.visibility == .friends
        isPublic = input.visibility == .public
        let count = input.photoIDs.count
        photos = input.photoIDs.enumerated().map { index, id in
            FormPhoto(
                photoID: id.lowercasedString, thumb: MediaPath.url(id, .small), alt: "Photo \(index + 1) of \(count)")
        }
        self.errors = errors.dictionary
        journalFormSummary = errors.summary
        self.submitLabel = submitLabel
        self.cancelHref = cancelHref
    }

    /// The draft of a new entry, or of the edit of one entry.
    static func draftKey(action: String) -> String { "draft:" + action }

    /// Reads the form's fields into the service's input. The tags stay one text, as typed.
    static func input(from form: FormData) -> JournalEntryInput {
        JournalEntryInput(
            title: form["title"], body: form["body"], tags: [form["tags"]], location: form["location"],
            latitude: form["latitude"], longitude: form["longitude"], date: form["date"],
            photoIDs: form.uuids("photoIds"), visibility: JournalVisibility(rawValue: form["visibility"]) ?? .private)
    }
}
