-- GET /api/v1/search?q=<common word>&limit=20: the same search for a word the seed puts in about
-- half of the loaded account's documents (BENCH_SEARCH_COMMON, "work"), and, in the big seed, in
-- most of everyone's: what ranking a user's many matches costs. Informational, no target.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/search?q=" .. bench.env("BENCH_SEARCH_COMMON", "work") .. "&limit=20"
bench.auth(wrk.headers)
