extension String {
    /// The text made safe inside HTML or XML: in element text and in quoted attributes. Pages and
    /// charts (SVG) both escape with this.
    public var markupEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
