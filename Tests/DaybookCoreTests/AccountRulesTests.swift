import Foundation
import Testing

@testable import DaybookCore

@Suite struct EmailAddressTests {
    @Test func trimsAndLowerCases() throws {
        #expect(try EmailAddress.normalize("  Ann.Lee@Example.ORG \n") == "ann.lee@example.org")
    }

    @Test func acceptsEverydayShapes() throws {
        for email in ["a@b.co", "first.last+tag@mail.example.com", "x_y-z@sub-domain.example.fi"] {
            #expect(try EmailAddress.normalize(email) == email)
        }
    }

    @Test func emptyIsRequired() {
        #expect(fieldError { try EmailAddress.normalize("   ") }?.code == "required")
    }

    @Test(arguments: [
        "plainaddress", "@example.com", "ann@", "ann@example", "ann@@example.com", "ann@ex@ample.com",
        "ann lee@example.com", "ann@exa mple.com", "ann@.example.com", "ann@example..com", "ann@example.com.",
        "Ann <ann@example.com>", "ann@-example.com", ".ann@example.com",
    ])
    func refusesBadShapes(_ email: String) {
        let error = fieldError { try EmailAddress.normalize(email) }
        #expect(error?.code == "invalid")
        #expect(error?.field == "email")
    }

    @Test func refusesOver254Characters() {
        let local = String(repeating: "a", count: 64)
        let domain = String(repeating: "b", count: 250 - 64) + ".com"
        let email = local + "@" + domain
        #expect(email.count == 255)
        #expect(fieldError { try EmailAddress.normalize(email) }?.code == "too_long")
    }

    @Test func usesTheGivenFieldName() {
        #expect(fieldError { try EmailAddress.normalize("nope", field: "newEmail") }?.field == "newEmail")
    }
}

@Suite struct UsernameTests {
    @Test func lengthEdges() throws {
        #expect(fieldError { try Username.validate("ab") }?.code == "too_short")
        #expect(try Username.validate("abc") == "abc")
        let thirty = String(repeating: "a", count: 30)
        #expect(try Username.validate(thirty) == thirty)
        #expect(fieldError { try Username.validate(thirty + "a") }?.code == "too_long")
    }

    @Test func emptyIsRequired() {
        #expect(fieldError { try Username.validate(" ") }?.code == "required")
    }

    @Test(arguments: ["ann lee", "ann-lee", "ann@lee", "anné", "ann!", "änn", "ann🙂"])
    func refusesOtherCharacters(_ name: String) {
        let error = fieldError { try Username.validate(name) }
        #expect(error?.code == "invalid")
        #expect(error?.message.contains("a–z") == true)
    }

    @Test func keepsCaseAndTrims() throws {
        #expect(try Username.validate("  Ann_Lee.92 ") == "Ann_Lee.92")
    }

    @Test func canonicalIgnoresCase() {
        #expect(Username.canonical("Ann_Lee") == Username.canonical("ann_lee"))
        #expect(Username.canonical("ANN") == "ann")
    }
}

@Suite struct PasswordPolicyTests {
    @Test func lengthEdges() throws {
        #expect(fieldError { try PasswordPolicy.validate("kx8!wq#z2") }?.code == "too_short")
        try PasswordPolicy.validate("kx8!wq#z2m")
        let long = String(repeating: "kx8!", count: 32)
        #expect(long.count == 128)
        try PasswordPolicy.validate(long)
        #expect(fieldError { try PasswordPolicy.validate(long + "z") }?.code == "too_long")
    }

    @Test func emptyIsRequired() {
        #expect(fieldError { try PasswordPolicy.validate("") }?.code == "required")
    }

    @Test(arguments: [
        "password123", "qwertyuiop", "1234567890", "Password123", "QWERTYUIOP", "1q2w3e4r5t",
        "passwordpassword", "iloveyou2024", "Monkey123456", "dragondragon", "aaaaaaaaaaaa", "1qaz2wsx3edc",
        "sunshine1990", "letmeinplease",
    ])
    func refusesCommonPasswords(_ password: String) {
        let error = fieldError { try PasswordPolicy.validate(password) }
        #expect(error?.code == "common_password")
        #expect(error?.field == "password")
    }

    @Test func listHoldsOnlyPasswordsThePolicyCouldLetThrough() {
        #expect(CommonPasswords.count >= 50_000)
        #expect(CommonPasswords.contains("PASSWORD1234"))
        // Short ones are refused by length; the list does not spend memory on them.
        #expect(!CommonPasswords.contains("password"))
        #expect(!CommonPasswords.contains("correct horse battery staple of ours"))
    }

    /// bcrypt would stop at a NUL; tabs and line breaks cannot be typed back reliably. A message,
    /// not a silent strip.
    @Test(arguments: ["abc\u{0}defghijklm", "\u{0}abcdefghijkl", "tab\tinside a password", "two\nlines of it", "bell\u{7}and more"])
    func refusesControlCharacters(_ password: String) {
        let error = fieldError { try PasswordPolicy.validate(password, field: "newPassword") }
        #expect(error?.code == "control_character")
        #expect(error?.field == "newPassword")
    }

    @Test func spacesCountAndAreKept() throws {
        try PasswordPolicy.validate("  my dog rex  ")
    }
}

@Suite struct ProfileRulesTests {
    @Test(arguments: [
        "Europe/Helsinki", "America/New_York", "Pacific/Auckland", "Asia/Kolkata", "Asia/Calcutta",
        "America/Argentina/Buenos_Aires", "UTC",
    ])
    func acceptsIANANames(_ name: String) throws {
        #expect(try ProfileRules.validateTimeZone(name) == name)
    }

    @Test(arguments: ["Mars/Olympus", "Europe/Helsinky", "+02:00", "not a zone", "europe/helsinki", "Europe/", "/"])
    func refusesUnknownNames(_ name: String) {
        let error = fieldError { try ProfileRules.validateTimeZone(name) }
        #expect(error?.code == "invalid")
        #expect(error?.field == "timeZone")
    }

    @Test func emptyTimeZoneIsRequired() {
        #expect(fieldError { try ProfileRules.validateTimeZone("") }?.code == "required")
    }

    @Test func bioKeepsLeadingSpaceTrimsTrailing() throws {
        #expect(try ProfileRules.validateBio("  hi\nthere \n\n") == "  hi\nthere")
        let bio = String(repeating: "x", count: 500)
        #expect(try ProfileRules.validateBio(bio + "   ") == bio)
        #expect(fieldError { try ProfileRules.validateBio(bio + "y") }?.code == "too_long")
    }

    @Test func displayName() throws {
        #expect(try ProfileRules.validateDisplayName("  Ann Lee ") == "Ann Lee")
        #expect(try ProfileRules.validateDisplayName("") == "")
        #expect(try ProfileRules.validateDisplayName("Anna 👩‍👩‍👧") == "Anna 👩‍👩‍👧")
        #expect(fieldError { try ProfileRules.validateDisplayName(String(repeating: "a", count: 81)) }?.code == "too_long")
        #expect(fieldError { try ProfileRules.validateDisplayName("Ann\u{7}Lee") }?.code == "invalid")
        #expect(fieldError { try ProfileRules.validateDisplayName("Ann\nLee") }?.code == "invalid")
    }
}
