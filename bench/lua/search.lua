-- GET /api/v1/search?q=<marker>&limit=20: full-text search (FTS5 or tsvector), 20 ranked hits
-- with highlighted snippets. The marker word (BENCH_SEARCH) is in 200 of the seeded check-ins.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/search?q=" .. bench.env("BENCH_SEARCH", "zanzibarite") .. "&limit=20"
bench.auth(wrk.headers)
