-- GET /api/v1/journal/public?limit=20: the newest 20 public entries, whoever wrote them.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/journal/public?limit=20"
bench.auth(wrk.headers)
