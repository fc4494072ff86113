/// The question of the day (seed 003): one reflective prompt per date, the same for every user and
/// every device, so it can be picked without storing anything. An entry keeps the text it was
/// asked with, so editing this list never rewrites history.
public enum QuestionOfTheDay {
    /// Kind, open questions: none needs a good day to answer, none asks for a score.
    public static let questions: [String] = [
        "What made you smile today?",
        "What is something you are looking forward to?",
        "Who made a difference to your day, even a small one?",
        "What did you learn today?",
        "What would you like to let go of tonight?",
        "When did you feel most like yourself today?",
        "What is one thing you did today that you are proud of?",
        "What was the best thing you ate today?",
        "What small thing would make tomorrow a little better?",
        "What surprised you today?",
        "What did your body need today, and did it get it?",
        "What is something kind you did for someone else?",
        "What is something kind someone did for you?",
        "Which moment of today would you like to remember in a year?",
        "What drained your energy today, and what gave it back?",
        "What are you curious about right now?",
        "What is a worry you can put down for tonight?",
        "Where did you find a bit of calm today?",
        "What did you do just for fun?",
        "What is a song that fits today?",
        "What would you tell a friend who had the same day as you?",
        "What is one thing you noticed outside today?",
        "What took more courage than anyone would guess?",
        "What are you grateful for that you usually take for granted?",
        "What is something you want to remember about the people you love right now?",
        "What did you say yes to today, and what did you say no to?",
        "If today had a title, what would it be?",
        "What is something you are getting better at?",
        "What made you laugh recently?",
        "What do you need more of this week?",
        "What do you need less of this week?",
        "What is a place that makes you feel at home?",
        "What is a small win from today?",
        "What would make you feel rested right now?",
        "What did you do today that your past self would be glad about?",
        "What is on your mind as the day ends?",
        "Who would you like to thank, and for what?",
        "What is a habit you would like to keep?",
        "What is a habit you would like to change, gently?",
        "What was the most peaceful moment of your day?",
        "What is something beautiful you saw today?",
        "What gave you hope today?",
        "What felt hard today, and how did you get through it?",
        "What are you looking forward to this weekend?",
        "What is a memory that came back to you today?",
        "What would you do with a free afternoon tomorrow?",
        "What is one thing you could forgive yourself for?",
        "How did you take care of yourself today?",
        "What conversation stayed with you today?",
        "What is something you created, fixed or finished?",
        "What is something you would like to learn next?",
        "Which feeling visited most often today?",
        "What made today different from yesterday?",
        "What is a question you have been carrying around lately?",
        "What are three words that describe today?",
        "What is something you are proud of this month?",
        "What helped you focus today?",
        "What distracted you today, and does it matter?",
        "Who do you miss right now?",
        "What is a simple pleasure you enjoyed today?",
        "What would a perfect ordinary day look like for you?",
        "What is one thing you want to do differently tomorrow?",
        "What was the kindest thing you said to yourself today?",
        "What are you holding on to that you could share with someone?",
        "What made you feel connected to someone today?",
        "What is a goal that still matters to you?",
        "What is something you changed your mind about?",
        "What did you hear today that you want to remember?",
        "What is a smell, sound or taste that stood out today?",
        "Where did your time go today, and is that where you want it to go?",
        "What is something you are looking forward to learning about someone?",
        "What did you do today that was only for you?",
        "What is something that went better than expected?",
        "What are you ready to start?",
        "What did today teach you about what you need?",
        "What would you like to celebrate, however small?",
        "Who could use a message from you tomorrow?",
        "What moment today would you replay if you could?",
        "What is something you are quietly hoping for?",
        "What does rest look like for you this week?",
    ]

    /// The question for a date: a fixed function of the date alone.
    ///
    /// Day numbers are walked with a step coprime to the number of questions, so over any run of
    /// `questions.count` consecutive days every question comes up exactly once, and two consecutive
    /// days never share one. Swift's `hashValue` would not do: it is seeded anew at every launch.
    public static func question(for date: LocalDate) -> String {
        questions[index(forDayNumber: dayNumber(date))]
    }

    /// Position in `questions` for a day counted from 1970-01-01.
    static func index(forDayNumber day: Int) -> Int {
        let count = questions.count
        let mixed = (day % count) * step % count + offset
        return ((mixed % count) + count) % count
    }

    /// A step near 3/8 of the list that shares no factor with its length, so the walk jumps about
    /// instead of going down the list in order.
    static let step: Int = {
        let count = questions.count
        var candidate = count * 3 / 8
        while gcd(candidate, count) != 1 { candidate += 1 }
        return candidate
    }()

    /// Shifts the cycle so that 1970-01-01 is not simply the first question.
    private static let offset = 17

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`): plain integer arithmetic, no `Calendar` or time zone involved.
    static func dayNumber(_ date: LocalDate) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (date.month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}
