import Foundation
import Testing

@testable import DaybookCore

@Suite struct DayEntryRulesTests {
    let userID = UUID()
    let now = instant(2026, 11, 22, 21, 0, in: "Europe/Helsinki")
    let day = date("2026-11-22")

    func validate(_ input: DayEntryInput) throws -> DayEntry {
        try DayEntryRules.validate(input, userID: userID, date: day, question: "What made you smile?", now: now)
    }

    /// The teaser line: the first line that is not empty, without the blanks around it, whatever
    /// the line break (the scalar scan must agree with `Character.isNewline`).
    @Test(arguments: [
        ("Walked to the sea.\nThen tea.", "Walked to the sea."), ("\n\n  Rain all day  \r\nlater", "Rain all day"),
        ("one\u{2028}two", "one"), ("\tTabbed\u{00A0}", "Tabbed"), ("", ""), ("\n\r\n", ""),
        ("🇫🇮 Helsinki\u{85}x", "🇫🇮 Helsinki"), ("   \nsecond", ""),
        // Bytes that begin a line break's UTF-8 (0xC2, 0xE2) in characters that are not one.
        ("½ — €, then\u{2029}next", "½ — €, then"), ("café…", "café…"),
    ])
    func noteFirstLine(note: String, expected: String) {
        let teaser = DayTeaser(DayEntry(userID: userID, date: LocalDate("2026-11-20")!, mood: .good, note: note))
        #expect(teaser.noteFirstLine == expected)
        let reference =
            note.split(whereSeparator: \.isNewline).first.map {
                String($0).trimmingCharacters(in: .whitespaces)
            } ?? ""
        #expect(teaser.noteFirstLine == reference)
    }

    /// Random notes of line breaks, blanks and multi-byte characters: the byte scan agrees with
    /// `Character.isNewline` and `CharacterSet.whitespaces` on every one.
    @Test func noteFirstLineAgreesOnRandomNotes() {
        let pieces = [
            "a", "Zz", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
            "\u{A0}", "\u{3000}", "\u{2003}", "é", "½", "—", "€", "…", "\u{2027}", "\u{202A}", "🇫🇮", "😀", "\u{C5}",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let note = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let teaser = DayTeaser(DayEntry(userID: userID, date: LocalDate("2026-11-20")!, mood: .good, note: note))
            let reference =
                note.split(whereSeparator: \.isNewline).first.map {
                    String($0).trimmingCharacters(in: .whitespaces)
                } ?? ""
            #expect(teaser.noteFirstLine == reference, "\(note.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func parseDateAcceptsTodayAndThePast() throws {
        #expect(try DayEntryRules.parseDate("2026-11-22", today: day) == day)
        #expect(try DayEntryRules.parseDate("2024-02-29", today: day) == date("2024-02-29"))
    }

    @Test func parseDateRefusesTheFuture() {
        let error = fieldError { try DayEntryRules.parseDate("2026-11-23", today: day) }
        #expect(error?.field == "date")
        #expect(error?.code == "future_date")
        #expect(error?.message == "You can't log a day in the future (today is 2026-11-22).")
    }

    @Test(arguments: ["2026-11-2", "2023-02-29", "yesterday", "", "2026/11/22", "22-11-2026", "2026-11-22 ", " 2026-11-22", "2026-11-22\t"])
    func parseDateRefusesMalformed(_ text: String) {
        let error = fieldError { try DayEntryRules.parseDate(text, today: day) }
        #expect(error?.field == "date")
        #expect(error?.code == "invalid")
    }

    @Test func buildsAFullEntry() throws {
        let activity = UUID()
        let photo = UUID()
        let entry = try validate(
            DayEntryInput(
                mood: 4, activityIDs: [activity, activity], note: "  Long walk.\nThen tea. ", thoughts: "quiet",
                gratitude: ["sun", "", "  tea  ", "\n"], answer: "the dog", songTitle: " Here Comes the Sun ",
                songArtist: "The Beatles", songLink: "https://open.spotify.com/track/6dGnYIeXmHdcikdzNNDMm2",
                photoID: photo))
        #expect(entry.userID == userID)
        #expect(entry.date == day)
        #expect(entry.mood == .good)
        #expect(entry.activityIDs == [activity])
        #expect(entry.note == "Long walk.\nThen tea.")
        #expect(entry.gratitude == ["sun", "tea"])
        #expect(entry.question == "What made you smile?")
        #expect(entry.answer == "the dog")
        #expect(
            entry.song
                == Song(
                    title: "Here Comes the Sun", artist: "The Beatles",
                    link: "https://open.spotify.com/track/6dGnYIeXmHdcikdzNNDMm2"))
        #expect(entry.photoID == photo)
        #expect(entry.createdAt == now && entry.updatedAt == now)
    }

    @Test func songIsNilWhenAllEmptyAndTitleIsOptional() throws {
        #expect(try validate(DayEntryInput(mood: 3, songTitle: "  ")).song == nil)
        let song = try validate(DayEntryInput(mood: 3, songLink: "http://example.com/x")).song
        #expect(song == Song(title: "", artist: "", link: "http://example.com/x"))
        let pasted = try validate(DayEntryInput(mood: 3, songLink: " \nhttps://example.com/a\u{2003}\t")).song
        #expect(pasted?.link == "https://example.com/a", "a pasted link loses the white space at its ends")
        #expect(try validate(DayEntryInput(mood: 3, songArtist: "Nina Simone")).song?.artist == "Nina Simone")
    }

