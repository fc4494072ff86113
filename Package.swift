// swift-tools-version:6.1
import PackageDescription

/// Daybook: a self-hosted log of a person's days.
///
/// Targets, from the inside out:
/// - `DaybookCore`: the domain. Foundation only, no I/O, compiles for iOS.
/// - `CVips`, `VipsShim`, `DaybookMedia`: photos through libvips (the shim gives its variadic calls
///   fixed arguments, which Swift can call), and the content-addressed blob store.
/// - `DaybookCharts`: insight charts as SVG, our own small drawing code (Foundation only).
/// - `DaybookStorage`: the storage interfaces and their records.
/// - `DaybookTransfer`: the files that carry a user's data in and out: Daybook's export (a zip of
///   JSON, CSV, Markdown and photos) and the readers of other apps' exports, with their limits.
/// - `DaybookSQLite`, `DaybookPostgres`: one implementation of every interface per database;
///   `SQLiteSearchRank` is the SQLite search's rank function, in C (FTS5 takes only C functions);
///   `SQLiteProcess` sets what SQLite takes once per process (`sqlite3_config`, variadic C);
///   `CSQLite` is SQLite's C interface, for reading a stepped statement's columns in place.
/// - `DaybookServices`: use cases (accounts, days, check-ins) over the storage interfaces.
/// - `DaybookHTTP`: what pages and the API share: request context, authentication, CSRF, headers.
/// - `DaybookAPI`: the OpenAPI contract's server handlers (generated stubs, hand-written glue).
/// - `DaybookClient`: the Swift client generated from the same contract (URLSession).
/// - `DaybookWeb`: server-rendered pages (swift-mustache), CSS and a little JS.
/// - `DaybookApp`: configuration, middleware, `buildApplication`; `MallocTuning` (C) is how the
///   server asks glibc to keep the heap memory every write needs again.
/// - `daybook`: the command (`serve`, `migrate`, admin commands).
let package = Package(
    name: "Daybook",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
        .library(name: "DaybookCore", targets: ["DaybookCore"]),
        .library(name: "DaybookClient", targets: ["DaybookClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/JohnSundell/Ink.git", from: "0.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
    ],
    targets: [
        .target(name: "DaybookCore", resources: [.copy("Validation/common-passwords.txt")]),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(
            name: "VipsShim",
            dependencies: ["CVips"]
        ),
        .target(
            name: "DaybookMedia",
            dependencies: [
                "DaybookCore", "VipsShim",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "DaybookCharts",
            dependencies: ["DaybookCore"]
        ),
        .target(
            name: "DaybookStorage",
            dependencies: ["DaybookCore"]
        ),
        .target(
            name: "DaybookTransfer",
            dependencies: [
                "DaybookCore",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(
            name: "SQLiteSearchRank",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "SQLiteProcess",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .target(
            name: "DaybookSQLite",
            dependencies: [
                "DaybookCore", "DaybookStorage", "CSQLite", "SQLiteSearchRank", "SQLiteProcess",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "DaybookPostgres",
            dependencies: [
                "DaybookCore", "DaybookStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DaybookServices",
            dependencies: [
                "DaybookCore", "DaybookStorage", "DaybookMedia", "DaybookCharts", "DaybookTransfer",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DaybookHTTP",
            dependencies: [
                "DaybookCore", "DaybookServices", "DaybookStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "DaybookAPI",
            dependencies: [
                "DaybookCore", "DaybookStorage", "DaybookServices", "DaybookHTTP", "DaybookMedia", "DaybookCharts",
                "DaybookTransfer",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "DaybookClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .target(
            name: "DaybookWeb",
            dependencies: [
                "DaybookCore", "DaybookStorage", "DaybookServices", "DaybookHTTP", "DaybookMedia", "DaybookCharts",
                "DaybookTransfer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Ink", package: "Ink"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Templates"), .copy("Static")]
        ),
        .target(name: "MallocTuning"),
        .target(
            name: "DaybookApp",
            dependencies: [
                "DaybookCore", "DaybookStorage", "DaybookSQLite", "DaybookPostgres", "MallocTuning",
                "DaybookServices", "DaybookHTTP", "DaybookAPI", "DaybookWeb", "DaybookTransfer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "daybook",
            dependencies: [
                "DaybookApp", "DaybookServices", "DaybookStorage", "DaybookCore", "DaybookMedia",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DaybookTestSupport",
            dependencies: [
                "DaybookCore", "DaybookStorage", "DaybookSQLite", "DaybookPostgres",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/DaybookTestSupport"
        ),
        .target(
            name: "OpenAPIRuntimeReference",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/OpenAPIRuntimeReference"
        ),
        .testTarget(name: "DaybookCoreTests", dependencies: ["DaybookCore"]),
        .testTarget(name: "DaybookMediaTests", dependencies: ["DaybookMedia", "VipsShim"]),
        .testTarget(
            name: "DaybookTransferTests",
            dependencies: [
                "DaybookTransfer", "DaybookCore",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "DaybookStorageTests",
            dependencies: [
                "DaybookCore", "DaybookStorage", "DaybookSQLite", "DaybookPostgres", "DaybookTestSupport",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "DaybookAppTests",
            dependencies: [
                "DaybookApp", "DaybookTransfer", "DaybookCore", "DaybookStorage", "DaybookSQLite", "DaybookPostgres",
                "DaybookServices", "DaybookHTTP", "DaybookAPI", "DaybookClient", "DaybookTestSupport", "DaybookMedia",
                "DaybookWeb", "OpenAPIRuntimeReference",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
)
