-- GET /closet: the closet page (HTML) of the loaded account, 500 items, the first 60 in the grid.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/closet"
bench.auth(wrk.headers)
