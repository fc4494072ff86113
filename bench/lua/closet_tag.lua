-- GET /api/v1/closet/items?tag=<marker>&tag=<colour>: a two-tag search over the 500 items (every
-- tag must match; the marker keyword is on one item in ten).
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/closet/items?tag=" .. bench.env("BENCH_CLOSET_TAG", "cashmere") .. "&limit=50"
bench.auth(wrk.headers)
