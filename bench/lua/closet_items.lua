-- GET /api/v1/closet/items: the first page (the default 30) of the loaded account's 500 items, with wears.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/closet/items"
bench.auth(wrk.headers)