    @Test func moodIsRequiredAndInRange() {
        #expect(validationErrors { try validate(DayEntryInput()) }.map(\.code) == ["required"])
        for mood in [0, 6, -1] {
            let errors = validationErrors { try validate(DayEntryInput(mood: mood)) }
            #expect(errors.map(\.field) == ["mood"])
            #expect(errors.map(\.code) == ["out_of_range"])
        }
        for mood in 1...5 {
            #expect(validationErrors { try validate(DayEntryInput(mood: mood)) }.isEmpty)
        }
    }

    @Test func longTextsAreRefused() throws {
        let limit = String(repeating: "a", count: 10_000)
        #expect(try validate(DayEntryInput(mood: 3, note: limit)).note.count == 10_000)
        let errors = validationErrors {
            try validate(DayEntryInput(mood: 3, note: limit + "b", thoughts: limit + "b", answer: limit + "b"))
        }
        #expect(errors.map(\.field) == ["note", "thoughts", "answer"])
        #expect(errors.allSatisfy { $0.code == "too_long" })
        #expect(errors.first?.message.contains("10,000") == true)
    }

    @Test(arguments: ["javascript:alert(1)", "ftp://x", "data:text/html,hi", "mailto:a@b.co", "JavaScript:alert(1)"])
    func songLinksWithOtherSchemesAreRefused(_ link: String) {
        let errors = validationErrors { try validate(DayEntryInput(mood: 3, songTitle: "x", songLink: link)) }
        #expect(errors.map(\.field) == ["song.link"])
        #expect(errors.map(\.code) == ["invalid_scheme"])
    }

    /// Pasted without `https://`, a link that starts with a host name is completed (issue 63).
    @Test func songLinksWithoutTheirSchemeAreCompleted() throws {
        #expect(try validate(DayEntryInput(mood: 3, songLink: "open.spotify.com/track/1")).song?.link
            == "https://open.spotify.com/track/1")
        #expect(try validate(DayEntryInput(mood: 3, songLink: "music.youtube.com")).song?.link == "https://music.youtube.com")
    }

    @Test(arguments: [
        "https://", "https:///path", "https://exa mple.com", "http:example.com", "a@b.co/x", "spotify/track",
    ])
    func malformedSongLinksAreRefused(_ link: String) {
        let errors = validationErrors { try validate(DayEntryInput(mood: 3, songLink: link)) }
        #expect(errors.map(\.field) == ["song.link"])
        #expect(errors.map(\.code) == ["invalid"])
    }

    @Test func songLinkLength() throws {
        let base = "https://example.com/"
        let link = base + String(repeating: "a", count: 2_000 - base.count)
        #expect(try validate(DayEntryInput(mood: 3, songLink: link)).song?.link == link)
        #expect(
            validationErrors { try validate(DayEntryInput(mood: 3, songLink: link + "a")) }.map(\.code) == ["too_long"])
    }

    /// Random lines of breaks, blanks, control characters and multi-byte text: the ASCII shortcut
    /// keeps what `Character.isNewline` and `CharacterSet.whitespaces` keep on every one.
    @Test func gratitudeLinesAgreeOnRandomText() throws {
        let pieces = [
            "tea", "a", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1}", "\u{85}", "\u{2028}", "\u{A0}", "é", "😀",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let line = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let reference = line.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard reference.count <= DayEntryRules.gratitudeMaxLines else { continue }
            let kept = try DayEntryRules.validateGratitude([line])
            #expect(kept == reference, "\(line.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func gratitudeHasAtMostThreeLines() throws {
        let errors = validationErrors { try validate(DayEntryInput(mood: 3, gratitude: ["a", "b", "c", "d"])) }
        #expect(errors.map(\.field) == ["gratitude"])
        #expect(errors.map(\.code) == ["too_many"])
        #expect(validationErrors { try validate(DayEntryInput(mood: 3, gratitude: ["a\nb\nc\nd"])) }.count == 1)
        #expect(
            try validate(DayEntryInput(mood: 3, gratitude: ["a", "", "b", " ", "c"])).gratitude == ["a", "b", "c"])
        let long = String(repeating: "g", count: 501)
        #expect(
            validationErrors { try validate(DayEntryInput(mood: 3, gratitude: [long])) }.map(\.code) == ["too_long"])
    }

    @Test func songTextsHaveALimit() {
        let long = String(repeating: "s", count: 201)
        let errors = validationErrors { try validate(DayEntryInput(mood: 3, songTitle: long, songArtist: long)) }
        #expect(errors.map(\.field) == ["song.title", "song.artist"])
    }

    @Test func reportsEveryBadFieldAtOnce() {
        let long = String(repeating: "x", count: 10_001)
        let errors = validationErrors {
            try validate(
                DayEntryInput(
                    mood: 6, note: long, thoughts: long, gratitude: ["1", "2", "3", "4"], answer: long,
                    songTitle: String(repeating: "t", count: 201), songArtist: String(repeating: "a", count: 201),
                    songLink: "javascript:alert(1)"))
        }
        #expect(
            errors.map(\.field) == [
                "mood", "note", "thoughts", "gratitude", "answer", "song.title", "song.artist", "song.link",
            ])
    }

    @Test func inputRoundTripsAnEntry() throws {
        let entry = try validate(DayEntryInput(mood: 2, note: "n", gratitude: ["g"], songTitle: "t"))
        #expect(try validate(DayEntryInput(entry)) == entry)
    }
}
