-- GET /api/v1/checkins?limit=50: the newest 50 check-ins.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/checkins?limit=50"
bench.auth(wrk.headers)
