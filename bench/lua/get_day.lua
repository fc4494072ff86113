-- GET /api/v1/days/{date}: each request another of the seeded dates (yesterday back a year).
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")

function init(args)
   bench.seed_random()
   local days = tonumber(bench.env("BENCH_DAYS", "365"))
   local headers = bench.auth({})
   local list = {}
   for back = 1, days - 1 do
      list[#list + 1] = wrk.format("GET", "/api/v1/days/" .. bench.date(back), headers)
   end
   -- Threads start at different dates.
   local offset = (thread_id or 1) * 97
   local shifted = {}
   for i = 1, #list do shifted[i] = list[(i + offset - 1) % #list + 1] end
   bench.prepare(shifted)
end
