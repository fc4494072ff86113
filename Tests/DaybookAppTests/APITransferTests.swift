import DaybookApp
import DaybookMedia
import DaybookStorage
import DaybookTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 18: exports and imports through the API, on both databases, with files made here.
/// (The server's memory while it refuses hostile files is sampled in `test_transfers.py`, against
/// a server process of its own: here other suites share the process.)
@Suite("API: export and import")
struct APITransferTests {
    static let daylioCSV = """
        full_date,date,weekday,time,mood,activities,note_title,note
        2023-01-06,January 6,Friday,21:10,awful,,,"Bad news, ""really"" bad"
        2023-02-30,February 30,Thursday,10:00,rad,,,a day that does not exist
        2023-01-05,January 5,Thursday,8:15 pm,super,work | Reading,Good one,"Two lines
        of note"
        2023-01-05,January 5,Thursday,09:00,rad,walk,,morning
        """

    @Test(arguments: TestDatabase.available)
    func daylioCSVWithARenamedMoodIsPreviewedMappedAndImportedOnce(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("daylio")
            let preview = try await api.importFile(
                Data(Self.daylioCSV.utf8), kind: "daylio-csv", filename: "daylio.csv")
            #expect(preview.status == .created, "\(preview.text)")
            let id = try #require(preview["id"] as? String)
            #expect(preview["status"] as? String == "previewed")
            let shown = try #require(preview["preview"] as? [String: Any])
            #expect(shown["moodNames"] as? [String] == ["awful", "super", "rad"])
            let suggested = try #require(shown["suggestedMoods"] as? [String: Int])
            #expect(suggested == ["awful": 1, "rad": 5], "a renamed mood has no suggestion")
            #expect((shown["found"] as? [String: Any])?["moments"] as? Int == 3)
            let adds = try #require(shown["adds"] as? [String: Any])
            #expect(adds["days"] as? Int == 2 && adds["checkins"] as? Int == 1, "\(adds)")
            #expect(shown["firstDate"] as? String == "2023-01-05" && shown["lastDate"] as? String == "2023-01-06")
            let problems = try #require(shown["problems"] as? [[String: Any]])
            #expect(problems.count == 1)
            #expect(problems.first?["line"] as? Int == 3, "\(problems)")
            #expect((problems.first?["message"] as? String)?.contains("2023-02-30") == true)
            #expect((shown["notes"] as? [String])?.contains { $0.contains("first entry of a day") } == true)
            // Nothing is written by the preview.
            #expect(try await api.get("/days/2023-01-05").status == .notFound)

            // Every mood name needs a value.
            let missing = try await api.post("/imports/\(id)/run", ["moodMapping": ["awful": 1, "rad": 5]])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.errorFields == ["moodMapping.super"])
            let wrong = try await api.post("/imports/\(id)/run", ["moodMapping": ["awful": 1, "rad": 5, "super": 9]])
            #expect(wrong.status == .unprocessableContent && wrong.errorFields == ["moodMapping.super"])

