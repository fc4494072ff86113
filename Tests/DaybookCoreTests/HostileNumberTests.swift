import Foundation
import Testing

@testable import DaybookCore

/// Numbers a person or a file gives, at the ends of what their types hold and at random: a check
/// answers an error naming the field, never a trap (which stops the server for everyone).
/// Property runs are seeded, so a failure repeats.
@Suite("Hostile numbers")
struct HostileNumberTests {
    /// Finding 1 of the attack: `price=99999999999999999999` in the closet form stopped the server.
    @Test(arguments: [
        "99999999999999999999", "92233720368547758.07", "9223372036854775807", "1e308", "184467440737095516.16",
        "9223372036854775.808", "1000000.01", "100000000000000000000000000000000000000000000",
    ])
    func aPriceTooLargeIsAnErrorOnPrice(text: String) {
        let error = fieldError { try ClosetRules.priceCents(text) }
        #expect(error?.field == "price", "\(text)")
    }

    @Test func pricesAtRandomAreEitherCentsOrAnError() {
        var random = SplitMix64(seed: 60)
        let alphabet = Array("0123456789.,-e+ ")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...30, using: &random)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            do {
                if let cents = try ClosetRules.priceCents(text) {
                    #expect((0...ClosetRules.priceMaxCents).contains(cents), "\(text)")
                }
            } catch let error as FieldError {
                #expect(error.field == "price")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }

    @Test func pricesSentAsNumbers() throws {
        #expect(try ClosetRules.priceCents(ClosetRules.priceText(amount: 49.9)) == 4990)
        #expect(try ClosetRules.priceCents(ClosetRules.priceText(amount: 0)) == 0)
        #expect(try ClosetRules.priceCents(ClosetRules.priceText(amount: 1_000_000)) == 100_000_000)
        for amount in [1e20, 92233720368547758.07, 1e300, .infinity, .nan, -1e300, -0.01, 1.005, 0.001] {
            #expect(fieldError { try ClosetRules.priceCents(ClosetRules.priceText(amount: amount)) }?.field == "price")
        }
    }

    @Test func costPerWearOfTheLargestPrice() {
        #expect(WearSummary(count: 1, lastWorn: nil).costPerWear(priceCents: .max) == .max)
        #expect(WearSummary(count: 2, lastWorn: nil).costPerWear(priceCents: 5) == 3)
        #expect(WearSummary(count: 3, lastWorn: nil).costPerWear(priceCents: 10_000) == 3333)
    }

    /// Finding 2: `"datetime": 9223372036854775807` in a Daylio backup trapped when stored.
    @Test func storedInstantsSaturateInsteadOfTrapping() {
        #expect(Date(timeIntervalSince1970: 9.3e15).microsecondsSince1970 == .max)
        #expect(Date(timeIntervalSince1970: -9.3e15).microsecondsSince1970 == .min)
        // Not inside `#expect`: describing a NaN date traps in Foundation itself.
        let nan = Date(timeIntervalSince1970: .nan)
        let nanMicros = nan.microsecondsSince1970
        let nanStorable = nan.isStorable
        #expect(nanMicros == .min)
        #expect(!nanStorable)
        #expect(Date(timeIntervalSince1970: 1.5).microsecondsSince1970 == 1_500_000)
        #expect(!Date(timeIntervalSince1970: 9.3e15).isStorable)
        #expect(Date(timeIntervalSince1970: 0).isStorable)
        #expect(LocalDate.latest.start(in: .gmt).isStorable)
    }

    @Test func aClockTimeOutOfRangeIsNoInstant() {
        let date = LocalDate(year: 2024, month: 3, day: 3)!
        for (hour, minute) in [(Int.max, 0), (Int.min, 0), (0, Int.max), (24, 0), (-1, 0), (23, 60)] {
            #expect(date.instant(hour: hour, minute: minute, in: .gmt) == nil, "\(hour):\(minute)")
        }
    }
}
