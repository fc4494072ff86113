/// A QR code (ISO/IEC 18004), drawn on the server so that enrolling an authenticator app needs no
/// outside service and no script: byte mode, error correction level M, the smallest version
/// (1–20) that holds the text. Enough for an `otpauth://` address, which is about 120 bytes.
///
/// The steps are the standard's: data bits, Reed–Solomon blocks interleaved, function patterns,
/// the zig-zag placement, one of eight masks (the one with the lowest penalty), format and version
/// information.
struct QRCode {
    /// `modules[y][x]`: true is dark.
    let modules: [[Bool]]
    var size: Int { modules.count }

    /// Nil when the text does not fit version 20.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let version = (1...20).first(where: { Self.dataCapacity($0) >= Self.bitsNeeded(bytes.count, $0) }) else {
            return nil
        }
        var grid = Grid(version: version)
        grid.drawFunctionPatterns()
        grid.drawCodewords(Self.interleaved(Self.dataCodewords(bytes, version: version), version: version))
        let candidates = (0..<8).map { mask in (mask: mask, grid: grid.masked(mask)) }
        let best = candidates.map { ($0, $0.grid.penalty) }.min { $0.1 < $1.1 }!.0
        grid = best.grid
        grid.drawFormatBits(mask: best.mask)
        modules = grid.modules
    }

    /// An SVG of the code with a quiet zone of four modules, scaled by the page.
    func svg(label: String) -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            for x in 0..<size where modules[y][x] { path += "M\(x + 4) \(y + 4)h1v1h-1z" }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" class="qr" role="img" \
            aria-label="\(label)" shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>
            """
    }

    // MARK: Capacity and codewords

    /// Level M, versions 1…20: error correction codewords per block, and blocks.
    static let eccPerBlock = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26]
    static let blocks = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16]

    /// Modules left for data and error correction once the function patterns are drawn.
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCapacity(_ version: Int) -> Int {
        (rawDataModules(version) / 8 - eccPerBlock[version - 1] * blocks[version - 1]) * 8
    }

    static func bitsNeeded(_ count: Int, _ version: Int) -> Int { 4 + (version < 10 ? 8 : 16) + count * 8 }

    /// Mode, length, the bytes, a terminator and padding, as codewords.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
        }
        append(0b0100, 4)
        append(bytes.count, version < 10 ? 8 : 16)
        for byte in bytes { append(Int(byte), 8) }
        let capacity = dataCapacity(version)
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// Splits the data into blocks, adds each block's error correction, and interleaves them.
    static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let blockCount = blocks[version - 1]
        let eccLength = eccPerBlock[version - 1]
        let raw = rawDataModules(version) / 8
        let shortBlocks = blockCount - raw % blockCount
        let shortLength = raw / blockCount
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var all: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<offset + length])
            offset += length
            let ecc = ReedSolomon.remainder(block, divisor: divisor)
            if index < shortBlocks { block.append(0) }
            all.append(block + ecc)
        }
        var result: [UInt8] = []
        for i in 0..<all[0].count {
            for (j, block) in all.enumerated() where i != shortLength - eccLength || j >= shortBlocks {
                result.append(block[i])
            }
        }
        return result
    }

    // MARK: The grid

    struct Grid {
        let version: Int
        let size: Int
        var modules: [[Bool]]
        var isFunction: [[Bool]]

        init(version: Int) {
            self.version = version
            size = version * 4 + 17
            modules = Array(repeating: Array(repeating: false, count: size), count: size)
            isFunction = modules
        }

        mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y][x] = dark
            isFunction[y][x] = true
        }

        mutating func drawFunctionPatterns() {
            for i in 0..<size {
                set(6, i, i % 2 == 0)
                set(i, 6, i % 2 == 0)
            }
            for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                        let distance = max(abs(dx), abs(dy))
                        set(x + dx, y + dy, distance != 2 && distance != 4)
                    }
                }
            }
            let positions = alignmentPositions
            for (i, x) in positions.enumerated() {
                for (j, y) in positions.enumerated() {
                    let last = positions.count - 1
                    if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                    for dy in -2...2 {
                        for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                    }
                }
            }
            drawFormatBits(mask: 0)  // reserves the area; drawn again once the mask is chosen
            if version >= 7 {
                var remainder = version
                for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
                let bits = version << 12 | remainder
                for i in 0..<18 {
                    let dark = (bits >> i) & 1 == 1
                    let a = size - 11 + i % 3
                    let b = i / 3
                    set(a, b, dark)
                    set(b, a, dark)
                }
            }
        }

        var alignmentPositions: [Int] {
            guard version >= 2 else { return [] }
            let count = version / 7 + 2
            let step = (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
            var result = [6]
            var position = size - 7
            for _ in 0..<(count - 1) {
                result.insert(position, at: 1)
                position -= step
            }
            return result
        }

        /// Level M (format bits 00) and the mask, BCH-protected, in both copies, and the dark module.
        mutating func drawFormatBits(mask: Int) {
            let data = 0 << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (data << 10 | remainder) ^ 0x5412
            func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
            for i in 0...5 { set(8, i, bit(i)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for i in 9..<15 { set(14 - i, 8, bit(i)) }
            for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
            for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
            set(8, size - 8, true)
        }

        /// Two columns at a time from the right, up then down, skipping the vertical timing line.
        mutating func drawCodewords(_ data: [UInt8]) {
            var i = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for j in 0..<2 {
                        let x = right - j
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        if !isFunction[y][x] && i < data.count * 8 {
                            modules[y][x] = (data[i >> 3] >> (7 - (i & 7))) & 1 == 1
                            i += 1
                        }
                    }
                }
                right -= 2
            }
        }

        func masked(_ mask: Int) -> Grid {
            var copy = self
            for y in 0..<size {
                for x in 0..<size where !isFunction[y][x] {
                    let flip: Bool =
                        switch mask {
                        case 0: (x + y) % 2 == 0
                        case 1: y % 2 == 0
                        case 2: x % 3 == 0
                        case 3: (x + y) % 3 == 0
                        case 4: (x / 3 + y / 2) % 2 == 0
                        case 5: x * y % 2 + x * y % 3 == 0
                        case 6: (x * y % 2 + x * y % 3) % 2 == 0
                        default: ((x + y) % 2 + x * y % 3) % 2 == 0
                        }
                    if flip { copy.modules[y][x].toggle() }
                }
            }
            return copy
        }

        /// The standard's penalty rules 1, 2 and 4 (runs, blocks, balance); rule 3 (finder-like
        /// patterns) is left out, which may pick a less than ideal mask but never a wrong one.
        var penalty: Int {
            var total = 0
            for line in 0..<size {
                var rowRun = 1
                var columnRun = 1
                for i in 1..<size {
                    if modules[line][i] == modules[line][i - 1] {
                        rowRun += 1
                    } else {
                        if rowRun >= 5 { total += rowRun - 2 }
                        rowRun = 1
                    }
                    if modules[i][line] == modules[i - 1][line] {
                        columnRun += 1
                    } else {
                        if columnRun >= 5 { total += columnRun - 2 }
                        columnRun = 1
                    }
                }
                if rowRun >= 5 { total += rowRun - 2 }
                if columnRun >= 5 { total += columnRun - 2 }
            }
            var dark = 0
            for y in 0..<size {
                for x in 0..<size {
                    if modules[y][x] { dark += 1 }
                    if x < size - 1, y < size - 1, modules[y][x] == modules[y][x + 1],
                        modules[y][x] == modules[y + 1][x],
                        modules[y][x] == modules[y + 1][x + 1]
                    {
                        total += 3
                    }
                }
            }
            let percent = dark * 100 / (size * size)
            total += abs(percent - 50) / 5 * 10
            return total
        }
    }
}

/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial 0x11D.
enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(i)) & 1) * Int(x)
        }
        return UInt8(z)
    }

    static func divisor(degree: Int) -> [UInt8] {
        var result = Array(repeating: UInt8(0), count: degree - 1) + [1]
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = Array(repeating: UInt8(0), count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for i in 0..<result.count { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }
}
