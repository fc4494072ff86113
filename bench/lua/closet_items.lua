-- GET /api/v1/closet/items?limit=50: the first page of the loaded account's 500 items, with wears.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/closet/items?limit=50"
bench.auth(wrk.headers)
