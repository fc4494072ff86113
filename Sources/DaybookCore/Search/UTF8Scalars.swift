/// The Unicode scalar that starts at `index` of valid UTF-8 (a `String`'s own bytes), and how many
/// bytes it takes: what the search's snippets read text by, without `String.Index` stepping.
extension UnsafeBufferPointer<UInt8> {
    func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(self[index])
        switch lead {
        case 0..<0x80:
            return (lead, 1)
        case 0xC0..<0xE0:
            return ((lead & 0x1F) << 6 | continuation(index + 1), 2)
        case 0xE0..<0xF0:
            return ((lead & 0x0F) << 12 | continuation(index + 1) << 6 | continuation(index + 2), 3)
        default:
            return (
                (lead & 0x07) << 18 | continuation(index + 1) << 12 | continuation(index + 2) << 6
                    | continuation(index + 3), 4
            )
        }
    }

    private func continuation(_ index: Int) -> UInt32 { UInt32(self[index]) & 0x3F }
}
