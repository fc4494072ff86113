-- PUT /api/v1/days/{date}: replaces a seeded entry. Each request another date of the past year
-- (yesterday back to the oldest seeded date, round-robin), so every save is a replace of an
-- existing entry (200, replaced: true) with a new mood, activities and a ~200-character note.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")

function init(args)
   bench.seed_random()
   local days = tonumber(bench.env("BENCH_DAYS", "365"))
   local activities = bench.list("BENCH_ACTIVITIES")
   local headers = bench.auth({ ["Content-Type"] = "application/json" })
   local list = {}
   local offset = (thread_id or 1) * 97
   for i = 1, days - 1 do
      local back = (i + offset - 1) % (days - 1) + 1
      local body = string.format('{"mood":%d,"activityIds":%s,"note":"%s","gratitude":["%s"]}',
         math.random(1, 5), bench.pick(activities, math.random(0, 4)), bench.text(200), bench.text(40))
      list[#list + 1] = wrk.format("PUT", "/api/v1/days/" .. bench.date(back), headers, body)
   end
   bench.prepare(list)
end
