-- GET /media/{id}/small: a photo's 320 px thumbnail, with the bearer token (owner access check,
-- then the file from the content-addressed store). The path comes from BENCH_THUMBNAIL.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = bench.env("BENCH_THUMBNAIL", "/media/missing/small")
bench.auth(wrk.headers)
