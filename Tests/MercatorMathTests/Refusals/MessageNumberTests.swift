import Foundation
import TestSupport
import Testing

@testable import MercatorMath

/// How numbers read in every error message (issue 21): whole numbers as integers, other numbers in full (the
/// shortest form that reads back to the same Double), tiny ones with their digits.
struct MessageNumberTests {
    @Test(
        "hand-worked values",
        arguments: [
            (40.0, "40"), (-0.0, "0"), (0.0, "0"), (-7.0, "-7"), (0.25, "0.25"), (64.01, "64.01"),
            (1e-9, "1e-9"), (-2.5e-7, "-2.5e-7"), (1e-300, "1e-300"), (2.5e20, "2.5e+20"), (1e300, "1e+300"),
            (30.000000000000004, "30.000000000000004"), (0x1p53 - 1, "9007199254740991"),
            (0x1p53, "9007199254740992"), (-0x1p63, "-9223372036854775808"), (0x1p63, "9.223372036854776e+18"),
            (123456.5, "123456.5"), (Double.nan, "nan"),
            (Double.infinity, "inf"), (-Double.infinity, "-inf"),
        ])
    func handWorked(value: Double, text: String) {
        #expect(MessageNumber.text(value) == text)
    }

    @Test("random values read back exactly, and whole ones print without a decimal point")
    func roundTrips() {
        var random = SplitMix64(seed: 21)
        var finite = 0
        for _ in 0..<20_000 {
            let bits = random.next()
            let value = Double(bitPattern: bits)
            guard value.isFinite else { continue }
            finite += 1
            let text = MessageNumber.text(value)
            #expect(Double(text) == value, "\(value) printed \(text)")
            if value == value.rounded() && value >= -0x1p63 && value < 0x1p63 {
                #expect(!text.contains(".") && !text.contains("e"), "\(value) printed \(text)")
            }
            #expect(!text.contains("e-0") && !text.contains("e+0"), "\(value) printed \(text)")
        }
        // A bit pattern is an infinity or a NaN when its 11 exponent bits are all set, once in 2,048 (about 10 here).
        #expect(finite >= 19_900, "\(finite) of 20,000 random bit patterns finite")
        // Whole numbers of every size below 2⁵³, and tiny ones, from integers.
        for _ in 0..<2_000 {
            let n = Int64(bitPattern: random.next()) >> 11
            #expect(MessageNumber.text(Double(n)) == "\(n)")
            let tiny = Double(n) * 1e-12
            #expect(Double(MessageNumber.text(tiny)) == tiny)
        }
    }

    @Test("messages use it: whole values as integers, tiny values with their digits")
    func inMessages() {
        #expect(
            MercatorError.outOfRange(field: "F", value: 40, range: 0...30).description
                == "F is 40; it must lie in [0, 30].")
        #expect(
            MercatorError.nonPositive(field: "F", value: -1e-9).description
                == "F is -1e-9; it must be greater than zero.")
        #expect(
            MercatorError.latitudeOutOfRange(field: "Latitude", latitude: 86.2, limit: 85.0511287798066).description
                == "Latitude 86.2° is out of range; valid latitudes lie within ±85.0511287798066°.")
    }
}