            let run = try await api.post("/imports/\(id)/run", ["moodMapping": ["awful": 1, "rad": 5, "super": 4]])
            #expect(run.status == .accepted && run["status"] as? String == "running", "\(run.text)")
            let done = try await api.finished("/imports/\(id)")
            #expect(done["status"] as? String == "done", "\(done.text)")
            let added = try #require((done["result"] as? [String: Any])?["added"] as? [String: Any])
            #expect(added["days"] as? Int == 2 && added["checkins"] as? Int == 1, "\(added)")
            #expect(
                try await api.post("/imports/\(id)/run", ["moodMapping": ["awful": 1, "rad": 5, "super": 4]]).status
                    == .conflict)

            // The first moment of 5 January (09:00, "rad") is the day; the evening's is a check-in.
            let day = try await api.get("/days/2023-01-05")
            #expect(day["mood"] as? Int == 5 && day["note"] as? String == "morning", "\(day.text)")
            #expect((day["activities"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["walk"])
            let other = try await api.get("/days/2023-01-06")
            #expect(other["mood"] as? Int == 1 && other["note"] as? String == "Bad news, \"really\" bad")
            let checkins = try await api.get("/checkins?from=2023-01-05&to=2023-01-05").items
            #expect(checkins.count == 1)
            let checkin = try #require(checkins.first)
            #expect((checkin["feeling"] as? [String: Any])?["name"] as? String == "super")
            #expect((checkin["activity"] as? [String: Any])?["name"] as? String == "work")
            #expect(checkin["note"] as? String == "Good one\n\nTwo lines\nof note\n\nAlso: Reading")
            #expect(checkin["at"] as? String == "2023-01-05T20:15:00.000000Z", "\(checkin)")
            // “Reading” is the user's own “reading”: no second activity.
            let activities = try await api.get("/activities?includeArchived=true").items
            #expect(activities.filter { ($0["name"] as? String)?.lowercased() == "reading" }.count == 1)

            // The same file again adds nothing.
            let again = try await api.importFile(Data(Self.daylioCSV.utf8), kind: "daylio-csv")
            let againPreview = try #require(again["preview"] as? [String: Any])
            #expect((againPreview["adds"] as? [String: Any])?["days"] as? Int == 0)
            #expect((againPreview["adds"] as? [String: Any])?["checkins"] as? Int == 0)
            #expect(againPreview["alreadyImported"] as? Int == 3)
            let second = try await api.post(
                "/imports/\(try #require(again["id"] as? String))/run",
                ["moodMapping": ["awful": 1, "rad": 5, "super": 4]])
            #expect(second.status == .accepted)
            let secondDone = try await api.finished("/imports/\(try #require(again["id"] as? String))")
            let secondAdded = try #require((secondDone["result"] as? [String: Any])?["added"] as? [String: Any])
            #expect(secondAdded["days"] as? Int == 0 && secondAdded["checkins"] as? Int == 0, "\(secondAdded)")
            #expect(try await api.get("/checkins?from=2023-01-05&to=2023-01-05").items.count == 1)

            // Another user sees none of it.
            let stranger = try await api.register("stranger")
            #expect(try await stranger.get("/imports/\(id)").status == .notFound)
            #expect(try await stranger.post("/imports/\(id)/run", ["moodMapping": [String: Int]()]).status == .notFound)
        }
    }

    @Test(arguments: TestDatabase.available)
    func daylioBackupDayOneAndJournivAreImportedFieldByField(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("mover")

            // Daylio's backup: mood groups suggest values; tags are activities; photos make an entry.
            let backup = try await api.importFile(try TransferFixtures.daylioBackup(), kind: "daylio-backup")
            let backupPreview = try #require(backup["preview"] as? [String: Any], "\(backup.text)")
            #expect(backupPreview["moodNames"] as? [String] == ["rad", "meh-ish"])
            #expect(backupPreview["suggestedMoods"] as? [String: Int] == ["rad": 5, "meh-ish": 3])
            _ = try await api.imported(
                try TransferFixtures.daylioBackup(), kind: "daylio-backup", mapping: ["rad": 5, "meh-ish": 3])
            let day = try await api.get("/days/2023-01-05")
            #expect(day["mood"] as? Int == 3, "the 09:00 entry comes first: \(day.text)")
            #expect((day["activities"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["work"])
            let evening = try #require(try await api.get("/checkins?from=2023-01-05&to=2023-01-05").items.first)
            #expect((evening["feeling"] as? [String: Any])?["name"] as? String == "rad")
            #expect(evening["note"] as? String == "Strong\n\nLong day\nat the gym\n\nAlso: work", "\(evening)")
            let photoEntry = try #require(try await api.get("/journal").items.first)
            #expect(photoEntry["date"] as? String == "2023-01-05")
            #expect((photoEntry["photoIds"] as? [String])?.count == 1)

            // Day One: entries become journal entries, tagged with their journal, with photos and place.
            let dayOne = try await api.imported(try TransferFixtures.dayOne(), kind: "dayone")
            #expect(((dayOne["result"] as? [String: Any])?["added"] as? [String: Any])?["journal"] as? Int == 2)
            let entries = try await api.get("/journal?tag=travel").items
            #expect(entries.count == 2)
            let lake = try #require(entries.first { ($0["body"] as? String)?.contains("Lake day") == true })
            #expect(lake["date"] as? String == "2022-07-02", "22:30 UTC is past midnight in Berlin")
            #expect(lake["body"] as? String == "# Lake day\n\nSwam across.\n\nCold but good!")
            #expect(Set(lake["tags"] as? [String] ?? []) == ["summer", "swim", "travel"])
            #expect(lake["location"] as? String == "Wannsee")
            #expect(lake["latitude"] as? Double == 52.43 && lake["longitude"] as? Double == 13.17)
            #expect((lake["photoIds"] as? [String])?.count == 1)
            #expect(lake["visibility"] as? String == "private")

            // Journiv: the entry is a journal entry, its mood log the day.
            _ = try await api.imported(
                try TransferFixtures.journiv(), kind: "journiv", mapping: ["happy": 4, "low": 2])
            let saturday = try await api.get("/days/2024-03-02")
            #expect(saturday["mood"] as? Int == 4 && saturday["note"] as? String == "sunny", "\(saturday.text)")
            let walk = try #require(try await api.get("/journal?tag=personal").items.first)
            #expect(walk["title"] as? String == "A good Saturday" && walk["body"] as? String == "Walked by the river.")
            #expect(Set(walk["tags"] as? [String] ?? []) == ["walks", "personal"])
            #expect((walk["photoIds"] as? [String])?.count == 1)
        }
    }

    /// A hand-edited export's closet is held to the rules the pages keep: a negative price, an
    /// outfit of items the file does not have and a worn day in the future are left out with a
    /// problem each; the rest comes in, with a category matched by name in another case.
    @Test(arguments: TestDatabase.available)
    func aHandEditedClosetIsImportedInPartWithItsProblemsSaid(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("editor")
            _ = try await api.get("/closet/categories")  // the default list, with "Shoes"
            let item: (String, String, String, Any) -> [String: Any] = { id, name, category, price in
                [
                    "id": id, "name": name, "category": category, "tags": ["Work"], "colors": [], "brand": "",
                    "size": "", "season": "", "notes": "", "priceCents": price, "createdAt": "2024-01-01T10:00:00Z",
                ]
            }
            let boots = "11111111-1111-4111-8111-111111111111"
            let cheap = "22222222-2222-4222-8222-222222222222"
            let unknown = "33333333-3333-4333-8333-333333333333"
            let document: [String: Any] = [
                "format": "daybook-export", "version": 1, "exportedAt": "2024-06-01T10:00:00Z",
                "profile": [
                    "username": "someone", "displayName": "", "bio": "", "timeZone": "UTC", "weekStart": 1,
                    "createdAt": "2024-01-01T10:00:00Z",
                ],
                "vocabulary": [], "people": [], "days": [], "checkins": [], "journal": [],
                "closet": [
                    "categories": ["shoes", "Hats"],
                    "items": [item(boots, "Boots", "SHOES", 8000), item(cheap, "Odd sock", "Hats", -5)],
                    "outfits": [
                        ["id": unknown, "name": "Ghost", "items": [unknown], "createdAt": "2024-01-01T10:00:00Z"]
                    ],
                    "outfitDays": [
                        ["date": "2024-02-01", "status": "worn", "items": [boots, cheap], "note": "Snow"],
                        ["date": TestDates.date(daysFromToday: 3), "status": "worn", "items": [boots], "note": ""],
                    ],
                ],
            ]
            let zip = try TransferFixtures.zip([("daybook.json", TransferFixtures.json(document))])
            let done = try await api.imported(zip, kind: "daybook")
            let result = try #require(done["result"] as? [String: Any], "\(done.text)")
            let added = try #require(result["added"] as? [String: Any])
            #expect(added["closetItems"] as? Int == 1 && added["outfits"] as? Int == 0)
            #expect(added["outfitDays"] as? Int == 1)
            let problems = (result["problems"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            #expect(problems.contains { $0.contains("Odd sock") && $0.contains("below 0") }, "\(problems)")
            #expect(problems.contains { $0.contains("Ghost") && $0.contains("at least one item") }, "\(problems)")
            #expect(problems.contains { $0.contains("can only be planned") }, "\(problems)")

            let categories = try await api.get("/closet/categories").items.compactMap { $0["name"] as? String }
            #expect(categories.filter { $0.lowercased() == "shoes" } == ["Shoes"], "matched, not made again")
            #expect(categories.last == "Hats")
            let items = try await api.get("/closet/items").items
            #expect(items.map { $0["name"] as? String } == ["Boots"])
            #expect(items.first?["tags"] as? [String] == ["work"] && items.first?["wornCount"] as? Int == 1)
            let day = try await api.get("/outfit-calendar/2024-02-01")
            let bootsID = try #require(items.first?["id"] as? String)
            #expect(day["itemIds"] as? [String] == [bootsID], "the left-out item is not on it")
        }
    }

    /// An entry longer than Daybook keeps is split in two; importing it again adds neither part,
    /// and the preview says the file's one entry was imported before.
    @Test(arguments: TestDatabase.available)
    func aSplitEntryImportedTwiceIsPreviewedAsImportedBefore(database: TestDatabase) async throws {
        try await withApp(database) { client, _ in
            let api = try await API(client).register("longhand")
            let long = String(repeating: "word ", count: 12_000)
            let document: [String: Any] = [
                "entries": [["uuid": "L1", "creationDate": "2022-01-01T10:00:00Z", "timeZone": "UTC", "text": long]]
            ]
            let zip = try TransferFixtures.zip([("Long.json", TransferFixtures.json(document))])
            let first = try await api.importFile(zip, kind: "dayone")
            let firstPreview = try #require(first["preview"] as? [String: Any], "\(first.text)")
            #expect((firstPreview["adds"] as? [String: Any])?["journal"] as? Int == 2)
            _ = try await api.imported(zip, kind: "dayone")
            #expect(try await api.get("/journal").items.count == 2)
            let again = try await api.importFile(zip, kind: "dayone")
            let againPreview = try #require(again["preview"] as? [String: Any])
            #expect((againPreview["adds"] as? [String: Any])?["journal"] as? Int == 0, "\(againPreview)")
            #expect(againPreview["alreadyImported"] as? Int == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anExportImportedIntoANewAccountExportsTheSameRecords(database: TestDatabase) async throws {
        try await withMediaApp(database) { client, _, _ in
            let first = try await API(client).register("original")
            let upload = try await first.upload(TransferFixtures.photo)
            let photoID = try #require(upload["id"] as? String)
            let walk = try await first.wordID("activities", "walk")
            let happy = try await first.wordID("feelings", "happy")
            #expect(try await first.post("/activities", ["name": "climbing", "emoji": "🧗"]).status == .created)
            #expect(
                try await first.put(
                    "/days/2024-05-01",
                    [
                        "mood": 4, "activityIds": [walk], "note": "Note, with \"quotes\"\nand lines",
                        "thoughts": "thinking", "gratitude": ["sun"], "photoId": photoID,
                    ]
                ).status == .created)
            #expect(try await first.put("/days/2024-05-02", ["mood": 2]).status == .created)
            #expect(
                try await first.post(
                    "/checkins",
                    ["feelingId": happy, "activityId": walk, "note": "park", "at": "2024-05-01T10:00:00Z"]
                ).status == .created)
            #expect(
                try await first.post(
                    "/journal",
                    [
                        "title": "May", "body": "**Bold** start", "tags": ["spring"], "location": "Home",
                        "photoIds": [photoID], "visibility": "public", "date": "2024-05-01",
                    ]
                ).status == .created)

            // A closet: a category of one's own, an item with a photo and a price, an archived one,
            // an outfit with its own photo, a worn day and a planned one.
            let knits = try #require(try await first.post("/closet/categories", ["name": "Knits"])["id"] as? String)
            let coat = try #require(
                try await first.post(
                    "/closet/items",
                    [
                        "name": "Wool coat", "categoryId": knits, "photoId": photoID, "tags": ["winter-wear", "work"],
                        "colors": ["navy"], "brand": "Acme", "size": "M", "season": "winter",
                        "purchaseDate": "2023-11-02", "price": 120.5, "notes": "Dry clean",
                    ])["id"] as? String)
            let scarf = try #require(
                try await first.post("/closet/items", ["name": "Scarf", "categoryId": knits])["id"] as? String)
            #expect(
                try await first.put("/closet/items/\(scarf)/archive", ["reason": "donated"]).status == .ok)
            let cover = try #require(try await first.upload(TransferFixtures.photo)["id"] as? String)
            let outfit = try #require(
                try await first.post("/outfits", ["name": "Cold day", "itemIds": [coat, scarf], "photoId": cover])[
                    "id"] as? String)
            #expect(
                try await first.put("/outfit-calendar/2024-05-01", ["outfitId": outfit, "note": "Windy"]).status.code
                    < 300)
            let nextWeek = TestDates.date(daysFromToday: 7)
            #expect(
                try await first.put("/outfit-calendar/\(nextWeek)", ["itemIds": [coat], "status": "planned"]).status
                    .code < 300)

            let files = try await first.exported()
            #expect(
                Set(files.keys).isSuperset(of: [
                    "daybook.json", "days.csv", "checkins.csv", "journal.csv", "README.txt",
                ]))
            #expect(files.keys.contains { $0.hasPrefix("photos/") && $0.hasSuffix(".jpg") })
            let markdown = try #require(files.first { $0.key.hasPrefix("journal/2024-05-01-may-") }?.value)
            let text = String(decoding: markdown, as: UTF8.self)
            #expect(
                text.hasPrefix(
                    "---\ndate: 2024-05-01\ntitle: \"May\"\ntags: [\"spring\"]\nplace: \"Home\"\nvisibility: public\n"))
            #expect(text.contains("**Bold** start"))
            let daysCSV = String(decoding: try #require(files["days.csv"]), as: UTF8.self)
            #expect(daysCSV.contains("\"2024-05-01\",\"4\",\"good\",\"walk\",\"Note, with \"\"quotes\"\"\nand lines\""))

            // Someone else can neither see nor fetch it.
            let started = try await first.post("/exports", [String: Any]())
            let exportID = try #require(started["id"] as? String)
            _ = try await first.finished("/exports/\(exportID)")
            let stranger = try await API(client).register("stranger")
            #expect(try await stranger.get("/exports/\(exportID)").status == .notFound)
            #expect(try await stranger.get("/exports/\(exportID)/download").status == .notFound)

            // Into a new account, and out again: the same records.
            let second = try await API(client).register("copy")
            let zip = try await first.get("/exports/\(exportID)/download")
            let imported = try await second.imported(Data(zip.bytes), kind: "daybook")
            let added = try #require((imported["result"] as? [String: Any])?["added"] as? [String: Any])
            #expect(added["days"] as? Int == 2 && added["checkins"] as? Int == 1 && added["journal"] as? Int == 1)
            #expect(added["photos"] as? Int == 2, "the day, the entry and the coat share one photo: one upload")
            #expect(added["closetItems"] as? Int == 2 && added["outfits"] as? Int == 1 && added["outfitDays"] as? Int == 2)
            let again = try await second.exported()
            #expect(try Self.records(files) == Self.records(again))
            #expect(try await second.get("/journal").items.first?["visibility"] as? String == "public")

            // Importing it again adds nothing.
            let twice = try await second.imported(Data(zip.bytes), kind: "daybook")
            let none = try #require((twice["result"] as? [String: Any])?["added"] as? [String: Any])
            #expect(none["days"] as? Int == 0 && none["checkins"] as? Int == 0 && none["journal"] as? Int == 0)
            #expect(none["closetItems"] as? Int == 0 && none["outfits"] as? Int == 0 && none["outfitDays"] as? Int == 0)
            #expect(try await second.get("/closet/items?archived=true").items.count == 1)
            let copied = try #require(try await second.get("/closet/items").items.first)
            #expect(copied["name"] as? String == "Wool coat" && copied["wornCount"] as? Int == 1)
            #expect(copied["lastWorn"] as? String == "2024-05-01" && copied["photoId"] is String)
        }
    }

    /// The records of an export, without what differs between accounts (ids, photo file names,
    /// when it was exported, who the profile is).
    static func records(_ files: [String: Data]) throws -> [String: String] {
        let document = try #require(files["daybook.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        func scrub(_ value: Any) -> Any {
            if let dictionary = value as? [String: Any] {
                var copy: [String: Any] = [:]
                for (key, inner) in dictionary where !["id", "photo", "photos", "createdAt", "updatedAt"].contains(key)
                {
                    copy[key] = scrub(inner)
                }
                if let photos = dictionary["photos"] as? [Any] { copy["photoCount"] = photos.count }
                if dictionary["photo"] is String { copy["hasPhoto"] = true }
                return copy
            }
            if let array = value as? [Any] { return array.map(scrub) }
            return value
        }
        // The closet refers to items and outfits by id: by name instead.
        var closet = object["closet"] as? [String: Any] ?? [:]
        var names: [String: String] = [:]
        for record in (closet["items"] as? [[String: Any]] ?? []) + (closet["outfits"] as? [[String: Any]] ?? []) {
            if let id = record["id"] as? String { names[id] = record["name"] as? String }
        }
        func named(_ records: Any?) -> [[String: Any]] {
            (records as? [[String: Any]] ?? []).map { record in
                var record = record
                if let items = record["items"] as? [String] { record["items"] = items.map { names[$0] ?? "?" } }
                if let outfit = record["outfit"] as? String { record["outfit"] = names[outfit] ?? "?" }
                return record
            }
        }
        for key in ["outfits", "outfitDays"] { closet[key] = named(closet[key]) }
        var records: [String: String] = [:]
        for key in ["vocabulary", "people", "days", "checkins", "journal"] {
            let data = try JSONSerialization.data(withJSONObject: scrub(object[key] ?? []), options: [.sortedKeys])
            records[key] = String(decoding: data, as: UTF8.self)
        }
        let data = try JSONSerialization.data(withJSONObject: scrub(closet), options: [.sortedKeys])
        records["closet"] = String(decoding: data, as: UTF8.self)
        return records
    }

    @Test(arguments: TestDatabase.available)
    func hostileFilesAreRefusedNamingTheFileAndWriteNothing(database: TestDatabase) async throws {
        let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-hostile-\(UUID())")
            .path
        defer { try? FileManager.default.removeItem(atPath: dataDirectory) }
        try await withApp(
            database,
            configure: {
                $0.dataDirectory = dataDirectory
                $0.importMaxMB = 4
            }
        ) { client, _ in
            let api = try await API(client).register("careful")
            let transfers = (dataDirectory as NSString).appendingPathComponent("transfers")
            func refused(
                _ data: Data, kind: String, status: HTTPResponse.Status = .unprocessableContent, saying words: String,
                sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                let answer = try await api.importFile(data, kind: kind)
                #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
                #expect(answer.errorFields == ["file"], "\(answer.text)", sourceLocation: sourceLocation)
                let detail = answer["detail"] as? String ?? ""
                #expect(detail.contains(words), "\(detail)", sourceLocation: sourceLocation)
                let left = (try? FileManager.default.contentsOfDirectory(atPath: transfers)) ?? []
                #expect(left.isEmpty, "nothing kept: \(left)", sourceLocation: sourceLocation)
            }
            try await refused(
                try TransferFixtures.zip([("../../etc/passwd", Data("x".utf8)), ("data.json", Data("{}".utf8))]),
                kind: "journiv", saying: "outside the archive")
            // A zip bomb: a few hundred KB that would unpack to 130 MB.
            let bomb = try ZipBomb.make(megabytes: 130, name: "data.json")
            #expect(bomb.count < 1_000_000)
            try await refused(bomb, kind: "journiv", saying: "once unpacked")
            try await refused(Data(repeating: 0x2C, count: 3_000_000), kind: "daylio-csv", saying: "columns")
            var invalid = Data("full_date,date,weekday,time,mood,activities,note_title,note\n".utf8)
            invalid.append(Data("2023-01-01,x,y,10:00,rad,,,fine\n2023-01-02,x,y,10:00,rad,,,".utf8))
            invalid.append(contentsOf: [0xFF, 0xFE, 0x41, 0x0A])
            try await refused(invalid, kind: "daylio-csv", saying: "line 3")
            try await refused(Data("not,a,daylio\nfile,at,all\n".utf8), kind: "daylio-csv", saying: "not a Daylio CSV")
            try await refused(Data("PK but not a zip".utf8), kind: "dayone", saying: "not a zip")
            try await refused(
                Data("full_date,date,weekday,time,mood,activities,note_title,note\n2023-02-30,x,y,10:00,rad,,,\n".utf8),
                kind: "daylio-csv", saying: "not a date that exists")
            // Larger than the server takes (4 MB here; 1 GB by default): refused as it streams in.
            try await refused(
                Data(repeating: 0x41, count: 6 << 20), kind: "daylio-csv", status: .contentTooLarge,
                saying: "larger than")
            let noFile = try await api.importFile(nil, kind: "daylio-csv")
            #expect(noFile.status == .badRequest && noFile.errorFields == ["file"], "\(noFile.text)")
            let kindMissing = try await api.importFile(Data("x".utf8), kind: "lotus-notes")
            #expect(kindMissing.status == .unprocessableContent && kindMissing.errorFields == ["kind"])
            #expect(try await api.get("/days").items.isEmpty)
        }
    }
}

/// A zip whose one entry is `megabytes` of zeros, deflated to almost nothing.
enum ZipBomb {
    static func make(megabytes: Int, name: String) throws -> Data {
        let chunk = Data(count: 1 << 20)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: url) }
        let archive = try ZIPFoundationArchive.create(url)
        try archive.addEntry(
            with: name, type: .file, uncompressedSize: Int64(megabytes << 20), compressionMethod: .deflate,
            bufferSize: 1 << 20
        ) { _, size in chunk.prefix(size) }
        return try Data(contentsOf: url)
    }
}
