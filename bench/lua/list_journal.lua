-- GET /api/v1/journal?limit=20: the newest 20 of the loaded account's journal entries.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/journal?limit=20"
bench.auth(wrk.headers)
