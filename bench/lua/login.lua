-- POST /api/v1/auth/login with the loaded account's username and password. Bound by bcrypt at
-- cost 12 (about a quarter of a second of one core per request), so run.py runs it at 1 and 16
-- connections only, for a shorter time, with a long timeout.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "POST"
wrk.path = "/api/v1/auth/login"
wrk.headers["Content-Type"] = "application/json"
wrk.body = string.format('{"login":"%s","password":"%s","deviceName":"wrk"}',
   bench.env("BENCH_LOGIN", "bench_user"), bench.env("BENCH_PASSWORD", ""))
