import Foundation
import Testing

@testable import DaybookCore

@Suite struct VocabularyTests {
    @Test func defaultsHoldTheWordsTheSeedsAskFor() {
        let feelings = Set(DefaultVocabulary.feelings.map(\.name))
        for name in ["happy", "calm", "grateful", "excited", "proud", "tired", "anxious", "sad", "angry",
                     "stressed", "lonely", "bored", "loved", "hopeful", "content", "frustrated"] {
            #expect(feelings.contains(name), "missing feeling \(name)")
        }
        let activities = Set(DefaultVocabulary.activities.map(\.name))
        for name in ["work", "study", "exercise", "walk", "reading", "gaming", "friends", "family", "date",
                     "shopping", "cooking", "cleaning", "movies", "music", "nature", "travel", "good meal",
                     "good sleep", "meditation", "sport", "party", "relax"] {
            #expect(activities.contains(name), "missing activity \(name)")
        }
    }

    @Test func defaultsAreUniqueAndPassTheirOwnRules() throws {
        for list in [DefaultVocabulary.feelings, DefaultVocabulary.activities] {
            #expect(Set(list.map(\.name)).count == list.count)
            for word in list {
                #expect(try VocabularyRules.validateName(word.name) == word.name)
                #expect(try VocabularyRules.validateEmoji(word.emoji) == word.emoji, "\(word.name)")
            }
        }
    }

    @Test func names() throws {
        #expect(try VocabularyRules.validateName("  board games ") == "board games")
        #expect(fieldError { try VocabularyRules.validateName("  ") }?.code == "required")
        #expect(try VocabularyRules.validateName(String(repeating: "a", count: 40)).count == 40)
        #expect(fieldError { try VocabularyRules.validateName(String(repeating: "a", count: 41)) }?.code == "too_long")
        #expect(fieldError { try VocabularyRules.validateName("a\tb") }?.code == "invalid")
    }

    @Test func personNames() throws {
        #expect(try VocabularyRules.validatePersonName(" Mum ") == "Mum")
        #expect(try VocabularyRules.validatePersonName(String(repeating: "a", count: 60)).count == 60)
        #expect(fieldError { try VocabularyRules.validatePersonName(String(repeating: "a", count: 61)) }?.code == "too_long")
        #expect(fieldError { try VocabularyRules.validatePersonName("") }?.code == "required")
    }

    @Test(arguments: ["😊", " 🏃 ", "👨‍👩‍👧", "🇫🇮", "❤️", "★", "☕", "1️⃣", "🌧️🌈"])
    func acceptsEmojis(_ emoji: String) throws {
        #expect(try VocabularyRules.validateEmoji(emoji) == emoji.trimmingCharacters(in: .whitespaces))
    }

    @Test func refusesNonEmojis() {
        #expect(fieldError { try VocabularyRules.validateEmoji("   ") }?.code == "required")
        #expect(fieldError { try VocabularyRules.validateEmoji("😊😊😊") }?.code == "too_long")
        for text in ["a", "ab", "7", "42", "é", "😊a", "!"] {
            let error = fieldError { try VocabularyRules.validateEmoji(text) }
            #expect(error?.code == "invalid", "\(text)")
            #expect(error?.field == "emoji")
        }
    }
}

@Suite struct QuestionOfTheDayTests {
    @Test func hasEnoughDistinctQuestions() {
        #expect(QuestionOfTheDay.questions.count >= 60)
        #expect(Set(QuestionOfTheDay.questions).count == QuestionOfTheDay.questions.count)
        #expect(QuestionOfTheDay.questions.allSatisfy { $0.hasSuffix("?") })
    }

    @Test func isDeterministic() {
        let day = date("2026-11-22")
        #expect(QuestionOfTheDay.question(for: day) == QuestionOfTheDay.question(for: LocalDate(year: 2026, month: 11, day: 22)!))
        #expect(QuestionOfTheDay.question(for: day) != QuestionOfTheDay.question(for: day.adding(days: 1)))
    }

    @Test func dayNumberCountsFrom1970() {
        #expect(QuestionOfTheDay.dayNumber(date("1970-01-01")) == 0)
        #expect(QuestionOfTheDay.dayNumber(date("1969-12-31")) == -1)
        #expect(QuestionOfTheDay.dayNumber(date("2000-03-01")) == 11_017)
        #expect(QuestionOfTheDay.dayNumber(date("2026-11-22")) == 20_779)
        let start = date("1899-12-25")
        for offset in 0..<50_000 where offset % 97 == 0 {
            #expect(QuestionOfTheDay.dayNumber(start.adding(days: offset)) == QuestionOfTheDay.dayNumber(start) + offset)
        }
    }

    @Test func consecutiveDaysDifferAndEveryQuestionComesUp() {
        let count = QuestionOfTheDay.questions.count
        var day = date("2025-12-20")
        var seen = Set<String>()
        var previous = QuestionOfTheDay.question(for: day.adding(days: -1))
        for _ in 0..<count {
            let question = QuestionOfTheDay.question(for: day)
            #expect(question != previous, "\(day)")
            seen.insert(question)
            previous = question
            day = day.adding(days: 1)
        }
        #expect(seen.count == count)
    }

    @Test func negativeDayNumbersStayInRange() {
        let count = QuestionOfTheDay.questions.count
        for day in -1_000...1_000 {
            let index = QuestionOfTheDay.index(forDayNumber: day)
            #expect((0..<count).contains(index))
            #expect(index != QuestionOfTheDay.index(forDayNumber: day + 1))
        }
    }
}
