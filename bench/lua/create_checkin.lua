-- POST /api/v1/checkins: a new check-in now, with a feeling, an activity, one or two people and a
-- short note. Every request inserts a row.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")

function init(args)
   bench.seed_random()
   local feelings = bench.list("BENCH_FEELINGS")
   local activities = bench.list("BENCH_ACTIVITIES")
   local people = bench.list("BENCH_PEOPLE")
   local headers = bench.auth({ ["Content-Type"] = "application/json" })
   local list = {}
   for i = 1, 256 do
      local body = string.format('{"feelingId":"%s","activityId":"%s","personIds":%s,"note":"%s"}',
         feelings[math.random(#feelings)] or "", activities[math.random(#activities)] or "",
         bench.pick(people, math.random(1, 2)), bench.text(math.random(20, 80)))
      list[#list + 1] = wrk.format("POST", "/api/v1/checkins", headers, body)
   end
   bench.prepare(list)
end
