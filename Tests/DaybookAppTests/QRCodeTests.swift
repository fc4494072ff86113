import Foundation
import Testing

@testable import DaybookWeb

/// The server-drawn QR code, read back by a real decoder (`zbarimg`, from Debian's zbar-tools,
/// which `scripts/install-deps.sh test` installs) for every version the encoder may choose.
@Suite("QR codes")
struct QRCodeTests {
    /// Writes the code as a PBM picture, 4 pixels a module with its quiet zone, and decodes it.
    func decode(_ code: QRCode) throws -> String {
        let scale = 4
        let side = (code.size + 8) * scale
        var pixels = "P1\n\(side) \(side)\n"
        for y in 0..<side {
            for x in 0..<side {
                let (mx, my) = (x / scale - 4, y / scale - 4)
                let dark = (0..<code.size).contains(mx) && (0..<code.size).contains(my) && code.modules[my][mx]
                pixels += dark ? "1 " : "0 "
            }
            pixels += "\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID()).pbm")
        try pixels.write(to: file, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", "-Sbinary", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: [1, 14, 15, 60, 119, 120, 160, 213, 214, 300, 331, 400, 480, 560, 640])
    func decodesBackToTheText(length: Int) throws {
        // ASCII, as an otpauth address is (its label percent-encoded): zbar guesses the character
        // set of longer texts and may read UTF-8 as Latin-1.
        let text = String((0..<length).map { i in Array("otpauth://totp/Daybook:anna?secret=JBSWY3DPEHPK3PXP&%C3")[i % 54] })
        let code = try #require(QRCode(text))
        let read = try decode(code)
        #expect(read.trimmingCharacters(in: .newlines) == text, "\(length) bytes, \(code.size) modules")
    }

    @Test func tooLongIsNil() {
        #expect(QRCode(String(repeating: "x", count: 2000)) == nil)
    }
}
