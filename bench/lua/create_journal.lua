-- POST /api/v1/journal: a new private entry of ~500 characters with two tags. Every request
-- inserts a row.
dofile((os.getenv("BENCH_LUA_DIR") or "bench/lua") .. "/common.lua")

function init(args)
   bench.seed_random()
   local headers = bench.auth({ ["Content-Type"] = "application/json" })
   local list = {}
   for i = 1, 256 do
      local body = string.format('{"title":"%s","body":"%s","tags":["bench","travel"],"isPublic":false}',
         bench.text(30), bench.text(500))
      list[#list + 1] = wrk.format("POST", "/api/v1/journal", headers, body)
   end
   bench.prepare(list)
end
