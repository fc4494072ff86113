/// Small line icons, drawn inline so they take the text colour and need no request. Presentation
/// attributes (not `style`), so the Content-Security-Policy allows them.
enum Icons {
    private static func svg(_ body: String) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" aria-hidden=\"true\" focusable=\"false\" "
            + "fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
            + body + "</svg>"
    }

    static func tab(_ tab: Tab) -> String {
        switch tab {
        case .today:
            svg("<circle cx=\"12\" cy=\"12\" r=\"4\"/><path d=\"M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4\"/>")
        case .journal:
            svg("<path d=\"M4 4.5A2.5 2.5 0 0 1 6.5 2H20v18H6.5A2.5 2.5 0 0 0 4 22.5z\"/><path d=\"M4 20V4.5M8 7h8M8 11h6\"/>")
        case .calendar:
            svg("<rect x=\"3\" y=\"4\" width=\"18\" height=\"18\" rx=\"2\"/><path d=\"M16 2v4M8 2v4M3 10h18\"/>")
        case .insights:
            svg("<path d=\"M3 3v18h18\"/><path d=\"M7 15l4-4 3 3 5-6\"/>")
        case .closet:
            svg("<path d=\"M12 6a2 2 0 1 1 2-2c0 1.1-2 1.5-2 3v1\"/><path d=\"M12 8L3 15.5a1 1 0 0 0 .6 1.8h16.8a1 1 0 0 0 .6-1.8z\"/>")
        case .profile:
            svg("<circle cx=\"12\" cy=\"8\" r=\"4\"/><path d=\"M4 21a8 8 0 0 1 16 0\"/>")
        }
    }

    static let logout = svg("<path d=\"M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9\"/>")
}
