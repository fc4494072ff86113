-- GET /api/v1/me with the bearer token: session lookup plus the user row.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/me"
bench.auth(wrk.headers)
