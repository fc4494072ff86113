-- The soak's traffic: every benchmarked operation in turn (reads, lists, search, a thumbnail and
-- the three writes), so memory is measured under the mix a real server sees.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")

function init(args)
   bench.seed_random()
   local get = bench.auth({})
   local post = bench.auth({ ["Content-Type"] = "application/json" })
   local feelings = bench.list("BENCH_FEELINGS")
   local activities = bench.list("BENCH_ACTIVITIES")
   local people = bench.list("BENCH_PEOPLE")
   local checkins = bench.list("BENCH_CHECKIN_IDS")
   local journal = bench.list("BENCH_JOURNAL_IDS")
   local days = tonumber(bench.env("BENCH_DAYS", "365"))
   local thumbnail = bench.env("BENCH_THUMBNAIL", nil)
   local list = {}
   for i = 1, 200 do
      local back = math.random(1, days - 1)
      list[#list + 1] = wrk.format("GET", "/api/v1/me", get)
      list[#list + 1] = wrk.format("GET", "/api/v1/days/" .. bench.date(back), get)
      if #checkins > 0 then list[#list + 1] = wrk.format("GET", "/api/v1/checkins/" .. checkins[math.random(#checkins)], get) end
      if #journal > 0 then list[#list + 1] = wrk.format("GET", "/api/v1/journal/" .. journal[math.random(#journal)], get) end
      list[#list + 1] = wrk.format("GET", "/api/v1/days?limit=50", get)
      list[#list + 1] = wrk.format("GET", "/api/v1/checkins?limit=50", get)
      list[#list + 1] = wrk.format("GET", "/api/v1/journal?limit=20", get)
      list[#list + 1] = wrk.format("GET", "/api/v1/journal/public?limit=20", get)
      list[#list + 1] = wrk.format("GET", "/api/v1/search?q=" .. bench.env("BENCH_SEARCH", "zanzibarite") .. "&limit=20", get)
      if thumbnail then list[#list + 1] = wrk.format("GET", thumbnail, get) end
      list[#list + 1] = wrk.format("PUT", "/api/v1/days/" .. bench.date(back), post,
         string.format('{"mood":%d,"activityIds":%s,"note":"%s"}', math.random(1, 5),
            bench.pick(activities, math.random(0, 3)), bench.text(200)))
      list[#list + 1] = wrk.format("POST", "/api/v1/checkins", post,
         string.format('{"feelingId":"%s","activityId":"%s","personIds":%s,"note":"%s"}',
            feelings[math.random(#feelings)] or "", activities[math.random(#activities)] or "",
            bench.pick(people, math.random(1, 2)), bench.text(math.random(20, 80))))
      if i % 4 == 0 then
         list[#list + 1] = wrk.format("POST", "/api/v1/journal", post,
            string.format('{"title":"%s","body":"%s","tags":["soak"],"isPublic":false}', bench.text(30), bench.text(500)))
      end
   end
   bench.prepare(list)
end
