import DaybookServices
import Foundation
import Testing

@Suite("Session tokens and password hashing")
struct TokenAndHashTests {
    @Test func tokensAreLongRandomAndURLSafe() {
        let tokens = (0..<200).map { _ in SessionToken.generate() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens {
            #expect(token.count == 43)  // 32 bytes = 256 bits, base64url without padding
            #expect(SessionToken.looksValid(token))
            #expect(!token.contains("+") && !token.contains("/") && !token.contains("="))
        }
    }

    @Test func onlyTheSHA256OfATokenIsKept() {
        let hash = SessionToken.hash("abc")
        #expect(hash == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SessionToken.hash(SessionToken.generate()).count == 64)
        #expect(SessionToken.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SessionToken.hash("q8Zx-3_vYtB0nKcW7pLmR2sJdF9gHa4uE1iVoN6yTbw")
                == "66bce36e124db5a434e9958aa78b1586b511d4b0e2b57952230261ae8c8611c2")
    }

    @Test func malformedTokensAreRejectedBeforeTheDatabase() {
        #expect(!SessionToken.looksValid(""))
        #expect(!SessionToken.looksValid("short"))
        #expect(!SessionToken.looksValid(String(repeating: "a", count: 42) + "!"))
    }

    @Test func bcryptHashesVerifyAndUseTheConfiguredCost() async throws {
        let hasher = PasswordHasher(cost: 5)
        let hash = try await hasher.hash("correct horse battery")
        #expect(hash.hasPrefix("bcrypt-sha256$$2b$05$"))
        #expect(!hasher.needsRehash(hash))
        #expect(PasswordHasher(cost: 6).needsRehash(hash))
        #expect(try await hasher.verify("correct horse battery", hash: hash))
        #expect(try await !hasher.verify("correct horse batterz", hash: hash))
        #expect(try await hasher.hash("correct horse battery") != hash)  // salted
    }

    @Test func productionCostIsTwelve() {
        #expect(PasswordHasher().cost == 12)
    }

    @Test func deviceNamesAreShortAndHuman() {
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
        #expect(DeviceName.from(userAgent: iphone) == "Safari on iPhone")
        #expect(DeviceName.from(userAgent: nil) == "Unknown device")
    }
}
