-- GET /api/v1/days?limit=50: the newest 50 day teasers.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/days?limit=50"
bench.auth(wrk.headers)
