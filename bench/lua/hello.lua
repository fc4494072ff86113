-- The ceiling: a constant "hello" on the same router (DAYBOOK_BENCH_ROUTES=1).
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil   -- a static request: wrk builds it once
wrk.method = "GET"
wrk.path = "/bench/hello"
