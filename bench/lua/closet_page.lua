-- GET /closet: the closet page (HTML) of the loaded account, 500 items, the first 30 in the grid.
-- It sends a CSRF cookie as a browser does after its first page (without one, every answer would
-- make and set a new token, which a browser asks for once).
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")
request = nil
wrk.method = "GET"
wrk.path = "/closet"
bench.auth(wrk.headers)
wrk.headers["Cookie"] = "daybook_csrf=" .. string.rep("b", 43)
