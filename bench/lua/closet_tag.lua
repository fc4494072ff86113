-- GET /api/v1/closet/items?tag=<marker>: a tag search over the 500 items, first page (every
-- tag must match; the marker keyword is on one item in ten).
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/api/v1/closet/items?tag=" .. bench.env("BENCH_CLOSET_TAG", "cashmere")
bench.auth(wrk.headers)
